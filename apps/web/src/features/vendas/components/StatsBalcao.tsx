import { IconClock, IconCurrencyReal, IconHourglass, IconShoppingBag } from '@tabler/icons-react';
import { formatMoney } from '@prumo/shared/money';
import { useStatsBalcao } from '../../../api/vendas';
import { formatMinutos, StatCards } from '../../../components/StatCards';

/** The counter's four cards (spec 2.13): today's sales, revenue, average service time, pending. */
export function StatsBalcao() {
  const stats = useStatsBalcao();
  const dados = stats.data;
  return (
    <StatCards
      data-testid="stats-balcao"
      loading={stats.isPending}
      cards={[
        {
          titulo: 'Vendas Hoje',
          valor: String(dados?.vendasHoje ?? 0),
          icon: IconShoppingBag,
          cor: 'blue',
        },
        {
          titulo: 'Faturamento Hoje',
          valor: formatMoney(dados?.faturamentoHoje ?? 0),
          icon: IconCurrencyReal,
          cor: 'teal',
        },
        {
          titulo: 'Tempo Médio',
          valor: formatMinutos(dados?.tempoMedioAtendimento ?? 0),
          icon: IconClock,
          cor: 'grape',
        },
        {
          titulo: 'Pendentes',
          valor: String(dados?.vendasPendentes ?? 0),
          icon: IconHourglass,
          cor: 'yellow',
        },
      ]}
    />
  );
}
