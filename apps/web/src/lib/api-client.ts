import type { ApiErrorBody, ApiErrorCode } from '@prumo/shared/http';

export const CONNECTION_ERROR_MESSAGE = 'Erro de conexão. Tente novamente.';

/**
 * What an ApiError's code can be: the API's business code (API_ERRORS in shared), or the
 * client's own for a network failure, an answer that was not JSON, or one with no code.
 */
export type ClientErrorCode = ApiErrorCode | 'NETWORK_ERROR' | 'PARSE_ERROR' | 'HTTP_ERROR';

/**
 * An error answer of the API. Status 0 is a network failure; code PARSE_ERROR an answer that was
 * not JSON. `serverMessage` is the server's own pt-BR message, when it sent one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly code: ClientErrorCode = 'NETWORK_ERROR',
    readonly fields: Record<string, string> = {},
  ) {
    super(serverMessage ?? CONNECTION_ERROR_MESSAGE);
    this.name = 'ApiError';
  }

  /** True when the server was not reached or did not answer in JSON. */
  get isConnectionFailure(): boolean {
    return this.status === 0 || this.code === 'PARSE_ERROR';
  }
}

let currentToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

/** The session wires these: the token sent with every call, and what a 401 does (sign out). */
export function configureApiClient(options: {
  token: string | null;
  onUnauthorized: (() => void) | null;
}): void {
  currentToken = options.token;
  onUnauthorized = options.onUnauthorized;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in calls go without the token and a 401 there is just a wrong password. */
  anonymous?: boolean;
  /**
   * Sent as Idempotency-Key: a retry with the same key and body is answered with the first
   * result instead of being applied twice (documents that move stock or money).
   */
  idempotencyKey?: string;
}

/**
 * Sends the call with the session's token and answers the response; an error answer throws
 * ApiError with the server's pt-BR message, code and field messages.
 */
async function call(path: string, options: ApiRequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isFormData = options.body instanceof FormData;
  if (options.body !== undefined && !isFormData) headers['Content-Type'] = 'application/json';
  if (!options.anonymous && currentToken) headers.Authorization = `Bearer ${currentToken}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : isFormData
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, undefined);
  }

  if (response.status === 401 && !options.anonymous) onUnauthorized?.();
  if (!response.ok) {
    let body: Partial<ApiErrorBody>;
    try {
      body = (await response.json()) as Partial<ApiErrorBody>;
    } catch {
      throw new ApiError(response.status, undefined, 'PARSE_ERROR');
    }
    throw new ApiError(
      response.status,
      body.message,
      body.error ?? 'HTTP_ERROR',
      body.fields ?? {},
    );
  }
  return response;
}

/** The JSON of a successful answer (nothing for 204). */
async function json(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  try {
    return await response.json();
  } catch {
    throw new ApiError(response.status, undefined, 'PARSE_ERROR');
  }
}

/** Calls /api<path> with JSON in and out; throws ApiError with the server's pt-BR message. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await json(await call(path, options))) as T;
}

async function page<T>(response: Response): Promise<{ items: T[]; total: number }> {
  return {
    items: (await json(response)) as T[],
    total: Number(response.headers.get('x-total-count') ?? 0),
  };
}

/** One page of a server-paged list: its rows and the filter's total (X-Total-Count). */
export async function apiPage<T>(
  path: string,
  signal?: AbortSignal,
): Promise<{ items: T[]; total: number }> {
  return page<T>(await call(path, { signal }));
}

/**
 * A page as apiPage reads it, plus a sum the server computed over the whole filter, not just
 * this page (a header such as X-Total-Saldo, in reais with a decimal point).
 */
export async function apiPageComSoma<T>(
  path: string,
  header: string,
  signal?: AbortSignal,
): Promise<{ items: T[]; total: number; soma: number }> {
  const response = await call(path, { signal });
  return { ...(await page<T>(response)), soma: Number(response.headers.get(header) ?? 0) };
}

/** GET /api<path> as a Blob (files, PDFs), with the session's token. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await call(path, { signal })).blob();
}

/** The file name of a Content-Disposition header (filename*=UTF-8'' or filename=), or null. */
export function nomeDoArquivo(disposition: string | null): string | null {
  if (!disposition) return null;
  const estendido = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (estendido) {
    try {
      return decodeURIComponent(estendido[1]!.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const simples = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  return (simples?.[1] ?? simples?.[2]?.trim()) || null;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /**
   * Called once the headers arrive (0 bytes) and after each chunk of the body: a long export
   * streamed by the server shows how far it got.
   */
  onProgress?: (bytes: number, headers: Headers) => void;
}

/**
 * GET /api<path> as a file read chunk by chunk: the Blob, its name from Content-Disposition and
 * the answer's headers. Aborting the signal stops the download (AbortError), also mid-body.
 */
export async function apiDownload(
  path: string,
  { signal, onProgress }: DownloadOptions = {},
): Promise<{ blob: Blob; fileName: string | null; headers: Headers }> {
  const response = await call(path, { signal });
  const { headers } = response;
  const tipo = headers.get('content-type') ?? '';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress?.(0, headers);
  const reader = response.body?.getReader();
  if (reader) {
    // A read pending when the user cancels ends at once (not every fetch ties the body to it).
    const parar = () => void reader.cancel().catch(() => undefined);
    signal?.addEventListener('abort', parar);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || signal?.aborted) break;
        chunks.push(value);
        bytes += value.byteLength;
        onProgress?.(bytes, headers);
      }
    } finally {
      signal?.removeEventListener('abort', parar);
    }
    signal?.throwIfAborted();
  } else {
    chunks.push(new Uint8Array(await response.arrayBuffer()));
  }
  return {
    blob: new Blob(chunks, { type: tipo }),
    fileName: nomeDoArquivo(headers.get('content-disposition')),
    headers,
  };
}

/**
 * POST /api<path> with a JSON body, answered by a file (a generated PDF): the Blob and the
 * answer's headers. Errors come as ApiError with the server's pt-BR message, like apiRequest.
 */
export async function apiPostBlob(
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await call(path, { method: 'POST', body, signal });
  return { blob: await response.blob(), headers: response.headers };
}

/**
 * A fresh Idempotency-Key: 128 random bits in hex. (crypto.randomUUID exists only on HTTPS or
 * localhost; a shop on its LAN may open the app over plain HTTP.)
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
