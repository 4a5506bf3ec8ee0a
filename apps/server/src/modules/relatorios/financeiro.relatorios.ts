// The Financeiro reports (admins and managers): titles by the date the user chooses, overdue
// receivables by age, and the cash flow planned against what happened.
import { sql } from 'drizzle-orm';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import { formatDecimal } from '@prumo/shared/money';
import type { ColunaRelatorio } from '@prumo/shared/relatorios';
import type { DefinicaoRelatorio, FiltrosLidos } from './relatorios.repository';
import { inicioDoPeriodo, periodos } from './relatorios.sql';

const NATUREZA = sql`CASE t.natureza WHEN 'pagar' THEN 'A pagar' ELSE 'A receber' END`;

const contasPorPeriodo: DefinicaoRelatorio = {
  id: 'financeiro-contas',
  grupo: 'Financeiro',
  titulo: 'Contas a pagar e a receber',
  definicao:
    'Parcelas de títulos não cancelados, pela data escolhida: vencimento, competência do título ou data de cada baixa (baixas estornadas ficam de fora).',
  filtros: ['periodo', 'natureza', 'base', 'cliente_id'],
  colunas: [
    { chave: 'data', titulo: 'Data', tipo: 'data' },
    { chave: 'natureza', titulo: 'Natureza', tipo: 'texto' },
    { chave: 'descricao', titulo: 'Descrição', tipo: 'texto' },
    { chave: 'pessoa', titulo: 'Cliente / fornecedor', tipo: 'texto' },
    { chave: 'parcela', titulo: 'Parcela', tipo: 'inteiro' },
    { chave: 'valor', titulo: 'Valor', tipo: 'dinheiro', somar: true },
    { chave: 'pago', titulo: 'Pago', tipo: 'dinheiro', somar: true },
    { chave: 'saldo', titulo: 'Em aberto', tipo: 'dinheiro', somar: true },
  ],
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'data', direcao: 'asc' },
  consulta: (f) => {
    const filtroTitulo = sql`t.cancelado_em IS NULL
      ${f.natureza ? sql`AND t.natureza = ${f.natureza}` : sql``}
      ${f.cliente_id ? sql`AND t.pessoa_id = ${f.cliente_id}` : sql``}`;
    const colunasComuns = sql`${NATUREZA} AS natureza, t.descricao,
      coalesce(c.nome, '') AS pessoa, p.numero AS parcela`;
    if (f.base === 'baixa') {
      // Each settlement is a row: what it paid off (amortizado) in "Pago".
      return sql`SELECT b.data::text AS data, ${colunasComuns}, p.valor, b.amortizado AS pago,
          0 AS saldo, lpad(b.id::text, 12, '0') AS "__ordem"
        FROM baixas b JOIN parcelas p ON p.id = b.parcela_id JOIN titulos t ON t.id = p.titulo_id
        LEFT JOIN cadastros c ON c.id = t.pessoa_id
        WHERE b.estornada_em IS NULL AND b.data BETWEEN ${f.de} AND ${f.ate} AND ${filtroTitulo}`;
    }
    const data = f.base === 'competencia' ? sql`t.competencia` : sql`p.vencimento`;
    return sql`SELECT ${data}::text AS data, ${colunasComuns}, p.valor, p.valor_pago AS pago,
        p.valor - p.valor_pago AS saldo, lpad(p.id::text, 12, '0') AS "__ordem"
      FROM parcelas p JOIN titulos t ON t.id = p.titulo_id
      LEFT JOIN cadastros c ON c.id = t.pessoa_id
      WHERE ${data} BETWEEN ${f.de} AND ${f.ate} AND ${filtroTitulo}`;
  },
};

/** The aging's bucket columns, titled by the limits the user chose (0–30 dias…). */
function faixasDeAtraso(f: Pick<FiltrosLidos, 'faixa1' | 'faixa2' | 'faixa3'>): ColunaRelatorio[] {
  const dias = (n: number) => formatDecimal(n, 0);
  return [
    { chave: 'faixa1', titulo: `0–${dias(f.faixa1)} dias`, tipo: 'dinheiro', somar: true },
    {
      chave: 'faixa2',
      titulo: `${dias(f.faixa1 + 1)}–${dias(f.faixa2)} dias`,
      tipo: 'dinheiro',
      somar: true,
    },
    {
      chave: 'faixa3',
      titulo: `${dias(f.faixa2 + 1)}–${dias(f.faixa3)} dias`,
      tipo: 'dinheiro',
      somar: true,
    },
    { chave: 'faixa4', titulo: `Mais de ${dias(f.faixa3)} dias`, tipo: 'dinheiro', somar: true },
  ];
}

const colunasDaInadimplencia = (f: Pick<FiltrosLidos, 'faixa1' | 'faixa2' | 'faixa3'>) => [
  { chave: 'cliente', titulo: 'Cliente', tipo: 'texto' } as const,
  { chave: 'parcelas', titulo: 'Parcelas vencidas', tipo: 'inteiro', somar: true } as const,
  ...faixasDeAtraso(f),
  { chave: 'total', titulo: 'Total vencido', tipo: 'dinheiro', somar: true } as const,
  { chave: 'maior_atraso', titulo: 'Maior atraso (dias)', tipo: 'inteiro' } as const,
];

const inadimplencia: DefinicaoRelatorio = {
  id: 'financeiro-inadimplencia',
  grupo: 'Financeiro',
  titulo: 'Inadimplência por idade',
  definicao:
    'Saldo das parcelas a receber vencidas na data escolhida (valor menos o que as baixas até essa data amortizaram), por cliente e por dias de atraso.',
  filtros: ['data', 'faixas', 'cliente_id'],
  colunas: colunasDaInadimplencia({ faixa1: 30, faixa2: 60, faixa3: 90 }),
  colunasPara: colunasDaInadimplencia,
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'total', direcao: 'desc' },
  // What an installment owed at the day: what it owes now plus what settlements after the day
  // paid off (valor_pago is the sum of its settlements' amortizado). Only installments open now
  // or settled after the day are read (the status index and the few settlements after the day),
  // not every installment of every past sale.
  consulta: (f) => sql`
    WITH depois AS (
      SELECT b.parcela_id, sum(b.amortizado) AS valor FROM baixas b
      WHERE b.estornada_em IS NULL AND b.data > ${f.ate} GROUP BY b.parcela_id),
    vencidas AS (
      SELECT t.pessoa_id, ${f.ate}::date - p.vencimento AS atraso,
        p.valor - p.valor_pago + coalesce(d.valor, 0) AS saldo
      FROM parcelas p JOIN titulos t ON t.id = p.titulo_id
      LEFT JOIN depois d ON d.parcela_id = p.id
      WHERE t.natureza = 'receber' AND t.cancelado_em IS NULL AND p.vencimento < ${f.ate}
        AND p.status <> 'cancelado' AND (p.status IN ('aberto', 'parcial') OR d.parcela_id IS NOT NULL)
        ${f.cliente_id ? sql`AND t.pessoa_id = ${f.cliente_id}` : sql``})
    SELECT coalesce(c.nome, 'Sem cliente') AS cliente, count(*) AS parcelas,
      coalesce(sum(v.saldo) FILTER (WHERE v.atraso <= ${f.faixa1}), 0) AS faixa1,
      coalesce(sum(v.saldo) FILTER (WHERE v.atraso > ${f.faixa1} AND v.atraso <= ${f.faixa2}), 0) AS faixa2,
      coalesce(sum(v.saldo) FILTER (WHERE v.atraso > ${f.faixa2} AND v.atraso <= ${f.faixa3}), 0) AS faixa3,
      coalesce(sum(v.saldo) FILTER (WHERE v.atraso > ${f.faixa3}), 0) AS faixa4,
      sum(v.saldo) AS total, max(v.atraso) AS maior_atraso,
      lpad(coalesce(v.pessoa_id, 0)::text, 10, '0') AS "__ordem"
    FROM vencidas v LEFT JOIN cadastros c ON c.id = v.pessoa_id
    WHERE v.saldo > 0
    GROUP BY v.pessoa_id, c.nome`,
};

const fluxoRealizadoPrevisto: DefinicaoRelatorio = {
  id: 'financeiro-fluxo',
  grupo: 'Financeiro',
  titulo: 'Fluxo de caixa realizado × previsto',
  definicao:
    'Previsto: o valor das parcelas de títulos não cancelados pelo vencimento; realizado: o dinheiro das baixas não estornadas pela data da baixa (com juros e multa, menos descontos).',
  filtros: ['periodo', 'agrupar'],
  colunas: [
    { chave: 'periodo', titulo: 'Período', tipo: 'texto' },
    { chave: 'entradas_previstas', titulo: 'Entradas previstas', tipo: 'dinheiro', somar: true },
    { chave: 'entradas_realizadas', titulo: 'Entradas realizadas', tipo: 'dinheiro', somar: true },
    { chave: 'saidas_previstas', titulo: 'Saídas previstas', tipo: 'dinheiro', somar: true },
    { chave: 'saidas_realizadas', titulo: 'Saídas realizadas', tipo: 'dinheiro', somar: true },
    { chave: 'saldo_previsto', titulo: 'Saldo previsto', tipo: 'dinheiro', somar: true },
    { chave: 'saldo_realizado', titulo: 'Saldo realizado', tipo: 'dinheiro', somar: true },
  ],
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'periodo', direcao: 'asc' },
  ordenarPor: { periodo: '__ordem' },
  consulta: (f) => sql`
    WITH movimentos AS (
      SELECT ${inicioDoPeriodo(f, sql`p.vencimento`)} AS inicio, t.natureza, p.valor AS previsto, 0 AS realizado
      FROM parcelas p JOIN titulos t ON t.id = p.titulo_id
      WHERE t.cancelado_em IS NULL AND p.vencimento BETWEEN ${f.de} AND ${f.ate}
      UNION ALL
      SELECT ${inicioDoPeriodo(f, sql`b.data`)}, t.natureza, 0, b.valor
      FROM baixas b JOIN parcelas p ON p.id = b.parcela_id JOIN titulos t ON t.id = p.titulo_id
      WHERE b.estornada_em IS NULL AND b.data BETWEEN ${f.de} AND ${f.ate}),
    somas AS (
      SELECT inicio,
        sum(previsto) FILTER (WHERE natureza = 'receber') AS ep,
        sum(realizado) FILTER (WHERE natureza = 'receber') AS er,
        sum(previsto) FILTER (WHERE natureza = 'pagar') AS sp,
        sum(realizado) FILTER (WHERE natureza = 'pagar') AS sr
      FROM movimentos GROUP BY inicio)
    SELECT p.periodo, coalesce(s.ep, 0) AS entradas_previstas, coalesce(s.er, 0) AS entradas_realizadas,
      coalesce(s.sp, 0) AS saidas_previstas, coalesce(s.sr, 0) AS saidas_realizadas,
      coalesce(s.ep, 0) - coalesce(s.sp, 0) AS saldo_previsto,
      coalesce(s.er, 0) - coalesce(s.sr, 0) AS saldo_realizado, p."__ordem"
    FROM (${periodos(f)}) p LEFT JOIN somas s ON s.inicio = p.s`,
};

export const RELATORIOS_FINANCEIROS: readonly DefinicaoRelatorio[] = [
  contasPorPeriodo,
  inadimplencia,
  fluxoRealizadoPrevisto,
];
