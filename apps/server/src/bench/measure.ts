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
 * for `seconds`, after one second of warm-up (discarded) so the JIT and the pool are warm.
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
  await run(1);
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
