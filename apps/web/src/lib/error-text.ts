import { ApiError, CONNECTION_ERROR_MESSAGE } from './api-client';

const TRY_AGAIN = 'Tente novamente.';

/**
 * The text of a failed action: the screen's own words, then the reason, the server's pt-BR
 * message ("Erro ao excluir grupo: O grupo tem 3 produtos vinculados.") or, when the server was
 * not reached, the connection message (left out when the screen's words already ask to try
 * again). A sentence is followed by a sentence, a phrase by a colon.
 */
export function errorText(base: string, error: unknown): string {
  if (!(error instanceof ApiError)) return base;
  const reason = error.isConnectionFailure
    ? base.endsWith(TRY_AGAIN)
      ? undefined
      : CONNECTION_ERROR_MESSAGE
    : error.serverMessage;
  if (!reason) return base;
  return base.endsWith('.') ? `${base} ${reason}` : `${base}: ${reason}`;
}
