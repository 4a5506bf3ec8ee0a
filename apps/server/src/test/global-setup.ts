import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate, type TestDatabaseKind } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // Project env reaches the test workers, not this process: read it from the project config.
  const kind: TestDatabaseKind = project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const template = await createTemplate(kind);
  project.provide('databaseTemplate', template);
  return () => dropTemplate(kind, template);
}
