import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { prepareWritesOn } from './prepared-writes';
import { avisosPglite, avisosPostgres, type Avisos } from './avisos';

/**
 * The Drizzle database, whichever driver is behind it. Repositories query their module's tables
 * directly (no relational schema), so a new module's tables need no registration here; drizzle-kit
 * finds them by their file name (*.table.ts).
 */
type NoSchema = Record<string, never>;
/** Column names in the database: the schema's camelCase keys in snake_case. */
export const CASING = 'snake_case';

export type Database = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  NoSchema,
  ExtractTablesWithRelations<NoSchema>
>;
/** Repository functions take either, so they can run inside a caller's transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** NOTIFY heard by this process (the session cache's way to learn of ended sessions). */
  avisos: Avisos;
  /** Writes what is in the log to the data files, so a restart after a crash replays less. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite loads extensions at start (the migrations create them in the database) and, like
 * node-postgres below, reads numeric and bigint columns as numbers.
 */
export const pgliteOptions = {
  extensions: { unaccent, pg_trgm },
  parsers: { 1700: Number, 20: Number },
};

/** Finds the committed migrations folder whether running from src/ (tsx, tests) or dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Pasta de migrações (drizzle/) não encontrada.');
}

export function wrapPglite(client: PGlite): Database {
  return drizzlePglite({ client, casing: CASING }) as unknown as Database;
}

/** The app's PostgreSQL pool: statements inside transactions are prepared (prepared-writes). */
export function newPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('connect', prepareWritesOn);
  return pool;
}

export function wrapPool(pool: pg.Pool): Database {
  return drizzleNodePg({ client: pool, casing: CASING }) as unknown as Database;
}

// node-postgres returns numeric columns as strings by default; bigint counts too. Money and
// quantities fit a double exactly at numeric(14,2)/(14,3), so they are parsed to numbers once here.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const ANALYZE_INTERVAL_MS = 60 * 60_000;
const ANALYZE_DELAY_MS = 3_000;
/**
 * PGlite runs PostgreSQL in single-user mode, with no checkpointer process: without these the
 * log would grow from one start to the next and a restart after a crash would replay all of it.
 */
const CHECKPOINT_INTERVAL_MS = 60_000;

export async function openEmbeddedDatabase(dataDir: string): Promise<DatabaseHandle> {
  const unlock = lockDataDir(dataDir);
  try {
    const client = new PGlite(path.join(dataDir, 'pgdata'), pgliteOptions);
    await client.waitReady;
    const db = wrapPglite(client);
    await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    // PGlite has no autovacuum, so table statistics would stay empty and the planner would skip
    // indexes: refresh them shortly after start (in the background, so a restart answers at
    // once; a big database takes a while) and every hour.
    const analyze = () =>
      client.exec('ANALYZE').catch((error: unknown) => console.error('ANALYZE falhou', error));
    const firstAnalyze = setTimeout(analyze, ANALYZE_DELAY_MS);
    firstAnalyze.unref();
    const analyzeTimer = setInterval(analyze, ANALYZE_INTERVAL_MS);
    analyzeTimer.unref();
    const checkpoint = async () => {
      await client.exec('CHECKPOINT');
    };
    const checkpointTimer = setInterval(
      () => checkpoint().catch((error: unknown) => console.error('CHECKPOINT falhou', error)),
      CHECKPOINT_INTERVAL_MS,
    );
    checkpointTimer.unref();
    return {
      db,
      kind: 'pglite',
      avisos: avisosPglite(client),
      checkpoint,
      async close() {
        clearTimeout(firstAnalyze);
        clearInterval(analyzeTimer);
        clearInterval(checkpointTimer);
        try {
          // PGlite does not fsync on its own: checkpoint so the files on disk are complete.
          await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Serialises migrations when several app instances start against one PostgreSQL at once. */
const MIGRATION_LOCK_ID = 4_815_162_342;

export async function openPostgresDatabase(connectionString: string): Promise<DatabaseHandle> {
  const pool = newPool(connectionString);
  const db = wrapPool(pool);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(db as never, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    lockClient.release();
    await pool.end();
    throw error;
  }
  await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  lockClient.release();
  // PostgreSQL's own checkpointer bounds its recovery.
  return {
    db,
    kind: 'postgres',
    avisos: avisosPostgres(connectionString),
    checkpoint: async () => {},
    close: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgresDatabase(options.databaseUrl)
    : openEmbeddedDatabase(options.dataDir);
}
