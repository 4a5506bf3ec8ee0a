import { useRef } from 'react';
import { newIdempotencyKey } from './api-client';

/**
 * One Idempotency-Key per body: every try of the same body sends the same key (a retried create
 * is applied once); a changed body is a new request with a new key.
 */
export function useChavePorCorpo(): (dados: unknown) => string {
  const tentativa = useRef<{ corpo: string; chave: string } | null>(null);
  return (dados) => {
    const corpo = JSON.stringify(dados);
    if (tentativa.current?.corpo !== corpo) {
      tentativa.current = { corpo, chave: newIdempotencyKey() };
    }
    return tentativa.current.chave;
  };
}
