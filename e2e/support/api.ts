import { expect } from 'vitest';
import { baseURL } from './browser';

/** Polls until the value matches: screens answer from the server. */
export const aguardar = <T>(valor: () => Promise<T> | T) => expect.poll(valor, { timeout: 15_000 });

/** JSON from the API with a session's token (apiToken); fails the test on an error answer. */
export async function apiJson<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  expect(response.ok, `${init.method ?? 'GET'} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}
