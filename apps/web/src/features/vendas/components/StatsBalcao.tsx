import { IconClock, IconCurrencyReal, IconHourglass, IconShoppingBag } from '@tabler/icons-react';
import type { VendaStatsBalcao } from '@prumo/shared/vendas';
import { useStatsBalcao } from '../../../api/vendas';
import { StatCardsDe, type StatCampo } from '../../../components/StatCards';

const CAMPOS: readonly StatCampo<VendaStatsBalcao>[] = [
  ['Vendas Hoje', 'vendasHoje', 'contagem', IconShoppingBag, 'blue'],
  ['Faturamento Hoje', 'faturamentoHoje', 'dinheiro', IconCurrencyReal, 'teal'],
  ['Tempo Médio', 'tempoMedioAtendimento', 'minutos', IconClock, 'grape'],
  ['Pendentes', 'vendasPendentes', 'contagem', IconHourglass, 'yellow'],
];

/** The counter's four cards (spec 2.13): today's sales, revenue, average service time, pending. */
export function StatsBalcao() {
  return <StatCardsDe data-testid="stats-balcao" query={useStatsBalcao()} campos={CAMPOS} />;
}
