// The Serviços reports: service orders by technician and situação, the time orders spend in
// each situação, appointments by professional, and the caixas with their closing differences.
import { sql } from 'drizzle-orm';
import { ADMIN_MANAGER, ALL_ROLES } from '@prumo/shared/auth';
import { addDaysISO } from '@prumo/shared/dates';
import { SITUACOES_OS } from '@prumo/shared/ordens-servico';
import { FORMAS_PAGAMENTO } from '@prumo/shared/vendas';
import { inicioDoDia } from '../../db/sql-helpers';
import type { ContextoRelatorio, DefinicaoRelatorio, FiltrosLidos } from './relatorios.repository';
import { participacao, rotuloDe } from './relatorios.sql';

/** An instant's period condition: from the start of `de` to the end of `ate`, company zone. */
const noPeriodo = (
  coluna: ReturnType<typeof sql>,
  f: FiltrosLidos,
  { timeZone }: ContextoRelatorio,
) =>
  sql`${coluna} >= ${inicioDoDia(f.de, timeZone)} AND ${coluna} < ${inicioDoDia(addDaysISO(f.ate, 1), timeZone)}`;

const ordensPorTecnico: DefinicaoRelatorio = {
  id: 'servicos-ordens-por-tecnico',
  grupo: 'Serviços',
  titulo: 'Ordens de serviço por técnico e situação',
  definicao:
    'Ordens de serviço que deram entrada no período, pelo técnico responsável e pela situação atual.',
  filtros: ['periodo', 'cliente_id'],
  colunas: [
    { chave: 'tecnico', titulo: 'Técnico', tipo: 'texto' },
    { chave: 'situacao', titulo: 'Situação', tipo: 'texto' },
    { chave: 'ordens', titulo: 'Ordens', tipo: 'inteiro', somar: true },
    { chave: 'valor', titulo: 'Valor total', tipo: 'dinheiro', somar: true },
    { chave: 'participacao', titulo: 'Participação nas ordens', tipo: 'percentual', somar: true },
  ],
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'tecnico', direcao: 'asc' },
  consulta: (f, contexto) => sql`
    SELECT coalesce(t.nome, 'Sem técnico') AS tecnico, ${rotuloDe(SITUACOES_OS, sql`o.situacao`)} AS situacao,
      count(*) AS ordens, sum(o.valor_total) AS valor, ${participacao(sql`count(*)`)} AS participacao,
      lpad(coalesce(o.tecnico_id, 0)::text, 10, '0') || o.situacao AS "__ordem"
    FROM ordens_servico o LEFT JOIN cadastros t ON t.id = o.tecnico_id
    WHERE ${noPeriodo(sql`o.data_entrada`, f, contexto)}
      ${f.cliente_id ? sql`AND o.cliente_id = ${f.cliente_id}` : sql``}
    GROUP BY o.tecnico_id, t.nome, o.situacao`,
};

const tempoPorEtapa: DefinicaoRelatorio = {
  id: 'servicos-tempo-por-etapa',
  grupo: 'Serviços',
  titulo: 'Tempo médio por etapa',
  definicao:
    'Para as ordens que deram entrada no período: quanto tempo cada uma ficou em cada situação, do registro da situação no histórico até a seguinte (a situação atual conta até agora).',
  filtros: ['periodo'],
  colunas: [
    { chave: 'etapa', titulo: 'Etapa', tipo: 'texto' },
    { chave: 'ordens', titulo: 'Ordens', tipo: 'inteiro' },
    { chave: 'media_horas', titulo: 'Média (horas)', tipo: 'numero' },
    { chave: 'minimo_horas', titulo: 'Mínimo (horas)', tipo: 'numero' },
    { chave: 'maximo_horas', titulo: 'Máximo (horas)', tipo: 'numero' },
  ],
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'etapa', direcao: 'asc' },
  ordenarPor: { etapa: '__ordem' },
  consulta: (f, contexto) => sql`
    WITH etapas AS (
      SELECT h.situacao,
        extract(epoch FROM coalesce(lead(h.created_at) OVER (PARTITION BY h.ordem_servico_id ORDER BY h.created_at, h.id), now()) - h.created_at) / 3600 AS horas
      FROM ordem_servico_historico h JOIN ordens_servico o ON o.id = h.ordem_servico_id
      WHERE ${noPeriodo(sql`o.data_entrada`, f, contexto)})
    SELECT ${rotuloDe(SITUACOES_OS, sql`e.situacao`)} AS etapa, count(*) AS ordens,
      round(avg(e.horas)::numeric, 1) AS media_horas, round(min(e.horas)::numeric, 1) AS minimo_horas,
      round(max(e.horas)::numeric, 1) AS maximo_horas,
      lpad(array_position(ARRAY[${sql.join(
        SITUACOES_OS.map((s) => sql`${s.value}`),
        sql`, `,
      )}]::text[], e.situacao::text)::text, 2, '0') AS "__ordem"
    FROM etapas e WHERE e.situacao NOT IN ('cancelada', 'entregue')
    GROUP BY e.situacao`,
};

const agendamentosPorProfissional: DefinicaoRelatorio = {
  id: 'servicos-agendamentos-por-profissional',
  grupo: 'Serviços',
  titulo: 'Agendamentos por profissional',
  definicao: 'Agendamentos marcados para o período, por profissional; valor: o dos concluídos.',
  filtros: ['periodo', 'cliente_id'],
  colunas: [
    { chave: 'profissional', titulo: 'Profissional', tipo: 'texto' },
    { chave: 'agendados', titulo: 'Agendamentos', tipo: 'inteiro', somar: true },
    { chave: 'concluidos', titulo: 'Concluídos', tipo: 'inteiro', somar: true },
    { chave: 'cancelados', titulo: 'Cancelados', tipo: 'inteiro', somar: true },
    { chave: 'valor', titulo: 'Valor concluído', tipo: 'dinheiro', somar: true },
  ],
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'agendados', direcao: 'desc' },
  consulta: (f) => sql`
    SELECT coalesce(p.nome, 'Sem profissional') AS profissional, count(*) AS agendados,
      count(*) FILTER (WHERE v.status = 'Concluído') AS concluidos,
      count(*) FILTER (WHERE v.status = 'Cancelado') AS cancelados,
      coalesce(sum(v.valor_final) FILTER (WHERE v.status = 'Concluído'), 0) AS valor,
      lpad(coalesce(v.profissional_id, 0)::text, 10, '0') AS "__ordem"
    FROM vendas v LEFT JOIN cadastros p ON p.id = v.profissional_id
    WHERE v.tipo = 'servico' AND v.data_agendamento BETWEEN ${f.de} AND ${f.ate}
      ${f.cliente_id ? sql`AND v.cliente_id = ${f.cliente_id}` : sql``}
    GROUP BY v.profissional_id, p.nome`,
};

const caixasComDiferencas: DefinicaoRelatorio = {
  id: 'servicos-caixas',
  grupo: 'Serviços',
  titulo: 'Caixas e diferenças de fechamento',
  definicao:
    'Caixas fechados no período, por forma de pagamento: o esperado pelo sistema, o contado no fechamento e a diferença (contado − esperado).',
  filtros: ['periodo', 'vendedor_id'],
  colunas: [
    { chave: 'fechado_em', titulo: 'Fechado em', tipo: 'data' },
    { chave: 'operador', titulo: 'Operador', tipo: 'texto' },
    { chave: 'forma', titulo: 'Forma', tipo: 'texto' },
    { chave: 'esperado', titulo: 'Esperado', tipo: 'dinheiro', somar: true },
    { chave: 'contado', titulo: 'Contado', tipo: 'dinheiro', somar: true },
    { chave: 'diferenca', titulo: 'Diferença', tipo: 'dinheiro', somar: true },
  ],
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'fechado_em', direcao: 'asc' },
  consulta: (f, contexto) => sql`
    SELECT (c.fechado_em AT TIME ZONE ${contexto.timeZone})::date::text AS fechado_em,
      u.nome AS operador, ${rotuloDe(FORMAS_PAGAMENTO, sql`k.forma`)} AS forma,
      k.esperado, k.contado, k.contado - k.esperado AS diferenca,
      lpad(c.id::text, 10, '0') || k.forma AS "__ordem"
    FROM caixas c JOIN caixa_conferencias k ON k.caixa_id = c.id JOIN usuarios u ON u.id = c.usuario_id
    WHERE c.status = 'fechado' AND ${noPeriodo(sql`c.fechado_em`, f, contexto)}
      ${f.vendedor_id ? sql`AND c.usuario_id = ${f.vendedor_id}` : sql``}`,
};

export const RELATORIOS_DE_SERVICOS: readonly DefinicaoRelatorio[] = [
  ordensPorTecnico,
  tempoPorEtapa,
  agendamentosPorProfissional,
  caixasComDiferencas,
];
