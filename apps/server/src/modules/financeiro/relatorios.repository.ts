import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_MANAGER, hasRole, type Role } from '@prumo/shared/auth';
import { addDaysISO, addMonthsISO, todayISO } from '@prumo/shared/dates';
import {
  FINANCEIRO_MESSAGES,
  LINHAS_DRE,
  type Dashboard,
  type Dre,
  type DreQuery,
  type FluxoCaixa,
  type FluxoCaixaQuery,
} from '@prumo/shared/financeiro';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import type { Executor } from '../../db/database';
import { inicioDoDia, selectRows } from '../../db/sql-helpers';
import { badRequest, notFound } from '../../http/errors';
import { movimentosFinanceiros } from './financeiro.repository';

/*
 * Finance reports: cash flow, the DRE and the dashboard. Each is a fixed handful of aggregate
 * queries (grouped by day or month in SQL, summed as numeric) whatever the amount of data; the
 * JavaScript side only lays the sums out, in integer centavos.
 *
 * Realised money is the ledger's movements (settlements and transfers not reversed, the same rows
 * the balances and statements read), by their date: a receivable's cash in, a payable's cash
 * out. Planned money is what is still owed on installments neither paid nor
 * cancelled, by due day. Balances are never stored: opening balance plus the realised movements.
 */

/** Most days a cash flow by day covers, and most months a cash flow by month or a DRE. */
export const FLUXO_DIAS_MAX = 400;
export const RELATORIO_MESES_MAX = 60;
const periodoLongoMessage = (maximo: string) => `Escolha um período de até ${maximo}.`;

const centavos = (value: number | null) => toCentavos(Number(value ?? 0));

/** "aaaa-mm" `n` months after another. */
const mesMais = (mes: string, n: number) => addMonthsISO(`${mes}-01`, n).slice(0, 7);

/** The months from `de` to `ate` ("aaaa-mm"), both included. */
function mesesEntre(de: string, ate: string): string[] {
  const meses: string[] = [];
  for (let mes = de; mes <= ate; mes = mesMais(mes, 1)) meses.push(mes);
  return meses;
}

/** The month of an instant in the company's calendar, as "aaaa-mm". */
const mesDoInstante = (column: SQL, timeZone: string) =>
  sql`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM')`;

/**
 * The settlements not reversed, summed as if every one were money in, and the payables' ones
 * apart: a payable's settlement is money out, so it comes off twice (once for the sum above).
 * The same totals as the ledger's movements (movimentosFinanceiros), without joining every
 * settlement to its title: the payables are found from their titles (few), the rest is one scan
 * of the settlements. `onde` filters the settlements (alias b).
 */
function baixasSemJuntar(grupo: SQL, onde: SQL): SQL {
  return sql`
    SELECT ${grupo} AS grupo, sum(b.valor) AS total, 0 AS pagar
    FROM baixas b WHERE b.estornada_em IS NULL AND ${onde}
    GROUP BY 1
    UNION ALL
    SELECT ${grupo}, 0, sum(b.valor)
    FROM titulos t
    JOIN parcelas p ON p.titulo_id = t.id
    JOIN baixas b ON b.parcela_id = p.id
    WHERE t.natureza = 'pagar' AND b.estornada_em IS NULL AND ${onde}
    GROUP BY 1`;
}

/** Each account's balance at the start of `dia` (null: today's, with every movement). */
function saldosDasContas(dia: string | null): SQL {
  const antes = (column: SQL) => (dia === null ? sql`true` : sql`${column} < ${dia}`);
  return sql`
    SELECT c.id, c.nome, c.banco, c.ativo, c.saldo_inicial + coalesce(m.total, 0) AS saldo
    FROM contas_financeiras c
    LEFT JOIN (
      SELECT conta_id, sum(valor) AS total FROM (
        SELECT grupo AS conta_id, total - 2 * pagar AS valor
        FROM (${baixasSemJuntar(sql`b.conta_id`, antes(sql`b.data`))}) baixas
        UNION ALL
        SELECT tr.origem_id, -tr.valor FROM transferencias tr
        WHERE tr.estornada_em IS NULL AND ${antes(sql`tr.data`)}
        UNION ALL
        SELECT tr.destino_id, tr.valor FROM transferencias tr
        WHERE tr.estornada_em IS NULL AND ${antes(sql`tr.data`)}
      ) mov
      GROUP BY conta_id
    ) m ON m.conta_id = c.id
    ORDER BY c.id`;
}

interface SaldoRow {
  id: number;
  nome: string;
  banco: string | null;
  ativo: boolean;
  saldo: number;
}

// ---------------------------------------------------------------- cash flow

interface MovimentoDia {
  dia: string;
  entradas: number | null;
  saidas: number | null;
}

/**
 * GET /api/financeiro/fluxo-caixa. Without an account the transfers are left out (they move
 * money between the company's own accounts and net to zero); with `conta_id` they count, and
 * the planned money is left out, since an installment does not say which account it will use.
 * Planned money is the open installments due in the period (those overdue before it are not).
 */
export async function fluxoCaixa(
  db: Executor,
  query: FluxoCaixaQuery,
  timeZone: string,
): Promise<FluxoCaixa> {
  const de = query.de ?? `${(query.ate ?? todayISO(timeZone)).slice(0, 8)}01`;
  const ate = query.ate ?? addDaysISO(addMonthsISO(`${de.slice(0, 8)}01`, 1), -1);
  if (de > ate) {
    throw badRequest(FINANCEIRO_MESSAGES.periodoInvalido, {
      ate: FINANCEIRO_MESSAGES.periodoInvalido,
    });
  }
  const porDia = query.agrupar === 'dia';
  const periodos = porDia ? diasEntre(de, ate) : mesesEntre(de.slice(0, 7), ate.slice(0, 7));
  if (periodos.length > (porDia ? FLUXO_DIAS_MAX : RELATORIO_MESES_MAX)) {
    const message = periodoLongoMessage(
      porDia ? `${FLUXO_DIAS_MAX} dias` : `${RELATORIO_MESES_MAX} meses`,
    );
    throw badRequest(message, { ate: message });
  }
  const conta = query.conta_id ?? null;

  const [saldos, realizados, previstos] = await Promise.all([
    selectRows<SaldoRow>(db, saldosDasContas(de)),
    selectRows<MovimentoDia>(db, movimentosRealizados(de, ate, conta)),
    conta === null
      ? selectRows<MovimentoDia>(db, parcelasEmAberto(de, ate, todayISO(timeZone)))
      : [],
  ]);
  const contas = conta === null ? saldos : saldos.filter((s) => s.id === conta);
  if (contas.length === 0 && conta !== null) {
    throw notFound(FINANCEIRO_MESSAGES.contaNaoEncontrada);
  }

  const chave = (dia: string) => (porDia ? dia : dia.slice(0, 7));
  const somas = new Map(periodos.map((p) => [p, { er: 0, sr: 0, ep: 0, sp: 0 }]));
  for (const r of realizados) {
    const soma = somas.get(chave(r.dia))!;
    soma.er += centavos(r.entradas);
    soma.sr += centavos(r.saidas);
  }
  for (const r of previstos) {
    const soma = somas.get(chave(r.dia))!;
    soma.ep += centavos(r.entradas);
    soma.sp += centavos(r.saidas);
  }

  const inicial = contas.reduce((total, c) => total + centavos(c.saldo), 0);
  let realizado = inicial;
  let previsto = 0;
  return {
    de,
    ate,
    saldo_inicial: fromCentavos(inicial),
    periodos: periodos.map((periodo) => {
      const { er, sr, ep, sp } = somas.get(periodo)!;
      realizado += er - sr;
      previsto += ep - sp;
      return {
        periodo,
        entradas_realizadas: fromCentavos(er),
        saidas_realizadas: fromCentavos(sr),
        entradas_previstas: fromCentavos(ep),
        saidas_previstas: fromCentavos(sp),
        saldo_realizado: fromCentavos(realizado),
        saldo_projetado: fromCentavos(realizado + previsto),
      };
    }),
  };
}

function diasEntre(de: string, ate: string): string[] {
  const dias: string[] = [];
  // Stops one past the maximum: enough to refuse a longer period without building it.
  for (let dia = de; dia <= ate && dias.length <= FLUXO_DIAS_MAX; dia = addDaysISO(dia, 1)) {
    dias.push(dia);
  }
  return dias;
}

/**
 * The ledger's movements by day: of one account (its transfers too), or of every account
 * (settlements only: a transfer is money going from one of them to another).
 */
function movimentosRealizados(de: string, ate: string, conta: number | null): SQL {
  return sql`
    SELECT mov.data::text AS dia,
      sum(mov.valor) FILTER (WHERE mov.valor > 0) AS entradas,
      -sum(mov.valor) FILTER (WHERE mov.valor < 0) AS saidas
    FROM ${movimentosFinanceiros}
    WHERE mov.data BETWEEN ${de} AND ${ate}
      AND ${conta === null ? sql`mov.tipo = 'baixa'` : sql`mov.conta_id = ${conta}`}
    GROUP BY mov.data`;
}

/**
 * What is still owed on open installments, by the day it is still expected: its due day, or
 * today for one already overdue (money still to come is never dated in the past).
 */
function parcelasEmAberto(de: string, ate: string, hoje: string): SQL {
  const dia = sql`greatest(p.vencimento, ${hoje}::date)`;
  return sql`
    SELECT ${dia}::text AS dia,
      sum(p.valor - p.valor_pago) FILTER (WHERE t.natureza = 'receber') AS entradas,
      sum(p.valor - p.valor_pago) FILTER (WHERE t.natureza = 'pagar') AS saidas
    FROM parcelas p
    JOIN titulos t ON t.id = p.titulo_id
    WHERE p.status IN ('aberto', 'parcial') AND t.cancelado_em IS NULL
      AND ${dia} BETWEEN ${de} AND ${ate}
    GROUP BY 1`;
}

// ---------------------------------------------------------------- DRE

type ChaveDre = (typeof LINHAS_DRE)[number]['chave'];

interface OperacaoMes {
  mes: string;
  produtos: number;
  servicos: number;
  descontos: number;
  cancelamentos: number;
  cmv: number;
}

interface TituloMes {
  mes: string;
  natureza: 'pagar' | 'receber';
  categoria_id: number | null;
  categoria: string | null;
  valor: number;
}

/**
 * The business's operations by month in the company's calendar:
 * - product and counter sales, in the month they were finalized: receita de produtos = their
 *   valor_total (the lines after their own discounts) + frete; descontos = the sale's general
 *   discount; CMV = Σ quantidade × custo_unitario (kept on the line at the sale), each line
 *   rounded to the centavo;
 * - a finalized sale cancelled later, in the month it was cancelled: cancelamentos = its
 *   valor_final, and its CMV comes back (negative);
 * - appointments, in the month they were concluded: receita de serviços = the service's price,
 *   descontos = their discount;
 * - service orders, in the month they were concluded (a concluded order is never cancelled):
 *   the parts are receita de produtos and CMV, the labour, freight and other charges receita de
 *   serviços, the order's discount descontos.
 */
function operacoesPorMes(inicio: SQL, fim: SQL, timeZone: string): SQL {
  const noPeriodo = (column: SQL) => sql`${column} >= ${inicio} AND ${column} < ${fim}`;
  const custo = (tabela: string, chave: string, id: SQL) =>
    sql`(SELECT coalesce(sum(round(l.quantidade * l.custo_unitario, 2)), 0)
         FROM ${sql.identifier(tabela)} l WHERE l.${sql.identifier(chave)} = ${id})`;
  return sql`
    WITH venda AS (
      SELECT v.status, v.finalizada_em, v.cancelada_em, v.valor_total, v.frete, v.desconto,
        v.valor_final, ${custo('venda_itens', 'venda_id', sql`v.id`)} AS custo
      FROM vendas v
      WHERE v.tipo IN ('produto', 'balcao') AND v.finalizada_em IS NOT NULL
        AND ((${noPeriodo(sql`v.finalizada_em`)})
          OR (v.status = 'Cancelada' AND ${noPeriodo(sql`v.cancelada_em`)}))
    )
    SELECT mes, sum(produtos) AS produtos, sum(servicos) AS servicos,
      sum(descontos) AS descontos, sum(cancelamentos) AS cancelamentos, sum(cmv) AS cmv
    FROM (
      SELECT ${mesDoInstante(sql`finalizada_em`, timeZone)} AS mes, valor_total + frete AS produtos,
        0 AS servicos, desconto AS descontos, 0 AS cancelamentos, custo AS cmv
      FROM venda WHERE ${noPeriodo(sql`finalizada_em`)}
      UNION ALL
      SELECT ${mesDoInstante(sql`cancelada_em`, timeZone)}, 0, 0, 0, valor_final, -custo
      FROM venda WHERE status = 'Cancelada' AND ${noPeriodo(sql`cancelada_em`)}
      UNION ALL
      SELECT ${mesDoInstante(sql`concluido_em`, timeZone)}, 0, valor_total, desconto, 0, 0
      FROM vendas
      WHERE tipo = 'servico' AND status = 'Concluído' AND ${noPeriodo(sql`concluido_em`)}
      UNION ALL
      SELECT ${mesDoInstante(sql`o.concluida_em`, timeZone)}, o.pecas,
        o.mao_de_obra + o.frete + o.outros, o.desconto, 0,
        ${custo('ordem_servico_produtos', 'ordem_servico_id', sql`o.id`)}
      FROM ordens_servico o
      WHERE o.situacao IN ('concluida', 'entregue') AND ${noPeriodo(sql`o.concluida_em`)}
    ) operacoes
    GROUP BY mes`;
}

/**
 * Titles by the month of their competência, not cancelled: the payables by category, and the
 * receivables typed by hand (those of sales and orders are already in the revenue above).
 */
function titulosPorMes(de: string, fim: string): SQL {
  return sql`
    SELECT to_char(t.competencia, 'YYYY-MM') AS mes, t.natureza, t.categoria_id,
      c.nome AS categoria, sum(t.valor) AS valor
    FROM titulos t
    LEFT JOIN categorias_financeiras c ON c.id = t.categoria_id
    WHERE t.cancelado_em IS NULL AND t.competencia >= ${de} AND t.competencia < ${fim}
      AND (t.natureza = 'pagar' OR (t.venda_id IS NULL AND t.ordem_servico_id IS NULL))
      -- Goods bought are stock: they reach the DRE as CMV when sold, not as an expense.
      AND c.slug IS DISTINCT FROM 'compra-mercadorias'
    GROUP BY 1, 2, 3, 4`;
}

const SEM_CATEGORIA = 'Sem categoria';

/**
 * GET /api/financeiro/dre: by month, from `de` to `ate` (default: the last six months including
 * the current one). receita bruta = produtos + serviços; receita líquida = bruta − descontos −
 * cancelamentos; lucro bruto = líquida − CMV; resultado = lucro bruto + outras receitas −
 * despesas. Deductions are positive numbers on their (−) rows.
 */
export async function dre(db: Executor, query: DreQuery, timeZone: string): Promise<Dre> {
  const ate = query.ate ?? (query.de ? mesMais(query.de, 5) : todayISO(timeZone).slice(0, 7));
  const de = query.de ?? mesMais(ate, -5);
  const meses = mesesEntre(de, ate);
  if (meses.length > RELATORIO_MESES_MAX) {
    const message = periodoLongoMessage(`${RELATORIO_MESES_MAX} meses`);
    throw badRequest(message, { ate: message });
  }
  const inicio = `${de}-01`;
  const fim = `${mesMais(ate, 1)}-01`;
  const [operacoes, titulos] = await Promise.all([
    selectRows<OperacaoMes>(
      db,
      operacoesPorMes(inicioDoDia(inicio, timeZone), inicioDoDia(fim, timeZone), timeZone),
    ),
    selectRows<TituloMes>(db, titulosPorMes(inicio, fim)),
  ]);

  const indice = new Map(meses.map((mes, i) => [mes, i]));
  const porMes = meses.map(
    () => Object.fromEntries(LINHAS_DRE.map((l) => [l.chave, 0])) as Record<ChaveDre, number>,
  );
  for (const op of operacoes) {
    const m = porMes[indice.get(op.mes)!]!;
    m.receita_produtos += centavos(op.produtos);
    m.receita_servicos += centavos(op.servicos);
    m.descontos += centavos(op.descontos);
    m.cancelamentos += centavos(op.cancelamentos);
    m.cmv += centavos(op.cmv);
  }
  const despesas = new Map<string, { rotulo: string; valores: number[] }>();
  for (const t of titulos) {
    const i = indice.get(t.mes)!;
    const m = porMes[i]!;
    if (t.natureza === 'receber') {
      m.outras_receitas += centavos(t.valor);
      continue;
    }
    const chave = `despesa:${t.categoria_id ?? 0}`;
    let detalhe = despesas.get(chave);
    if (!detalhe) {
      detalhe = { rotulo: t.categoria ?? SEM_CATEGORIA, valores: meses.map(() => 0) };
      despesas.set(chave, detalhe);
    }
    detalhe.valores[i] = detalhe.valores[i]! + centavos(t.valor);
    m.despesas += centavos(t.valor);
  }
  for (const m of porMes) {
    m.receita_bruta = m.receita_produtos + m.receita_servicos;
    m.receita_liquida = m.receita_bruta - m.descontos - m.cancelamentos;
    m.lucro_bruto = m.receita_liquida - m.cmv;
    m.resultado = m.lucro_bruto + m.outras_receitas - m.despesas;
  }

  const linha = (chave: string, rotulo: string, nivel: number, valores: number[]) => ({
    chave,
    rotulo,
    nivel,
    valores: valores.map(fromCentavos),
    total: fromCentavos(valores.reduce((a, b) => a + b, 0)),
  });
  const detalhes = [...despesas.entries()]
    .sort(([, a], [, b]) => a.rotulo.localeCompare(b.rotulo, 'pt-BR'))
    .map(([chave, d]) => linha(chave, d.rotulo, 1, d.valores));
  return {
    meses,
    linhas: LINHAS_DRE.flatMap(({ chave, rotulo }) => {
      const total = linha(
        chave,
        rotulo,
        0,
        porMes.map((m) => m[chave]),
      );
      return chave === 'despesas' ? [total, ...detalhes] : [total];
    }),
  };
}

/** A text cell: quoted when needed, and never read by a spreadsheet as a formula. */
function celulaTexto(text: string): string {
  const seguro = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\n\r]/.test(seguro) ? `"${seguro.replaceAll('"', '""')}"` : seguro;
}

/** A money cell the way Excel reads it in Brazil: decimal comma, no thousands separator. */
const celulaValor = (value: number) => value.toFixed(2).replace('.', ',');

/**
 * The DRE as CSV for Excel in Brazil: UTF-8 with a BOM (so accents survive), ';' between cells,
 * decimal commas, one row per line of the report with a column per month and the total.
 */
export function dreCsv(relatorio: Dre): string {
  const cabecalho = [
    'Linha',
    ...relatorio.meses.map((mes) => `${mes.slice(5)}/${mes.slice(0, 4)}`),
    'Total',
  ];
  const linhas = relatorio.linhas.map((l) =>
    [
      celulaTexto(l.nivel > 0 ? `    ${l.rotulo}` : l.rotulo),
      ...l.valores.map(celulaValor),
      celulaValor(l.total),
    ].join(';'),
  );
  return `\uFEFF${[cabecalho.join(';'), ...linhas].join('\r\n')}\r\n`;
}

/** "dre-aaaa-mm-a-aaaa-mm.csv" */
export const nomeArquivoDre = (relatorio: Dre) =>
  `dre-${relatorio.meses[0]}-a-${relatorio.meses.at(-1)}.csv`;

// ---------------------------------------------------------------- dashboard

interface VencimentoRow {
  dia: string;
  natureza: 'pagar' | 'receber';
  quantidade: number;
  saldo: number;
}

/**
 * GET /api/dashboard in at most five queries, run side by side: the open installments from
 * yesterday to the end of the month, the settlements of the last six months, the balances,
 * the sales by product group and this month's appointments (the first three only for the
 * finance roles).
 */
export async function dashboard(db: Executor, role: Role, timeZone: string): Promise<Dashboard> {
  const hoje = todayISO(timeZone);
  const ontem = addDaysISO(hoje, -1);
  const mes = hoje.slice(0, 7);
  const inicioMes = `${mes}-01`;
  const fimMes = addDaysISO(`${mesMais(mes, 1)}-01`, -1);
  const financeiro = hasRole(role, ADMIN_MANAGER);
  const [vencimentos, fluxo, saldos, categorias, agendamentos] = await Promise.all([
    financeiro
      ? selectRows<VencimentoRow>(
          db,
          sql`
          SELECT p.vencimento::text AS dia, t.natureza, count(*) AS quantidade,
            sum(p.valor - p.valor_pago) AS saldo
          FROM parcelas p
          JOIN titulos t ON t.id = p.titulo_id
          WHERE p.status IN ('aberto', 'parcial') AND t.cancelado_em IS NULL
            AND p.vencimento BETWEEN ${ontem < inicioMes ? ontem : inicioMes} AND ${fimMes}
          GROUP BY 1, 2`,
        )
      : [],
    financeiro
      ? selectRows<{ mes: string; receitas: number | null; despesas: number | null }>(
          db,
          sql`
          SELECT grupo AS mes, sum(total) - sum(pagar) AS receitas, sum(pagar) AS despesas
          FROM (${baixasSemJuntar(
            sql`to_char(b.data, 'YYYY-MM')`,
            sql`b.data BETWEEN ${`${mesMais(mes, -5)}-01`} AND ${fimMes}`,
          )}) baixas
          GROUP BY 1`,
        )
      : [],
    financeiro ? selectRows<SaldoRow>(db, saldosDasContas(null)) : [],
    selectRows<{ categoria: string; valor: number }>(db, vendasPorCategoria(hoje, timeZone)),
    selectRows<{ dia: string; quantidade: number }>(
      db,
      sql`
      SELECT data_agendamento::text AS dia, count(*) AS quantidade
      FROM vendas
      WHERE tipo = 'servico' AND status <> 'Cancelado'
        AND data_agendamento BETWEEN ${inicioMes} AND ${fimMes}
      GROUP BY 1`,
    ),
  ]);

  const devido = (dia: string, natureza: VencimentoRow['natureza']) =>
    fromCentavos(
      vencimentos
        .filter((v) => v.dia === dia && v.natureza === natureza)
        .reduce((total, v) => total + centavos(v.saldo), 0),
    );
  const porMes = new Map(fluxo.map((f) => [f.mes, f]));
  const realizado = (m: string, campo: 'receitas' | 'despesas') =>
    fromCentavos(centavos(porMes.get(m)?.[campo] ?? 0));

  const diasComVencimento = new Map<string, number>();
  for (const v of vencimentos) {
    if (v.dia >= inicioMes) {
      diasComVencimento.set(v.dia, (diasComVencimento.get(v.dia) ?? 0) + Number(v.quantidade));
    }
  }
  const calendario: Dashboard['calendario'] = [
    ...[...diasComVencimento].map(([dia, quantidade]) => ({
      dia,
      tipo: 'vencimento' as const,
      quantidade,
    })),
    ...agendamentos.map((a) => ({
      dia: a.dia,
      tipo: 'agendamento' as const,
      quantidade: Number(a.quantidade),
    })),
  ].sort((a, b) => a.dia.localeCompare(b.dia) || a.tipo.localeCompare(b.tipo));

  return {
    hoje,
    financeiro: financeiro
      ? {
          a_receber_hoje: devido(hoje, 'receber'),
          a_receber_ontem: devido(ontem, 'receber'),
          a_pagar_hoje: devido(hoje, 'pagar'),
          a_pagar_ontem: devido(ontem, 'pagar'),
          recebimentos_mes: realizado(mes, 'receitas'),
          recebimentos_mes_anterior: realizado(mesMais(mes, -1), 'receitas'),
          pagamentos_mes: realizado(mes, 'despesas'),
          pagamentos_mes_anterior: realizado(mesMais(mes, -1), 'despesas'),
          fluxo: mesesEntre(mesMais(mes, -5), mes).map((m) => ({
            mes: m,
            receitas: realizado(m, 'receitas'),
            despesas: realizado(m, 'despesas'),
          })),
          contas: saldos
            .filter((c) => c.ativo)
            .map((c) => ({
              id: c.id,
              nome: c.nome,
              banco: c.banco,
              saldo: fromCentavos(centavos(c.saldo)),
            })),
        }
      : null,
    vendas_por_categoria: categorias.map((c) => ({
      categoria: c.categoria,
      valor: fromCentavos(centavos(c.valor)),
    })),
    calendario,
  };
}

export const FATIA_SERVICOS = 'Serviços';

/**
 * The last 30 days (today included): finalized product and counter sales by the product's
 * group (the lines after their own discounts), and one slice for the concluded appointments
 * and service orders; largest first.
 */
function vendasPorCategoria(hoje: string, timeZone: string): SQL {
  const desde = inicioDoDia(addDaysISO(hoje, -29), timeZone);
  return sql`
    SELECT categoria, valor FROM (
      -- The month's sales by their index, then each one's lines by theirs (OFFSET 0 keeps the
      -- planner from reading every line of every sale to join them by hash).
      SELECT c.nome AS categoria, sum(i.subtotal) AS valor
      FROM vendas v
      CROSS JOIN LATERAL (
        SELECT l.produto_id, l.subtotal FROM venda_itens l WHERE l.venda_id = v.id OFFSET 0
      ) i
      JOIN produtos p ON p.id = i.produto_id
      JOIN categorias c ON c.id = p.categoria_id
      WHERE v.tipo IN ('produto', 'balcao') AND v.status = 'Finalizada'
        AND v.finalizada_em >= ${desde}
      GROUP BY c.nome
      UNION ALL
      SELECT ${FATIA_SERVICOS}::text, sum(valor) FROM (
        SELECT valor_final AS valor FROM vendas
        WHERE tipo = 'servico' AND status = 'Concluído' AND concluido_em >= ${desde}
        UNION ALL
        SELECT valor_total FROM ordens_servico
        WHERE situacao IN ('concluida', 'entregue') AND concluida_em >= ${desde}
      ) servicos
    ) fatias
    WHERE valor > 0
    ORDER BY valor DESC, categoria`;
}
