import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/test-database';
import { prepareWritesOn } from './prepared-writes';

// The statements a transaction runs are prepared once per connection; reads outside stay
// unnamed (planned for their actual values), and a connection names a bounded number of texts.
describe.skipIf(testDatabaseKind() !== 'postgres')('prepared writes (PostgreSQL)', () => {
  let client: pg.Client;
  const prepared = async () =>
    (
      await client.query<{ statement: string }>(
        `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'w\\_%' ORDER BY statement`,
      )
    ).rows.map((row) => row.statement);

  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    prepareWritesOn(client);
  });
  afterAll(() => client.end());

  it('names what runs between BEGIN and COMMIT, once, and nothing outside', async () => {
    await client.query({ text: 'SELECT $1::int AS fora', values: [1] });
    await client.query('BEGIN');
    for (const value of [1, 2, 3]) {
      await client.query({ text: 'SELECT $1::int AS dentro', values: [value] });
    }
    expect((await client.query('SELECT $1::int AS dentro_tambem', [4])).rows).toEqual([
      { dentro_tambem: 4 },
    ]);
    await client.query('COMMIT');
    await client.query({ text: 'SELECT $1::int AS depois', values: [5] });
    expect(await prepared()).toEqual(['SELECT $1::int AS dentro']);
  });

  it('keeps the prepared statements across a rolled-back transaction', async () => {
    await client.query('BEGIN');
    await expect(
      client.query({ text: 'SELECT 1 / $1::int AS falha', values: [0] }),
    ).rejects.toThrow(/division by zero/);
    await client.query('ROLLBACK');
    await client.query('BEGIN');
    const { rows } = await client.query({ text: 'SELECT 1 / $1::int AS falha', values: [1] });
    await client.query('COMMIT');
    expect(rows).toEqual([{ falha: 1 }]);
    expect(await prepared()).toContain('SELECT 1 / $1::int AS falha');
  });

  it('names at most 200 texts per connection and runs the rest unnamed', async () => {
    await client.query('BEGIN');
    for (let k = 0; k < 250; k++) {
      await client.query({ text: `SELECT $1::int + ${k} AS n`, values: [k] });
    }
    await client.query('COMMIT');
    expect((await prepared()).length).toBe(200);
  });
});
