import {
  IconCalendarEvent,
  IconClock,
  IconCurrencyReal,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { formatMoney } from '@prumo/shared/money';
import { useStatsServicos } from '../../../../api/vendas';
import { formatMinutos, StatCards } from '../../../../components/StatCards';

/** The Serviços tab's four cards (spec 2.13). */
export function StatsServicos() {
  const stats = useStatsServicos();
  const dados = stats.data;
  return (
    <StatCards
      data-testid="stats-servicos"
      loading={stats.isPending}
      cards={[
        {
          titulo: 'Agendamentos Hoje',
          valor: String(dados?.agendamentosHoje ?? 0),
          icon: IconCalendarEvent,
          cor: 'yellow',
        },
        {
          titulo: 'Em Andamento',
          valor: String(dados?.servicosAndamento ?? 0),
          icon: IconPlayerPlay,
          cor: 'blue',
        },
        {
          titulo: 'Faturamento do Mês',
          valor: formatMoney(dados?.faturamentoMes ?? 0),
          icon: IconCurrencyReal,
          cor: 'teal',
        },
        {
          titulo: 'Tempo Médio',
          valor: formatMinutos(dados?.tempoMedioServico ?? 0),
          icon: IconClock,
          cor: 'grape',
        },
      ]}
    />
  );
}
