import type { Role } from '../auth/auth.constants';

/**
 * A document's transition table (VENDA_TRANSICOES, OS_TRANSICOES…): per status, the statuses it may move to
 * (any role may make those moves), or per move the roles that may make it.
 */
export type Transicoes<S extends string> = Record<
  S,
  readonly S[] | Partial<Record<S, readonly Role[]>>
>;

/** Whether the table has the move at all (for some role). */
export function transicaoExiste<S extends string>(tabela: Transicoes<S>, de: S, para: S): boolean {
  const moves = tabela[de];
  return Array.isArray(moves) ? moves.includes(para) : (moves as Record<S, unknown>)[para] != null;
}

/** Whether `role` may make the move. */
export function transicaoPermitida<S extends string>(
  tabela: Transicoes<S>,
  de: S,
  para: S,
  role: Role,
): boolean {
  const moves = tabela[de];
  if (Array.isArray(moves)) return moves.includes(para);
  return (moves as Partial<Record<S, readonly Role[]>>)[para]?.includes(role) ?? false;
}
