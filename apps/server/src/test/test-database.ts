import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  newPool,
  migrationsFolder,
  openPostgresDatabase,
  pgliteOptions,
  wrapPglite,
  wrapPool,
  type DatabaseHandle,
} from '../db/database';
import { avisosPglite, avisosPostgres } from '../db/avisos';
import { seedDemoData } from '../seed/demo';

/**
 * API tests run each test file on a fresh database: PGlite by default, PostgreSQL when the
 * vitest project sets TEST_DB=postgres (TEST_DATABASE_URL given). A migrated and seeded template
 * is built once per run (global setup) and copied per file, which is several times faster than
 * migrating every file.
 */
export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL não definida para os testes em PostgreSQL.');
  return url;
}

function urlForDatabase(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Builds the template; returns what each test file needs to copy it. */
export async function createTemplate(kind: TestDatabaseKind): Promise<string> {
  if (kind === 'pglite') {
    const client = new PGlite(pgliteOptions);
    const db = wrapPglite(client);
    await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    await seedDemoData(db);
    const dump = await client.dumpDataDir('none');
    await client.close();
    const file = path.join(os.tmpdir(), `prumo-test-template-${process.pid}-${Date.now()}.tar`);
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  }
  const name = `prumo_template_${process.pid}_${Date.now()}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const handle = await openPostgresDatabase(urlForDatabase(name));
  await seedDemoData(handle.db);
  await handle.close();
  return name;
}

export async function dropTemplate(kind: TestDatabaseKind, template: string): Promise<void> {
  if (kind === 'pglite') {
    await fs.rm(template, { force: true });
    return;
  }
  await withAdminClient((client) =>
    client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`),
  );
}

/** A fresh database for one test file, copied from the template. */
export async function openTestDatabase(
  kind: TestDatabaseKind,
  template: string,
): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const data = await fs.readFile(template);
    const client = new PGlite({ ...pgliteOptions, loadDataDir: new Blob([data]) });
    await client.waitReady;
    return {
      db: wrapPglite(client),
      kind,
      avisos: avisosPglite(client),
      checkpoint: async () => {
        await client.exec('CHECKPOINT');
      },
      close: () => client.close(),
    };
  }
  const name = `prumo_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const pool = newPool(urlForDatabase(name), 25);
  return {
    db: wrapPool(pool),
    kind,
    avisos: avisosPostgres(urlForDatabase(name)),
    checkpoint: async () => {},
    async close() {
      // pool.end() resolves before the connections have closed; dropping the database while
      // they close terminates them (FATAL 57P01, reported as unhandled errors). Wait for them.
      let open = pool.totalCount;
      const closed = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => {
          open -= 1;
          if (open === 0) resolve();
        });
      });
      await pool.end();
      await closed;
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
