import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CAIXA_MESSAGES,
  esperadoDoCaixa,
  FORMAS_CAIXA,
  type Caixa,
  type CaixaAbertura,
  type CaixaFechamento,
  type CaixaListQuery,
  type CaixaMovimentoInput,
  type CaixaResumo,
} from '@prumo/shared/caixas';
import { ADMIN_MANAGER, hasRole } from '@prumo/shared/auth';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import type { FormaPagamento } from '@prumo/shared/vendas';
import type { Executor, Transaction } from '../../db/database';
import { PG_ERROR, pgErrorCode } from '../../db/pg-errors';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { AuthenticatedUser } from '../../http/authenticated-user';
import { nomesDeUsuarios } from '../usuarios/usuarios.repository';
import { hook } from '../server-module';
import { caixaConferencias, caixaMovimentos, caixas } from './caixas.table';

/*
 * The counter's cash drawer sessions. Every change locks the caixa's row (FOR UPDATE) and a
 * counter sale takes a share lock on it while it is finalized, so a sale and the closing never
 * cross: a sale either lands before the count or is refused because the caixa is closed.
 */

type Operador = Pick<AuthenticatedUser, 'id' | 'role'>;

/** What the finalized counter sales of some caixas received, per caixa and payment method. */
export interface RecebidoNoCaixa {
  vendas: number;
  total: number;
  troco: number;
  recebido: Partial<Record<FormaPagamento, number>>;
}

/** The sales of each caixa, summed: the vendas module answers (the caixa never reads sales). */
export const recebidoNosCaixasHook = hook<
  (db: Executor, caixaIds: readonly number[]) => Promise<Map<number, RecebidoNoCaixa>>
>('o que as vendas receberam em cada caixa');

function selectCaixas(db: Executor) {
  const operador = nomesDeUsuarios(db, 'operador');
  const fechador = nomesDeUsuarios(db, 'fechador');
  return db
    .select({
      id: caixas.id,
      usuarioId: caixas.usuarioId,
      usuarioNome: operador.nome,
      status: caixas.status,
      valorInicial: caixas.valorInicial,
      observacoes: caixas.observacoes,
      observacoesFechamento: caixas.observacoesFechamento,
      abertoEm: caixas.abertoEm,
      fechadoEm: caixas.fechadoEm,
      fechadoPorNome: fechador.nome,
      sangrias: sql<string>`(SELECT coalesce(sum(${caixaMovimentos.valor}), 0) FROM ${caixaMovimentos} WHERE ${caixaMovimentos.caixaId} = ${caixas.id} AND ${caixaMovimentos.tipo} = 'sangria')`,
      suprimentos: sql<string>`(SELECT coalesce(sum(${caixaMovimentos.valor}), 0) FROM ${caixaMovimentos} WHERE ${caixaMovimentos.caixaId} = ${caixas.id} AND ${caixaMovimentos.tipo} = 'suprimento')`,
    })
    .from(caixas)
    .leftJoin(operador, eq(operador.id, caixas.usuarioId))
    .leftJoin(fechador, eq(fechador.id, caixas.fechadoPor));
}

type CaixaRow = Awaited<ReturnType<typeof selectCaixas>>[number];

/** The caixas' rows with their sales' sums: one query for the rows, one for the sales. */
async function resumos(db: Executor, rows: CaixaRow[]) {
  const recebidos = await recebidoNosCaixasHook.call(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const vendas = recebidos.get(row.id);
    const resumo: CaixaResumo = {
      id: row.id,
      usuario_id: row.usuarioId,
      usuario_nome: row.usuarioNome,
      status: row.status,
      valor_inicial: row.valorInicial,
      observacoes: row.observacoes,
      observacoes_fechamento: row.observacoesFechamento,
      aberto_em: row.abertoEm.toISOString(),
      fechado_em: row.fechadoEm?.toISOString() ?? null,
      fechado_por_nome: row.fechadoPorNome,
      vendas: vendas?.vendas ?? 0,
      total_vendas: vendas?.total ?? 0,
      troco: vendas?.troco ?? 0,
      sangrias: Number(row.sangrias),
      suprimentos: Number(row.suprimentos),
    };
    return { resumo, recebido: vendas?.recebido ?? {} };
  });
}

/** GET /api/caixas: newest first, one page, and how many there are. */
export async function listCaixas(
  db: Executor,
  query: CaixaListQuery,
): Promise<{ items: CaixaResumo[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    selectCaixas(db)
      .orderBy(desc(caixas.abertoEm), desc(caixas.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(caixas),
  ]);
  return { items: (await resumos(db, rows)).map((r) => r.resumo), total: totals?.total ?? 0 };
}

/** A caixa with its movements and, per payment method, received, expected and counted. */
export async function getCaixa(db: Executor, id: number): Promise<Caixa | undefined> {
  const [row] = await selectCaixas(db).where(eq(caixas.id, id));
  if (!row) return undefined;
  const autor = nomesDeUsuarios(db, 'autor');
  const [[{ resumo, recebido }], movimentos, conferencias] = await Promise.all([
    resumos(db, [row]) as Promise<[{ resumo: CaixaResumo; recebido: Record<string, number> }]>,
    db
      .select({
        id: caixaMovimentos.id,
        tipo: caixaMovimentos.tipo,
        valor: caixaMovimentos.valor,
        motivo: caixaMovimentos.motivo,
        usuario_nome: autor.nome,
        createdAt: caixaMovimentos.createdAt,
      })
      .from(caixaMovimentos)
      .leftJoin(autor, eq(autor.id, caixaMovimentos.usuarioId))
      .where(eq(caixaMovimentos.caixaId, id))
      .orderBy(caixaMovimentos.id),
    db.select().from(caixaConferencias).where(eq(caixaConferencias.caixaId, id)),
  ]);
  const contados = new Map(conferencias.map((conferencia) => [conferencia.forma, conferencia]));
  // An open caixa's expected values follow its sales; a closed one shows what was frozen at closing.
  const esperado = esperadoDoCaixa({
    valor_inicial: resumo.valor_inicial,
    recebido,
    troco: resumo.troco,
    sangrias: resumo.sangrias,
    suprimentos: resumo.suprimentos,
  });
  return {
    ...resumo,
    movimentos: movimentos.map(({ createdAt, ...movimento }) => ({
      ...movimento,
      created_at: createdAt.toISOString(),
    })),
    formas: FORMAS_CAIXA.map((forma) => {
      const conferencia = contados.get(forma);
      return conferencia
        ? {
            forma,
            recebido: conferencia.recebido,
            esperado: conferencia.esperado,
            contado: conferencia.contado,
            diferenca: fromCentavos(
              toCentavos(conferencia.contado) - toCentavos(conferencia.esperado),
            ),
          }
        : {
            forma,
            recebido: fromCentavos(toCentavos(recebido[forma] ?? 0)),
            esperado: esperado[forma],
            contado: null,
            diferenca: null,
          };
    }),
  };
}

/** The operator's open caixa id. */
export async function caixaAbertoDoUsuario(
  tx: Executor,
  usuarioId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: caixas.id })
    .from(caixas)
    .where(and(eq(caixas.usuarioId, usuarioId), eq(caixas.status, 'aberto')));
  return row?.id;
}

/**
 * The operator's open caixa id (or null) share-locked so it cannot close meanwhile, as a scalar
 * subquery to read with other reads (lerJuntos): the counter sale's.
 */
export function caixaAbertoTravadoSql(usuarioId: number): SQL<number | null> {
  return sql`SELECT id FROM caixas WHERE usuario_id = ${usuarioId} AND status = 'aberto' FOR SHARE`;
}

/** GET /api/caixas/atual: the caller's open caixa, or null. */
export async function caixaAtual(db: Executor, usuarioId: number): Promise<Caixa | null> {
  const id = await caixaAbertoDoUsuario(db, usuarioId);
  return id === undefined ? null : ((await getCaixa(db, id)) ?? null);
}

/** POST /api/caixas: opens the caller's caixa; one open per operator. */
export async function abrirCaixa(
  tx: Transaction,
  usuarioId: number,
  input: CaixaAbertura,
): Promise<Caixa> {
  try {
    const [row] = await tx
      .insert(caixas)
      .values({ usuarioId, valorInicial: input.valor_inicial, observacoes: input.observacoes })
      .returning({ id: caixas.id });
    return (await getCaixa(tx, row!.id))!;
  } catch (error) {
    if (pgErrorCode(error) === PG_ERROR.uniqueViolation)
      throw new AppError('REGRA_VIOLADA', CAIXA_MESSAGES.jaAberto);
    throw error;
  }
}

/** Locks an open caixa the caller may change: its operator, a manager or an admin. */
async function caixaParaAlterar(tx: Transaction, id: number, operador: Operador) {
  const [row] = await tx
    .select({ usuarioId: caixas.usuarioId, status: caixas.status })
    .from(caixas)
    .where(eq(caixas.id, id))
    .for('update');
  if (!row) throw notFound(CAIXA_MESSAGES.naoEncontrado);
  if (row.usuarioId !== operador.id && !hasRole(operador.role, ADMIN_MANAGER)) {
    throw forbidden(CAIXA_MESSAGES.deOutroOperador);
  }
  if (row.status !== 'aberto') throw new AppError('CAIXA_FECHADO', CAIXA_MESSAGES.jaFechado);
}

/** POST /api/caixas/{id}/movimentos: a sangria never takes more cash than the drawer should hold. */
export async function registrarMovimento(
  tx: Transaction,
  id: number,
  input: CaixaMovimentoInput,
  operador: Operador,
): Promise<Caixa> {
  await caixaParaAlterar(tx, id, operador);
  if (input.tipo === 'sangria') {
    const caixa = (await getCaixa(tx, id))!;
    const dinheiro = caixa.formas.find((forma) => forma.forma === 'dinheiro')!.esperado;
    if (toCentavos(input.valor) > toCentavos(dinheiro)) {
      throw new AppError('REGRA_VIOLADA', CAIXA_MESSAGES.sangriaMaiorQueDinheiro, {
        valor: CAIXA_MESSAGES.sangriaMaiorQueDinheiro,
      });
    }
  }
  await tx.insert(caixaMovimentos).values({
    caixaId: id,
    tipo: input.tipo,
    valor: input.valor,
    motivo: input.motivo,
    usuarioId: operador.id,
  });
  return (await getCaixa(tx, id))!;
}

/** POST /api/caixas/{id}/fechamento: freezes expected and counted per method and closes it. */
export async function fecharCaixa(
  tx: Transaction,
  id: number,
  input: CaixaFechamento,
  operador: Operador,
): Promise<Caixa> {
  await caixaParaAlterar(tx, id, operador);
  const aberto = (await getCaixa(tx, id))!;
  await tx.insert(caixaConferencias).values(
    aberto.formas.map((forma) => ({
      caixaId: id,
      forma: forma.forma,
      recebido: forma.recebido,
      esperado: forma.esperado,
      contado: input.contado[forma.forma] ?? 0,
    })),
  );
  await tx
    .update(caixas)
    .set({
      status: 'fechado',
      fechadoEm: sql`now()`,
      fechadoPor: operador.id,
      observacoesFechamento: input.observacoes,
    })
    .where(eq(caixas.id, id));
  return (await getCaixa(tx, id))!;
}
