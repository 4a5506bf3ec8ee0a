import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@prumo/shared/auth';
import {
  diasEntre,
  formatNumeroLocacao,
  LOCACAO_MESSAGES as M,
  LOCACAO_TRANSICOES,
  multaDeAtraso,
  precoDoPeriodo,
  type Calendario,
  type ItemLocavel,
  type ItemLocavelInput,
  type ItemLocavelUpdateInput,
  type ItensLocaveisQuery,
  type Locacao,
  type LocacaoInput,
  type LocacaoItemInput,
  type LocacaoResumo,
  type LocacoesContagem,
  type LocacoesQuery,
  type LocacaoStatusInput,
  type Ocupacao,
  type SituacaoLocacao,
  type TituloDeLocacao,
  type Unidade,
} from '@prumo/shared/contratos';
import { addDaysISO, addMonthsISO, formatDate, todayISO } from '@prumo/shared/dates';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import type { Executor, Transaction } from '../../db/database';
import { documentoComStatus } from '../../db/documento';
import { pgErrorCode, PG_ERROR } from '../../db/pg-errors';
import { containsSearch, selectRows } from '../../db/sql-helpers';
import { AppError, badRequest, duplicado, notFound } from '../../http/errors';
import { findCadastroResumo } from '../cadastros/cadastros.repository';
import { createMovimentacao } from '../estoque/estoque.repository';
import { criarTitulo, regrasDeRecebimento } from '../financeiro/financeiro.repository';
import { estoqueDoProduto, produtoExists } from '../produtos/produtos.repository';
import {
  itensLocaveis,
  locacaoHistorico,
  locacaoItens,
  locacaoMovimentacoes,
  locacaoReservas,
  locacaoTitulos,
  locacoes,
  unidadesLocaveis,
} from './locacoes.table';

/*
 * Equipment rentals (issue 31, Locações). A rentable item is a product with prices per day,
 * week and month and its units; a rental books units for [retirada, devolucao_prevista) (the
 * return day is free for the next one) and the database's exclusion constraint refuses a unit
 * booked twice on a day, so simultaneous bookings of one unit end in one success and 409s.
 * Check-out takes the units out of the stock through the ledger and bills the period and the
 * caução; check-in brings them back, bills the late days at the day rate, refunds the caução
 * less the damages. Each move runs once: under the rental's row lock, from the situação the
 * transition table allows, and each bill's kind is unique per rental (locacao_titulos).
 */

/** Who asks, and the company's calendar. */
export interface LocacaoContexto {
  usuario: { id: number; nome: string; role: Role };
  timeZone: string;
}

const documento = documentoComStatus({
  tabela: locacoes,
  status: 'situacao',
  naoEncontrado: M.naoEncontrada,
  transicoes: LOCACAO_TRANSICOES,
  transicaoInvalida: (de, para) =>
    `Uma locação ${de.toLowerCase()} não passa a ${para.toLowerCase()}`,
  semPermissao: 'Só administradores e gerentes mudam a situação de uma locação',
  historico: {
    tabela: locacaoHistorico,
    linha: (locacaoId, situacao, usuarioId, observacao) => ({
      locacaoId,
      situacao,
      usuarioId,
      observacao,
    }),
  },
});

const regra = (message: string, fields?: Record<string, string>) =>
  new AppError('REGRA_VIOLADA', message, fields);
const numero = (n: number) => `Locação Nº ${formatNumeroLocacao(n)}`;
const centavosOuNulo = (reais: number | null) => (reais === null ? null : toCentavos(reais));

// ---------------------------------------------------------------------------------------------
// Rentable items.

/** The units of the item row being read, in order (qualified by hand: see contratos). */
const unidadesDoItem = sql<Unidade[]>`coalesce((SELECT json_agg(json_build_object('id', u.id,
    'numero', u.numero, 'identificacao', u.identificacao, 'ativo', u.ativo) ORDER BY u.numero)
  FROM unidades_locaveis u WHERE u.item_id = "itens_locaveis"."id"), '[]'::json)`;

/** Units in service of the item row being read free over [inicio, fim). */
const livresNoPeriodo = (inicio: string, fim: string) =>
  sql<number>`(SELECT count(*)::int FROM unidades_locaveis u
    WHERE u.item_id = "itens_locaveis"."id" AND u.ativo AND NOT EXISTS (
      SELECT 1 FROM locacao_reservas r WHERE r.unidade_id = u.id AND r.ativa
        AND daterange(r.inicio, r.fim) && daterange(${inicio}::date, ${fim}::date)))`;

const nomeDoProduto = sql<string>`(SELECT p.nome FROM produtos p WHERE p.id = "itens_locaveis"."produto_id")`;
const buscaDoProduto = sql`(SELECT p.nome_busca FROM produtos p WHERE p.id = "itens_locaveis"."produto_id")`;

function colunasDoItem(periodo?: { inicio: string; fim: string }) {
  return {
    item: itensLocaveis,
    produtoNome: nomeDoProduto,
    unidades: unidadesDoItem,
    livres: periodo ? livresNoPeriodo(periodo.inicio, periodo.fim) : sql<null>`NULL::int`,
  };
}

type ItemLido = {
  item: typeof itensLocaveis.$inferSelect;
  produtoNome: string;
  unidades: Unidade[] | string;
  livres: number | null;
};

function itemDe(row: ItemLido): ItemLocavel {
  const unidades = (
    typeof row.unidades === 'string' ? JSON.parse(row.unidades) : row.unidades
  ) as Unidade[];
  return {
    id: row.item.id,
    produto_id: row.item.produtoId,
    produto_nome: row.produtoNome,
    preco_diaria: row.item.precoDiaria,
    preco_semanal: row.item.precoSemanal,
    preco_mensal: row.item.precoMensal,
    ativo: row.item.ativo,
    unidades,
    total_unidades: unidades.filter((u) => u.ativo).length,
    livres: row.livres === null ? null : Number(row.livres),
  };
}

/** GET /api/locacoes/itens: by product name; with a period, the units free in it. */
export async function listItensLocaveis(
  db: Executor,
  query: ItensLocaveisQuery,
): Promise<{ items: ItemLocavel[]; total: number }> {
  const filtros: SQL[] = [];
  if (query.ativo !== undefined) filtros.push(eq(itensLocaveis.ativo, query.ativo));
  if (query.q) filtros.push(containsSearch(query.q, nomeDoProduto));
  const where = filtros.length ? and(...filtros) : undefined;
  const periodo =
    query.retirada && query.devolucao
      ? { inicio: query.retirada, fim: query.devolucao }
      : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(colunasDoItem(periodo))
      .from(itensLocaveis)
      .where(where)
      .orderBy(sql`${buscaDoProduto}`, asc(itensLocaveis.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(itensLocaveis)
      .where(where),
  ]);
  return { items: rows.map(itemDe), total: Number(total?.total ?? 0) };
}

export async function getItemLocavel(db: Executor, id: number): Promise<ItemLocavel | undefined> {
  const [row] = await db
    .select(colunasDoItem())
    .from(itensLocaveis)
    .where(eq(itensLocaveis.id, id));
  return row ? itemDe(row) : undefined;
}

const colunasDePreco = (input: ItemLocavelUpdateInput) => ({
  precoDiaria: input.preco_diaria,
  precoSemanal: input.preco_semanal ?? null,
  precoMensal: input.preco_mensal ?? null,
  ativo: input.ativo ?? true,
});

/**
 * The units as listed: those with an id are kept (their identificação updated, back in
 * service), new ones numbered after the highest, and those left out retired (their bookings
 * stay in the history).
 */
async function gravarUnidades(
  tx: Transaction,
  itemId: number,
  unidades: ItemLocavelUpdateInput['unidades'],
) {
  const atuais = await tx
    .select({ id: unidadesLocaveis.id, numero: unidadesLocaveis.numero })
    .from(unidadesLocaveis)
    .where(eq(unidadesLocaveis.itemId, itemId));
  const existentes = new Set(atuais.map((u) => u.id));
  const mantidas = new Set<number>();
  let proximo = atuais.reduce((maior, u) => Math.max(maior, u.numero), 0) + 1;
  const novas: Array<typeof unidadesLocaveis.$inferInsert> = [];
  for (const [index, unidade] of unidades.entries()) {
    if (unidade.id === undefined) {
      novas.push({ itemId, numero: proximo++, identificacao: unidade.identificacao ?? null });
      continue;
    }
    if (!existentes.has(unidade.id)) {
      throw badRequest(M.unidadeNaoEncontrada, {
        [`unidades.${index}.id`]: M.unidadeNaoEncontrada,
      });
    }
    mantidas.add(unidade.id);
    await tx
      .update(unidadesLocaveis)
      .set({ identificacao: unidade.identificacao ?? null, ativo: true })
      .where(eq(unidadesLocaveis.id, unidade.id));
  }
  const retiradas = atuais.filter((u) => !mantidas.has(u.id)).map((u) => u.id);
  if (retiradas.length > 0) {
    await tx
      .update(unidadesLocaveis)
      .set({ ativo: false })
      .where(inArray(unidadesLocaveis.id, retiradas));
  }
  if (novas.length > 0) await tx.insert(unidadesLocaveis).values(novas);
}

/** POST /api/locacoes/itens: a product made rentable, with its units. */
export async function createItemLocavel(tx: Transaction, input: ItemLocavelInput): Promise<number> {
  if (!(await produtoExists(tx, input.produto_id))) {
    throw badRequest(M.produtoNaoEncontrado, { produto_id: M.produtoNaoEncontrado });
  }
  const [criado] = await tx
    .insert(itensLocaveis)
    .values({ produtoId: input.produto_id, ...colunasDePreco(input) })
    .onConflictDoNothing({ target: itensLocaveis.produtoId })
    .returning({ id: itensLocaveis.id });
  if (!criado) throw duplicado(M.produtoJaLocavel, 'produto_id');
  await gravarUnidades(tx, criado.id, input.unidades);
  return criado.id;
}

/** PUT /api/locacoes/itens/{id}: prices (for the next rentals) and units. */
export async function updateItemLocavel(
  tx: Transaction,
  id: number,
  input: ItemLocavelUpdateInput,
): Promise<void> {
  const [item] = await tx
    .update(itensLocaveis)
    .set({ ...colunasDePreco(input), updatedAt: sql`now()` })
    .where(eq(itensLocaveis.id, id))
    .returning({ id: itensLocaveis.id });
  if (!item) throw notFound(M.itemNaoEncontrado);
  await gravarUnidades(tx, id, input.unidades);
}

// ---------------------------------------------------------------------------------------------
// Reading rentals.

const nomeDoCliente = sql<string>`(SELECT c.nome FROM cadastros c WHERE c.id = "locacoes"."cliente_id")`;
const itensTexto = sql<string>`coalesce((SELECT string_agg(i.nome || ' × ' || i.quantidade, ', ' ORDER BY i.ordem)
  FROM locacao_itens i WHERE i.locacao_id = "locacoes"."id"), '')`;
/** Taken out and not back by the planned day. */
const atrasadaSql = (hoje: string) =>
  sql`(${locacoes.situacao} = 'Retirada' AND ${locacoes.devolucaoPrevista} < ${hoje}::date)`;

const colunasDoResumo = { locacao: locacoes, clienteNome: nomeDoCliente, itensTexto };
type LocacaoRow = typeof locacoes.$inferSelect;

function resumoDe(
  l: LocacaoRow,
  extra: { clienteNome: string; itensTexto: string },
  hoje: string,
): LocacaoResumo {
  const atrasoHoje =
    l.situacao === 'Retirada' ? Math.max(0, diasEntre(l.devolucaoPrevista, hoje)) : 0;
  return {
    id: l.id,
    numero: l.numero,
    cliente_id: l.clienteId,
    cliente_nome: extra.clienteNome,
    situacao: l.situacao,
    retirada: l.retirada,
    devolucao_prevista: l.devolucaoPrevista,
    retirada_em: l.retiradaEm,
    devolvida_em: l.devolvidaEm,
    itens_texto: extra.itensTexto,
    valor: l.valor,
    caucao: l.caucao,
    atrasada: atrasoHoje > 0,
    dias_atraso: l.situacao === 'Devolvida' ? (l.diasAtraso ?? 0) : atrasoHoje,
  };
}

/** GET /api/locacoes: newest first, by número or cliente, situação, the late ones. */
export async function listLocacoes(
  db: Executor,
  query: LocacoesQuery,
  timeZone: string,
): Promise<{ items: LocacaoResumo[]; total: number }> {
  const hoje = todayISO(timeZone);
  const filtros: SQL[] = [];
  if (query.situacao) filtros.push(eq(locacoes.situacao, query.situacao));
  if (query.atrasadas === true) filtros.push(atrasadaSql(hoje));
  if (query.q) {
    const n = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    const texto = containsSearch(query.q, nomeDoCliente);
    filtros.push(n === null ? texto : sql`(${locacoes.numero} = ${n} OR ${texto})`);
  }
  const where = filtros.length ? and(...filtros) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(colunasDoResumo)
      .from(locacoes)
      .where(where)
      .orderBy(desc(locacoes.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(locacoes)
      .where(where),
  ]);
  return {
    items: rows.map((r) => resumoDe(r.locacao, r, hoje)),
    total: Number(total?.total ?? 0),
  };
}

/** GET /api/locacoes/resumo: how many are booked, out, and out past their day. */
export async function contagemLocacoes(db: Executor, timeZone: string): Promise<LocacoesContagem> {
  const [row] = await db
    .select({
      reservadas: sql<number>`count(*) FILTER (WHERE ${locacoes.situacao} = 'Reservada')::int`,
      retiradas: sql<number>`count(*) FILTER (WHERE ${locacoes.situacao} = 'Retirada')::int`,
      atrasadas: sql<number>`count(*) FILTER (WHERE ${atrasadaSql(todayISO(timeZone))})::int`,
    })
    .from(locacoes)
    .where(inArray(locacoes.situacao, ['Reservada', 'Retirada']));
  return {
    reservadas: Number(row?.reservadas ?? 0),
    retiradas: Number(row?.retiradas ?? 0),
    atrasadas: Number(row?.atrasadas ?? 0),
  };
}

/** GET /api/locacoes/{id}: lines with their units, the bills in Financeiro. */
export async function getLocacao(
  db: Executor,
  id: number,
  timeZone: string,
): Promise<Locacao | undefined> {
  const [row] = await db.select(colunasDoResumo).from(locacoes).where(eq(locacoes.id, id));
  if (!row) return undefined;
  const l = row.locacao;
  const [itens, titulos] = await Promise.all([
    selectRows<{
      id: number;
      item_id: number;
      produto_id: number;
      nome: string;
      quantidade: number;
      preco_diaria: string;
      preco_semanal: string | null;
      preco_mensal: string | null;
      meses: number;
      semanas: number;
      dias: number;
      valor: string;
      subtotal: string;
      unidades: Array<{ id: number; numero: number; identificacao: string | null }> | null;
    }>(
      db,
      sql`SELECT i.id, i.item_id, it.produto_id, i.nome, i.quantidade, i.preco_diaria,
          i.preco_semanal, i.preco_mensal, i.meses, i.semanas, i.dias, i.valor, i.subtotal,
          (SELECT json_agg(json_build_object('id', u.id, 'numero', u.numero,
              'identificacao', u.identificacao) ORDER BY u.numero)
            FROM locacao_reservas r JOIN unidades_locaveis u ON u.id = r.unidade_id
            WHERE r.locacao_item_id = i.id) AS unidades
        FROM locacao_itens i JOIN itens_locaveis it ON it.id = i.item_id
        WHERE i.locacao_id = ${id} ORDER BY i.ordem`,
    ),
    selectRows<{
      tipo: TituloDeLocacao;
      titulo_id: number;
      natureza: 'receber' | 'pagar';
      descricao: string;
      valor: string;
      cancelado: boolean;
      saldo: string;
    }>(
      db,
      sql`SELECT lt.tipo, lt.titulo_id, t.natureza, t.descricao, t.valor,
          t.cancelado_em IS NOT NULL AS cancelado,
          (SELECT coalesce(sum(p.valor - p.valor_pago), 0) FROM parcelas p WHERE p.titulo_id = t.id) AS saldo
        FROM locacao_titulos lt JOIN titulos t ON t.id = lt.titulo_id
        WHERE lt.locacao_id = ${id} ORDER BY lt.id`,
    ),
  ]);
  const hoje = todayISO(timeZone);
  return {
    ...resumoDe(l, row, hoje),
    forma_pagamento: l.formaPagamento,
    observacoes: l.observacoes,
    dias: diasEntre(l.retirada, l.devolucaoPrevista),
    itens: itens.map((i) => ({
      id: i.id,
      item_id: i.item_id,
      produto_id: i.produto_id,
      nome: i.nome,
      quantidade: Number(i.quantidade),
      preco_diaria: Number(i.preco_diaria),
      preco_semanal: i.preco_semanal === null ? null : Number(i.preco_semanal),
      preco_mensal: i.preco_mensal === null ? null : Number(i.preco_mensal),
      meses: Number(i.meses),
      semanas: Number(i.semanas),
      dias: Number(i.dias),
      valor: Number(i.valor),
      subtotal: Number(i.subtotal),
      unidades: (typeof i.unidades === 'string' ? JSON.parse(i.unidades) : i.unidades) ?? [],
    })),
    multa_atraso: l.multaAtraso,
    danos: l.danos,
    caucao_devolvida: l.caucaoDevolvida,
    motivo_cancelamento: l.motivoCancelamento,
    titulos: titulos.map((t) => ({
      tipo: t.tipo,
      titulo_id: t.titulo_id,
      natureza: t.natureza,
      descricao: t.descricao,
      valor: Number(t.valor),
      situacao_titulo: t.cancelado ? 'cancelado' : Number(t.saldo) <= 0 ? 'pago' : 'aberto',
    })),
    created_at: l.createdAt.toISOString(),
  };
}

/**
 * GET /api/locacoes/calendario?mes=: every unit and the rentals holding it on the month's days,
 * in one statement. A rental out past its day holds its units through today; one returned
 * holds them until the day it came back.
 */
export async function calendario(db: Executor, mes: string, timeZone: string): Promise<Calendario> {
  const primeiro = `${mes}-01`;
  const proximo = addMonthsISO(primeiro, 1);
  const hoje = todayISO(timeZone);
  const dias: string[] = [];
  for (let dia = primeiro; dia < proximo; dia = addDaysISO(dia, 1)) dias.push(dia);
  const rows = await selectRows<{
    unidade_id: number;
    item_id: number;
    nome: string;
    numero: number;
    identificacao: string | null;
    ocupacoes: Ocupacao[] | string | null;
  }>(
    db,
    sql`WITH ocupadas AS (
        SELECT r.unidade_id, l.id AS locacao_id, l.numero, l.situacao,
          (SELECT c.nome FROM cadastros c WHERE c.id = l.cliente_id) AS cliente_nome,
          r.inicio,
          CASE l.situacao
            WHEN 'Retirada' THEN greatest(r.fim, ${hoje}::date + 1)
            WHEN 'Devolvida' THEN greatest(r.inicio, l.devolvida_em)
            ELSE r.fim END AS fim,
          (l.situacao = 'Retirada' AND l.devolucao_prevista < ${hoje}::date) AS atrasada
        FROM locacao_reservas r JOIN locacoes l ON l.id = r.locacao_id
        WHERE r.ativa AND l.situacao <> 'Cancelada' AND r.inicio < ${proximo}::date)
      SELECT u.id AS unidade_id, u.item_id, p.nome, u.numero, u.identificacao,
        (SELECT json_agg(json_build_object('locacao_id', o.locacao_id, 'numero', o.numero,
            'cliente_nome', o.cliente_nome, 'situacao', o.situacao,
            'de', greatest(o.inicio, ${primeiro}::date),
            'ate', least(o.fim, ${proximo}::date) - 1, 'atrasada', o.atrasada) ORDER BY o.inicio)
          FROM ocupadas o WHERE o.unidade_id = u.id AND o.fim > ${primeiro}::date
            AND o.fim > o.inicio) AS ocupacoes
      FROM unidades_locaveis u
        JOIN itens_locaveis it ON it.id = u.item_id
        JOIN produtos p ON p.id = it.produto_id
      WHERE u.ativo OR EXISTS (SELECT 1 FROM ocupadas o WHERE o.unidade_id = u.id
        AND o.fim > ${primeiro}::date)
      ORDER BY normalize_search(p.nome), u.item_id, u.numero`,
  );
  return {
    mes,
    dias,
    unidades: rows.map((r) => ({
      unidade_id: r.unidade_id,
      item_id: r.item_id,
      nome: r.nome,
      numero: Number(r.numero),
      identificacao: r.identificacao,
      ocupacoes: ((typeof r.ocupacoes === 'string' ? JSON.parse(r.ocupacoes) : r.ocupacoes) ??
        []) as Ocupacao[],
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Booking.

async function validarCliente(tx: Executor, clienteId: number) {
  const cliente = await findCadastroResumo(tx, clienteId);
  if (!cliente || cliente.tipo !== 'cliente') {
    throw badRequest(M.clienteNaoEncontrado, { cliente_id: M.clienteNaoEncontrado });
  }
}

/** "Betoneira 400 L nº 2 (PAT-0042)": a unit as people name it. */
const nomeDaUnidade = (nome: string, u: { numero: number; identificacao: string | null }) =>
  `${nome} nº ${u.numero}${u.identificacao ? ` (${u.identificacao})` : ''}`;

/**
 * Books a unit for a line inside a savepoint: the exclusion constraint refuses it when the
 * unit has a live booking on a common day (also one a concurrent rental just committed), and
 * the savepoint keeps the rental's transaction alive to try the next free unit.
 */
async function reservarUnidade(
  tx: Transaction,
  reserva: typeof locacaoReservas.$inferInsert,
): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      await sp.insert(locacaoReservas).values(reserva);
    });
    return true;
  } catch (erro) {
    if (pgErrorCode(erro) === PG_ERROR.exclusionViolation) return false;
    throw erro;
  }
}

/**
 * The rental's lines and their units: each line priced for the period (the cheapest months,
 * weeks and days), a unit chosen or the first free ones booked. Answers the total in centavos.
 */
async function reservar(
  tx: Transaction,
  locacaoId: number,
  itens: readonly LocacaoItemInput[],
  periodo: { inicio: string; fim: string },
): Promise<number> {
  const ids = [...new Set(itens.map((i) => i.item_id))];
  const encontrados = await tx
    .select({ item: itensLocaveis, nome: nomeDoProduto })
    .from(itensLocaveis)
    .where(inArray(itensLocaveis.id, ids));
  const porId = new Map(encontrados.map((e) => [e.item.id, e]));
  const dias = diasEntre(periodo.inicio, periodo.fim);
  let total = 0;
  for (const [index, linha] of itens.entries()) {
    const achado = porId.get(linha.item_id);
    if (!achado) {
      throw badRequest(M.itemNaoEncontrado, { [`itens.${index}.item_id`]: M.itemNaoEncontrado });
    }
    const { item, nome } = achado;
    if (!item.ativo) {
      throw regra(M.itemInativo(nome), { [`itens.${index}.item_id`]: M.itemInativo(nome) });
    }
    const quantidade = linha.quantidade ?? 1;
    const preco = precoDoPeriodo(dias, {
      diaria: toCentavos(item.precoDiaria),
      semanal: centavosOuNulo(item.precoSemanal),
      mensal: centavosOuNulo(item.precoMensal),
    });
    const subtotal = preco.centavos * quantidade;
    total += subtotal;
    const [criada] = await tx
      .insert(locacaoItens)
      .values({
        locacaoId,
        ordem: index,
        itemId: item.id,
        nome,
        quantidade,
        precoDiaria: item.precoDiaria,
        precoSemanal: item.precoSemanal,
        precoMensal: item.precoMensal,
        meses: preco.meses,
        semanas: preco.semanas,
        dias: preco.dias,
        valor: fromCentavos(preco.centavos),
        subtotal: fromCentavos(subtotal),
      })
      .returning({ id: locacaoItens.id });
    const reserva = (unidadeId: number) => ({
      locacaoId,
      locacaoItemId: criada!.id,
      unidadeId,
      inicio: periodo.inicio,
      fim: periodo.fim,
    });
    const campo = `itens.${index}.${linha.unidade_id ? 'unidade_id' : 'quantidade'}`;

    if (linha.unidade_id) {
      const [unidade] = await tx
        .select()
        .from(unidadesLocaveis)
        .where(
          and(
            eq(unidadesLocaveis.id, linha.unidade_id),
            eq(unidadesLocaveis.itemId, item.id),
            eq(unidadesLocaveis.ativo, true),
          ),
        );
      if (!unidade) throw badRequest(M.unidadeNaoEncontrada, { [campo]: M.unidadeNaoEncontrada });
      if (!(await reservarUnidade(tx, reserva(unidade.id)))) {
        const message = M.unidadeIndisponivel(nomeDaUnidade(nome, unidade));
        throw new AppError('UNIDADE_INDISPONIVEL', message, { [campo]: message });
      }
      continue;
    }
    // The units free as this transaction sees them; one a concurrent rental takes first is
    // refused by the constraint and the next one is tried.
    const livres = await selectRows<{ id: number }>(
      tx,
      sql`SELECT u.id FROM unidades_locaveis u
        WHERE u.item_id = ${item.id} AND u.ativo AND NOT EXISTS (
          SELECT 1 FROM locacao_reservas r WHERE r.unidade_id = u.id AND r.ativa
            AND daterange(r.inicio, r.fim) && daterange(${periodo.inicio}::date, ${periodo.fim}::date))
        ORDER BY u.numero`,
    );
    let reservadas = 0;
    for (const { id } of livres) {
      if (reservadas === quantidade) break;
      if (await reservarUnidade(tx, reserva(id))) reservadas++;
    }
    if (reservadas < quantidade) {
      const message = M.semUnidadesLivres(nome, quantidade, reservadas);
      throw new AppError('UNIDADE_INDISPONIVEL', message, { [campo]: message });
    }
  }
  return total;
}

const colunasDaLocacao = (input: LocacaoInput) => ({
  clienteId: input.cliente_id,
  retirada: input.retirada,
  devolucaoPrevista: input.devolucao_prevista,
  formaPagamento: input.forma_pagamento,
  caucao: input.caucao ?? 0,
  observacoes: input.observacoes ?? null,
});

/** POST /api/locacoes: Reservada, its units booked. */
export async function createLocacao(
  tx: Transaction,
  input: LocacaoInput,
  contexto: LocacaoContexto,
): Promise<number> {
  await validarCliente(tx, input.cliente_id);
  const [criada] = await tx
    .insert(locacoes)
    .values({ ...colunasDaLocacao(input), valor: 0, usuarioId: contexto.usuario.id })
    .returning({ id: locacoes.id });
  const id = criada!.id;
  const centavos = await reservar(tx, id, input.itens, {
    inicio: input.retirada,
    fim: input.devolucao_prevista,
  });
  await tx
    .update(locacoes)
    .set({ valor: fromCentavos(centavos) })
    .where(eq(locacoes.id, id));
  await documento.registrarHistorico(tx, id, 'Reservada', contexto.usuario.id, null);
  return id;
}

/** PUT /api/locacoes/{id}: a booking changes (its units booked again) until it is taken out. */
export async function updateLocacao(tx: Transaction, id: number, input: LocacaoInput) {
  const atual = await documento.travar(tx, id);
  if (atual.status !== 'Reservada') throw regra(M.somenteReservada);
  await validarCliente(tx, input.cliente_id);
  await tx.delete(locacaoItens).where(eq(locacaoItens.locacaoId, id));
  const centavos = await reservar(tx, id, input.itens, {
    inicio: input.retirada,
    fim: input.devolucao_prevista,
  });
  await tx
    .update(locacoes)
    .set({ ...colunasDaLocacao(input), valor: fromCentavos(centavos), updatedAt: sql`now()` })
    .where(eq(locacoes.id, id));
}

// ---------------------------------------------------------------------------------------------
// Check-out, check-in, cancel.

/** The units each product of the rental takes, and its units' ids. */
async function unidadesDaLocacao(tx: Transaction, locacaoId: number) {
  return selectRows<{
    unidade_id: number;
    produto_id: number;
    nome: string;
    numero: number;
    identificacao: string | null;
  }>(
    tx,
    sql`SELECT r.unidade_id, it.produto_id, i.nome, u.numero, u.identificacao
      FROM locacao_reservas r
        JOIN locacao_itens i ON i.id = r.locacao_item_id
        JOIN itens_locaveis it ON it.id = i.item_id
        JOIN unidades_locaveis u ON u.id = r.unidade_id
      WHERE r.locacao_id = ${locacaoId} ORDER BY r.unidade_id`,
  );
}

/**
 * One stock movement per product of the rental (saída on check-out, entrada on check-in),
 * through the stock ledger, each linked to the rental. A product that does not move stock is
 * skipped, as the sales skip it; one short of units answers ESTOQUE_INSUFICIENTE.
 */
async function movimentarEstoque(
  tx: Transaction,
  locacao: { id: number; numero: number },
  unidades: ReadonlyArray<{ produto_id: number }>,
  movimento: { tipo: 'saida' | 'entrada'; data: string; contexto: LocacaoContexto },
) {
  const porProduto = new Map<number, number>();
  for (const u of unidades) porProduto.set(u.produto_id, (porProduto.get(u.produto_id) ?? 0) + 1);
  for (const [produtoId, quantidade] of [...porProduto].sort(([a], [b]) => a - b)) {
    if (!(await estoqueDoProduto(tx, produtoId))?.movimentaEstoque) continue;
    const { id } = await createMovimentacao(
      tx,
      {
        produto_id: produtoId,
        produto: null,
        tipo: movimento.tipo,
        quantidade,
        data: movimento.data,
        motivo: `${numero(locacao.numero)} — ${movimento.tipo === 'saida' ? 'retirada' : 'devolução'}`,
        observacoes: null,
      },
      {
        usuarioId: movimento.contexto.usuario.id,
        usuarioNome: movimento.contexto.usuario.nome,
        timeZone: movimento.contexto.timeZone,
      },
    );
    await tx.insert(locacaoMovimentacoes).values({ locacaoId: locacao.id, movimentacaoId: id });
  }
}

interface Cobranca {
  tipo: TituloDeLocacao;
  natureza: 'receber' | 'pagar';
  descricao: string;
  centavos: number;
  categoriaId: number | null;
}

/**
 * The rental's bills in Financeiro, due on `data`, each kind once: the unique key of
 * locacao_titulos refuses a second one of a kind (the row lock and the situação check come first).
 */
async function cobrar(
  tx: Transaction,
  l: LocacaoRow,
  data: string,
  cobrancas: readonly Cobranca[],
  contexto: LocacaoContexto,
) {
  for (const c of cobrancas.filter((x) => x.centavos > 0)) {
    const [tituloId] = await criarTitulo(
      tx,
      {
        natureza: c.natureza,
        descricao: c.descricao,
        pessoa_id: l.clienteId,
        categoria_id: c.categoriaId,
        centro_custo: null,
        documento: `LC${formatNumeroLocacao(l.numero)}`,
        competencia: data,
        forma_pagamento: l.formaPagamento,
        valor: fromCentavos(c.centavos),
        vencimento: data,
        parcelas: 1,
        recorrente_meses: null,
        observacoes: null,
        documento_de_origem: { tipo: 'locacao', id: l.id },
      },
      { usuario: contexto.usuario, timeZone: contexto.timeZone },
    );
    await tx.insert(locacaoTitulos).values({ locacaoId: l.id, tipo: c.tipo, tituloId: tituloId! });
  }
}

/** Locks the rental's units (id order) so a check-out and a check-in of one unit take turns. */
async function travarUnidades(tx: Transaction, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .select({ id: unidadesLocaveis.id })
    .from(unidadesLocaveis)
    .where(inArray(unidadesLocaveis.id, [...ids]))
    .orderBy(asc(unidadesLocaveis.id))
    .for('update');
}

function dataDoMovimento(data: string | undefined, hoje: string): string {
  const dia = data ?? hoje;
  if (dia > hoje) throw badRequest(M.dataFutura, { data: M.dataFutura });
  return dia;
}

/** Check-out: the units out of the stock, the period's rent and the caução billed. */
async function retirar(tx: Transaction, l: LocacaoRow, data: string, contexto: LocacaoContexto) {
  if (data < l.retirada) {
    const message = M.retiradaAntes(formatDate(l.retirada));
    throw badRequest(message, { data: message });
  }
  const unidades = await unidadesDaLocacao(tx, l.id);
  await travarUnidades(
    tx,
    unidades.map((u) => u.unidade_id),
  );
  const [fora] = await tx
    .select({ unidadeId: locacaoReservas.unidadeId, numero: locacoes.numero })
    .from(locacaoReservas)
    .innerJoin(locacoes, eq(locacoes.id, locacaoReservas.locacaoId))
    .where(
      and(
        inArray(
          locacaoReservas.unidadeId,
          unidades.map((u) => u.unidade_id),
        ),
        eq(locacoes.situacao, 'Retirada'),
        ne(locacoes.id, l.id),
      ),
    )
    .limit(1);
  if (fora) {
    const unidade = unidades.find((u) => u.unidade_id === fora.unidadeId)!;
    throw regra(M.unidadeAindaFora(nomeDaUnidade(unidade.nome, unidade), fora.numero));
  }
  await movimentarEstoque(tx, l, unidades, { tipo: 'saida', data, contexto });
  const { categoriaId } = await regrasDeRecebimento(tx, 'prestacao-servicos');
  await cobrar(
    tx,
    l,
    data,
    [
      {
        tipo: 'locacao',
        natureza: 'receber',
        descricao: `${numero(l.numero)} — ${formatDate(l.retirada)} a ${formatDate(l.devolucaoPrevista)}`,
        centavos: toCentavos(l.valor),
        categoriaId,
      },
      {
        tipo: 'caucao',
        natureza: 'receber',
        descricao: `Caução — ${numero(l.numero)}`,
        centavos: toCentavos(l.caucao),
        categoriaId: null,
      },
    ],
    contexto,
  );
  return { retiradaEm: data };
}

/**
 * Check-in: the units back in stock, the late days at each line's day rate, the caução given
 * back less the damages (a payable), and the damages beyond it (a receivable).
 */
async function devolver(
  tx: Transaction,
  l: LocacaoRow,
  data: string,
  danosReais: number,
  contexto: LocacaoContexto,
) {
  if (l.retiradaEm && data < l.retiradaEm) {
    const message = M.devolucaoAntes(formatDate(l.retiradaEm));
    throw badRequest(message, { data: message });
  }
  const unidades = await unidadesDaLocacao(tx, l.id);
  await travarUnidades(
    tx,
    unidades.map((u) => u.unidade_id),
  );
  await movimentarEstoque(tx, l, unidades, { tipo: 'entrada', data, contexto });
  if (data < l.devolucaoPrevista) {
    // Back early: the days left are free for other rentals.
    await tx
      .update(locacaoReservas)
      .set({ fim: sql`greatest(${locacaoReservas.inicio}, ${data}::date)` })
      .where(eq(locacaoReservas.locacaoId, l.id));
  }
  const diasAtraso = Math.max(0, diasEntre(l.devolucaoPrevista, data));
  const linhas = await tx
    .select({ quantidade: locacaoItens.quantidade, precoDiaria: locacaoItens.precoDiaria })
    .from(locacaoItens)
    .where(eq(locacaoItens.locacaoId, l.id));
  const multa = linhas.reduce(
    (soma, i) => soma + multaDeAtraso(diasAtraso, toCentavos(i.precoDiaria), i.quantidade),
    0,
  );
  const caucao = toCentavos(l.caucao);
  const danos = toCentavos(danosReais);
  const devolvida = Math.max(0, caucao - danos);
  const { categoriaId } = await regrasDeRecebimento(tx, 'prestacao-servicos');
  await cobrar(
    tx,
    l,
    data,
    [
      {
        tipo: 'atraso',
        natureza: 'receber',
        descricao: `Atraso de ${diasAtraso} ${diasAtraso === 1 ? 'dia' : 'dias'} — ${numero(l.numero)}`,
        centavos: multa,
        categoriaId,
      },
      {
        tipo: 'devolucao_caucao',
        natureza: 'pagar',
        descricao: `Devolução da caução — ${numero(l.numero)}`,
        centavos: devolvida,
        categoriaId: null,
      },
      {
        tipo: 'danos',
        natureza: 'receber',
        descricao: `Danos além da caução — ${numero(l.numero)}`,
        centavos: Math.max(0, danos - caucao),
        categoriaId: null,
      },
    ],
    contexto,
  );
  return {
    devolvidaEm: data,
    diasAtraso,
    multaAtraso: fromCentavos(multa),
    danos: fromCentavos(danos),
    caucaoDevolvida: fromCentavos(devolvida),
  };
}

/**
 * PATCH /api/locacoes/{id}/status: Retirada (check-out), Devolvida (check-in) or Cancelada
 * (the booking released), under the rental's row lock, from a situação the table allows: a
 * repeated or concurrent move finds the situação already changed and is refused (or answered
 * again by its Idempotency-Key), so nothing is posted twice.
 */
export async function alterarSituacao(
  tx: Transaction,
  id: number,
  input: LocacaoStatusInput,
  contexto: LocacaoContexto,
): Promise<void> {
  const hoje = todayISO(contexto.timeZone);
  const para: SituacaoLocacao = input.situacao;
  await documento.alterarStatus(tx, id, {
    para,
    por: contexto.usuario,
    observacao: para === 'Cancelada' ? (input.motivo ?? null) : null,
    reler: async () => undefined,
    antes: async () => {
      const [l] = await tx.select().from(locacoes).where(eq(locacoes.id, id));
      if (para === 'Retirada') return retirar(tx, l!, dataDoMovimento(input.data, hoje), contexto);
      if (para === 'Devolvida') {
        return devolver(tx, l!, dataDoMovimento(input.data, hoje), input.danos ?? 0, contexto);
      }
      await tx
        .update(locacaoReservas)
        .set({ ativa: false })
        .where(eq(locacaoReservas.locacaoId, id));
      return { motivoCancelamento: input.motivo ?? null };
    },
  });
}
