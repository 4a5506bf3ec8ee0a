// The owner's page of numbers (/analytics): every figure is read through the same reports as
// /relatorios (the same SQL, the same definitions), so a KPI and its report never disagree.
import { addDaysISO, addMonthsISO, todayISO } from '@prumo/shared/dates';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import {
  relatorioQuerySchema,
  type Agrupamento,
  type Analytics,
  type AnalyticsQuery,
  type LinhaRelatorio,
  type RelatorioQueryInput,
  type RelatorioResposta,
} from '@prumo/shared/relatorios';
import type { Executor } from '../../db/database';
import { CATALOGO } from './relatorios.catalogo';
import {
  lerFiltros,
  paginaDoRelatorio,
  totaisDoRelatorio,
  type ContextoRelatorio,
} from './relatorios.repository';

interface Periodo {
  de: string;
  ate: string;
}

/** Days in a period, both ends counted. */
const diasDe = ({ de, ate }: Periodo) =>
  Math.round((Date.parse(`${ate}T12:00:00Z`) - Date.parse(`${de}T12:00:00Z`)) / 86_400_000) + 1;

/** The series' buckets for a period's length: days up to two months, weeks up to half a year. */
const agrupamentoPara = (dias: number): Agrupamento =>
  dias <= 62 ? 'dia' : dias <= 26 * 7 ? 'semana' : 'mes';

const numero = (linha: LinhaRelatorio | undefined, chave: string) => Number(linha?.[chave] ?? 0);

/** Revenue over sales, to the centavo (0 without sales). */
const ticket = (faturamento: number, vendas: number) =>
  vendas > 0 ? fromCentavos(Math.round(toCentavos(faturamento) / vendas)) : 0;

export async function analytics(
  db: Executor,
  query: AnalyticsQuery,
  contexto: ContextoRelatorio,
  mrr: () => Promise<number | null>,
): Promise<Analytics> {
  const hoje = todayISO(contexto.timeZone);
  const periodo = {
    de: query.de ?? `${(query.ate ?? hoje).slice(0, 7)}-01`,
    ate: query.ate ?? hoje,
  };
  const dias = diasDe(periodo);
  const anterior = { de: addDaysISO(periodo.de, -dias), ate: addDaysISO(periodo.de, -1) };
  const anoAnterior = { de: addMonthsISO(periodo.de, -12), ate: addMonthsISO(periodo.ate, -12) };
  const agrupar = agrupamentoPara(dias);

  const preparar = (id: string, p: Periodo, extra: RelatorioQueryInput = {}) => {
    const relatorio = CATALOGO.find((r) => r.id === id)!;
    const consulta = relatorioQuerySchema.parse({ ...p, agrupar, ...extra });
    return { relatorio, filtros: lerFiltros(relatorio, consulta, contexto) };
  };
  const ler = (id: string, p: Periodo, extra: RelatorioQueryInput = {}) => {
    const { relatorio, filtros } = preparar(id, p, extra);
    return paginaDoRelatorio(db, relatorio, filtros, contexto);
  };
  /** Only a report's totals, for the periods compared with (no rows sorted or paged). */
  const somar = async (id: string, p: Periodo) => {
    const { relatorio, filtros } = preparar(id, p);
    return (await totaisDoRelatorio(db, relatorio, filtros, contexto)).somas;
  };
  const [serie, serieAno, antes, produtos, clientes, formas, semana, horas, recorrente] =
    await Promise.all([
      ler('vendas-por-periodo', periodo, { limit: 500 }),
      ler('vendas-por-periodo', anoAnterior, { limit: 500 }),
      somar('vendas-por-periodo', anterior),
      ler('vendas-por-produto', periodo, { limit: 10 }),
      ler('vendas-por-cliente', periodo, { limit: 10 }),
      ler('vendas-por-forma-pagamento', periodo, { limit: 10 }),
      ler('vendas-por-dia-da-semana', periodo, { limit: 7 }),
      ler('vendas-por-hora', periodo, { limit: 24 }),
      mrr(),
    ]);

  /** A total in the period, the one before it and last year's. */
  type Somas = Record<string, number>;
  const comparar = (chave: string, [atual, antes, ano]: [Somas, Somas, Somas]) => ({
    atual: atual[chave] ?? 0,
    anterior: antes[chave] ?? 0,
    ano_anterior: ano[chave] ?? 0,
  });
  const periodos: [Somas, Somas, Somas] = [serie.totais, antes, serieAno.totais];
  const vendas = comparar('vendas', periodos);
  const faturamento = comparar('faturamento', periodos);
  const fatias = (r: RelatorioResposta, nome: string, valor: string) =>
    r.linhas.map((l) => ({
      nome: String(l[nome] ?? ''),
      valor: numero(l, valor),
      participacao: numero(l, 'participacao'),
    }));
  const partes = (r: RelatorioResposta) =>
    r.linhas.map((l) => ({
      nome: String(l['rotulo']),
      vendas: numero(l, 'vendas'),
      valor: numero(l, 'faturamento'),
    }));

  return {
    periodo,
    anterior,
    ano_anterior: anoAnterior,
    agrupar,
    kpis: {
      faturamento,
      vendas,
      ticket_medio: {
        atual: ticket(faturamento.atual, vendas.atual),
        anterior: ticket(faturamento.anterior, vendas.anterior),
        ano_anterior: ticket(faturamento.ano_anterior, vendas.ano_anterior),
      },
      margem_bruta: comparar('margem', periodos),
      descontos: comparar('descontos', periodos),
    },
    serie: serie.linhas.map((l, i) => ({
      periodo: String(l['periodo']),
      atual: numero(l, 'faturamento'),
      ano_anterior: numero(serieAno.linhas[i], 'faturamento'),
    })),
    top_produtos: fatias(produtos, 'produto', 'faturamento'),
    top_clientes: fatias(clientes, 'nome', 'faturamento'),
    formas_pagamento: fatias(formas, 'forma', 'valor'),
    dias_da_semana: partes(semana),
    horas: partes(horas),
    mrr: recorrente,
  };
}
