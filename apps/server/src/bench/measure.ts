import autocannon from 'autocannon';
import type { Scenario } from './scenarios';

/** One measured run: throughput, latency percentiles in ms, and answers that were not 2xx. */
export interface Medida {
  reqPorS: number;
  p50: number;
  p99: number;
  erros: number;
}

export const CONNECTIONS = 20;
/**
 * Seconds of the same load run before each measurement and discarded, by the API and the floors
 * alike (loadHttp here; the PGlite floor's loop in floor-pglite.ts): a floor warmed for less than
 * the API would be measured colder, and the ratio between them would flatter the API.
 */
export const WARM_UP_SECONDS = 5;

/**
 * Waits for the requests a run left behind. Autocannon stops at the deadline with 20 requests in
 * flight, and the server still answers them: on PGlite (one connection, a few hundred ms per
 * sale) that backlog would open the next run, which could then see no answer at all. One more
 * request that touches the database queues behind them and answers when they are done.
 */
async function settle(baseUrl: string, token: string) {
  await fetch(`${baseUrl}/api/produtos/search?q=zz`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((response) => response.text());
}

/**
 * Loads a server (the API or the PostgreSQL floor) with one scenario's requests: 20 connections
 * for `seconds`, after WARM_UP_SECONDS of the same load (discarded): a shop's server runs for
 * days, and a new process's first seconds are slower (the JIT, the first touch of fresh memory,
 * each pooled connection preparing its statements). On a 2-core VM a counter sale still got
 * faster through its first 20 s or so; one second of warm-up measured mostly that.
 */
export async function loadHttp(
  baseUrl: string,
  scenario: Scenario,
  token: string,
  seconds: number,
): Promise<Medida> {
  const run = (duration: number) =>
    autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [
        {
          method: scenario.method,
          // Called before every request: a new id, term or product each time.
          setupRequest: (request) => ({ ...request, ...scenario.next() }),
        },
      ],
    });
  await run(WARM_UP_SECONDS);
  await settle(baseUrl, token);
  const result = await run(seconds);
  await settle(baseUrl, token);
  return {
    reqPorS: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    erros: result.non2xx + result.errors + result.timeouts,
  };
}

/** The value below which the given share of the sorted samples fall. */
export function percentile(sorted: number[], share: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}
