import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Role } from '@prumo/shared/auth';
import { transicaoExiste, transicaoPermitida, type Transicoes } from '@prumo/shared/transicoes';
import { AppError, forbidden, notFound } from '../http/errors';
import type { Transaction } from './database';

/*
 * One helper for every document whose status moves (sales, service orders, quotes; the fiscal
 * notes and contracts to come): lock the row (SELECT … FOR UPDATE), check the move against the
 * document's transition table in packages/shared with the caller's role, write the row and its
 * history line, re-read. The audit trail needs nothing more: the caller's transaction
 * (comAuditoria) names the author and the database's trigger records the row's change.
 */

/** A document's table: an id and the updated_at a status change stamps (db/columns timestamps). */
type TabelaDeDocumento = PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn };

export interface DocumentoDef<
  T extends TabelaDeDocumento,
  K extends keyof T & keyof T['$inferInsert'] & string,
  H extends PgTable,
> {
  tabela: T;
  /** The key of its status column (status, situacao). */
  status: K;
  /** The 404's message. */
  naoEncontrado: string;
  transicoes: Transicoes<T['$inferSelect'][K] & string>;
  /** A move the table does not have: TRANSICAO_INVALIDA with this message on the `status` field. */
  transicaoInvalida(de: T['$inferSelect'][K], para: T['$inferSelect'][K]): string;
  /** A move the table has, but not for the caller's role: 403 with this message. */
  semPermissao?: string;
  historico: {
    tabela: H;
    /** The history line of a move (`observacao` is the caller's note or reason). */
    linha(
      documentoId: number,
      status: T['$inferSelect'][K],
      usuarioId: number,
      observacao: string | null,
    ): H['$inferInsert'];
  };
}

/** Who asks for a move: the author of the history line, and the role the table checks. */
export interface Solicitante {
  id: number;
  role: Role;
}

/** The locked row: its id and status, and the columns asked for. */
export type Travado<S, C extends SelectedFields> = {
  id: number;
  status: S;
} & SelectResultFields<C>;

/** The helper of one kind of document (see the comment at the top). */
export function documentoComStatus<
  T extends TabelaDeDocumento,
  K extends keyof T & keyof T['$inferInsert'] & string,
  H extends PgTable,
>(def: DocumentoDef<T, K, H>) {
  type S = T['$inferSelect'][K] & string;
  const { tabela } = def;
  const colunaStatus = tabela[def.status] as unknown as AnyPgColumn;

  /** Locks the row for a write and reads its id, status and `colunas`; 404 when there is none. */
  async function travar<C extends SelectedFields = Record<never, never>>(
    tx: Transaction,
    id: number,
    colunas?: C,
  ): Promise<Travado<S, C>> {
    const [row] = await tx
      .select({ ...colunas, id: tabela.id, status: colunaStatus } as SelectedFields)
      .from(tabela as PgTable)
      .where(eq(tabela.id, id))
      .for('update');
    if (!row) throw notFound(def.naoEncontrado);
    return row as Travado<S, C>;
  }

  /** Refuses a move the table does not allow the role: 403 or TRANSICAO_INVALIDA. */
  function exigirTransicao(de: S, para: S, role: Role): void {
    if (transicaoPermitida(def.transicoes, de, para, role)) return;
    if (def.semPermissao && transicaoExiste(def.transicoes, de, para)) {
      throw forbidden(def.semPermissao);
    }
    const message = def.transicaoInvalida(de, para);
    throw new AppError('TRANSICAO_INVALIDA', message, { [def.status]: message });
  }

  /** Writes one line of the document's history. */
  async function registrarHistorico(
    tx: Transaction,
    documentoId: number,
    status: S,
    usuarioId: number,
    observacao: string | null,
  ): Promise<void> {
    await tx
      .insert(def.historico.tabela)
      .values(def.historico.linha(documentoId, status, usuarioId, observacao));
  }

  /**
   * A status change: lock, check the move, let `antes` check and post what the move causes
   * (answering more columns to set), write the row and the history line, then `reler` answers.
   */
  async function alterarStatus<R, C extends SelectedFields = Record<never, never>>(
    tx: Transaction,
    id: number,
    mudanca: {
      para: S;
      por: Solicitante;
      observacao: string | null;
      /** More of the row to read with the lock. */
      colunas?: C;
      /** The status the move starts from when it is derived (a quote past its validity). */
      statusAtual?: (atual: Travado<S, C>) => S;
      /** The move's own checks and effects, before the row changes; more columns to set. */
      antes?: (atual: Travado<S, C>) => Promise<PgUpdateSetSource<T> | void>;
      /** The answer, once the row and its history are written. */
      reler: (atual: Travado<S, C>) => Promise<R>;
    },
  ): Promise<R> {
    const travado = await travar(tx, id, mudanca.colunas);
    const atual = mudanca.statusAtual
      ? { ...travado, status: mudanca.statusAtual(travado) }
      : travado;
    exigirTransicao(atual.status, mudanca.para, mudanca.por.role);
    const mais = (await mudanca.antes?.(atual)) ?? {};
    await tx
      .update(tabela)
      .set({ ...mais, [def.status]: mudanca.para, updatedAt: sql`now()` } as PgUpdateSetSource<T>)
      .where(eq(tabela.id, id));
    await registrarHistorico(tx, id, mudanca.para, mudanca.por.id, mudanca.observacao);
    return mudanca.reler(atual);
  }

  return { travar, exigirTransicao, registrarHistorico, alterarStatus };
}
