import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';

/*
 * For the tests of screens whose API is answered from memory: the answers, a record of the
 * calls and of the files the screen downloads, and the clean-up after each test.
 */

/** A JSON answer of the API. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A call the screen made; a JSON body arrives parsed, any other (a FormData) as it was sent. */
export interface Chamada {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The API answered from memory: `answer` first, then `padrao` for the calls it leaves
 * (`undefined`); every call is recorded, in order.
 */
export function mockApi(
  answer: (chamada: Chamada) => Response | undefined,
  padrao: (chamada: Chamada) => Response = () => json({}),
): Chamada[] {
  const chamadas: Chamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const chamada = {
        url,
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
      };
      chamadas.push(chamada);
      return answer(chamada) ?? padrao(chamada);
    }),
  );
  return chamadas;
}

/** The names of the files the screen downloads (an object URL clicked as a link), in order. */
export function mockDownloads(): string[] {
  const baixados: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    baixados.push(this.download);
  });
  return baixados;
}

/**
 * For the tests of a file that mock the API: each test's stubs and spies are undone after it,
 * and the notifications it left cleared (their store outlives a test: its queue would hide the
 * next test's messages).
 */
export function withMockedApi() {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    notifications.clean();
  });
}
