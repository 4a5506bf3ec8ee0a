import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from '../db/database';
import { answerFloor, toObjects, type Piso, type Runner } from './floor-queries';
import { percentile, WARM_UP_SECONDS, type Medida } from './measure';
import type { Scenario } from './scenarios';

/*
 * The PGlite floor: the engine's own loop. PGlite is one connection on one thread, so the
 * server's 20 connections take turns on it anyway; the floor runs each scenario's statements
 * (floor-queries.ts: the real floor's or the old one's) back to back, with no HTTP, on a PGlite
 * instance opened on a copy of the benchmark's data (the server holds the original), in the
 * benchmark's process while the server is idle: sequences per second, and each sequence's time
 * (at concurrency 1, so its p50/p99 are not queueing times).
 */

function pgliteRunner(db: Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>): Runner {
  return {
    async query(text, params) {
      const result = await db.query<unknown[]>(text, params, { rowMode: 'array' });
      return toObjects(result.fields, result.rows);
    },
    // As drizzle's PGlite transaction: PGlite's own BEGIN … COMMIT.
    transaction: (work) => db.transaction!((tx) => work(pgliteRunner(tx))),
  };
}

export async function openPgliteFloor(pgdataDir: string) {
  const client = new PGlite(pgdataDir, pgliteOptions);
  await client.waitReady;
  const db = pgliteRunner(client);

  /** Runs the scenario back to back for `seconds`: each sequence's time, and the failures. */
  async function loop(scenario: Scenario, token: string, seconds: number, piso: Piso) {
    const times: number[] = [];
    let erros = 0;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      const before = performance.now();
      const request = { ...scenario.next(), method: scenario.method, token };
      const answer = await answerFloor(db, request, piso);
      times.push(performance.now() - before);
      if (answer.status >= 300) erros++;
    }
    return { times, erros, elapsed: (performance.now() - started) / 1000 };
  }

  async function measure(
    scenario: Scenario,
    token: string,
    seconds: number,
    piso: Piso,
  ): Promise<Medida> {
    await loop(scenario, token, WARM_UP_SECONDS, piso); // the same warm-up as the API's (loadHttp)
    const { times, erros, elapsed } = await loop(scenario, token, seconds, piso);
    times.sort((a, b) => a - b);
    const ms = (value: number) => Math.round(value * 10) / 10;
    return {
      reqPorS: Math.round(times.length / elapsed),
      p50: ms(percentile(times, 0.5)),
      p99: ms(percentile(times, 0.99)),
      erros,
    };
  }

  return { measure, close: () => client.close() };
}
