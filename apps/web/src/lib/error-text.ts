import { ApiError, CONNECTION_ERROR_MESSAGE } from './api-client';

const TRY_AGAIN = 'Tente novamente.';

/**
 * The text of a failed action: the screen's own words, then the reason: the server's pt-BR
 * message when it refused the request (4xx: "Erro ao excluir grupo: O grupo tem 3 produtos
 * vinculados."), or the connection message when it was not reached (left out when the screen's
 * words already ask to try again). A server failure (5xx) says nothing more than the screen's
 * words. A sentence is followed by a sentence, a phrase by a colon.
 */
export function errorText(base: string, error: unknown): string {
  if (!(error instanceof ApiError)) return base;
  const refused = error.status >= 400 && error.status < 500;
  const reason = error.isConnectionFailure
    ? base.endsWith(TRY_AGAIN)
      ? undefined
      : CONNECTION_ERROR_MESSAGE
    : refused
      ? error.serverMessage
      : undefined;
  if (!reason) return base;
  return base.endsWith('.') ? `${base} ${reason}` : `${base}: ${reason}`;
}
