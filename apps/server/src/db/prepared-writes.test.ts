import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/test-database';
import { prepareWritesOn } from './prepared-writes';
import { settingsPending, withTransactionSettings } from './transaction-settings';

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

  it("sends a transaction's pending settings with its BEGIN, quoted, local to it", async () => {
    const nome = "Zé D'Ávila \\ 'x'";
    const sent: string[] = [];
    const lidos = await withTransactionSettings({ 'prumo.usuario_nome': nome }, async () => {
      const spy = client.connection.stream;
      const write = spy.write.bind(spy);
      spy.write = ((chunk: Buffer, ...rest: never[]) => {
        sent.push(chunk.toString('latin1'));
        return write(chunk, ...rest);
      }) as typeof spy.write;
      try {
        await client.query('BEGIN');
      } finally {
        spy.write = write;
      }
      const falta = settingsPending();
      const { rows } = await client.query<{ nome: string }>(
        `SELECT current_setting('prumo.usuario_nome') AS nome`,
      );
      await client.query('COMMIT');
      return { falta, nome: rows[0]!.nome };
    });
    expect(lidos).toEqual({ falta: {}, nome });
    expect(sent).toHaveLength(1);
    const { rows } = await client.query(`SELECT current_setting('prumo.usuario_nome', true) AS n`);
    expect(rows[0].n ?? '').toBe('');
  });

  it('leaves the settings to the transaction when its BEGIN did not carry them', async () => {
    const pendentes = await withTransactionSettings({ 'prumo.usuario_id': '7' }, async () => {
      const primeiro = settingsPending();
      return [primeiro, settingsPending()];
    });
    expect(pendentes).toEqual([{ 'prumo.usuario_id': '7' }, {}]);
  });
  it('hands pg one query at a time, in the order they came, past a failed one', async () => {
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      // Counts the queries pg holds at once (its own queue is deprecated: pg 9 drops it).
      const handed = other.query.bind(other) as (...args: unknown[]) => Promise<unknown>;
      let holding = 0;
      let most = 0;
      other.query = ((...args: unknown[]) => {
        most = Math.max(most, ++holding);
        return handed(...args).finally(() => holding--);
      }) as typeof other.query;
      prepareWritesOn(other);

      const answers = await Promise.allSettled(
        [1, 2, 0, 4].map((value) =>
          other.query<{ n: number }>({ text: 'SELECT 4 / $1::int AS n', values: [value] }),
        ),
      );
      expect(most).toBe(1);
      expect(
        answers.map((answer) =>
          answer.status === 'fulfilled' ? answer.value.rows[0]!.n : 'falhou',
        ),
      ).toEqual([4, 2, 'falhou', 1]);
    } finally {
      await other.end();
    }
  });
});
