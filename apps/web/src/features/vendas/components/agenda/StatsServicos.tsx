import {
  IconCalendarEvent,
  IconClock,
  IconCurrencyReal,
  IconPlayerPlay,
} from '@tabler/icons-react';
import type { VendaStatsServicos } from '@prumo/shared/vendas';
import { useStatsServicos } from '../../../../api/vendas';
import { StatCardsDe, type StatCampo } from '../../../../components/StatCards';

const CAMPOS: readonly StatCampo<VendaStatsServicos>[] = [
  ['Agendamentos Hoje', 'agendamentosHoje', 'contagem', IconCalendarEvent, 'yellow'],
  ['Em Andamento', 'servicosAndamento', 'contagem', IconPlayerPlay, 'blue'],
  ['Faturamento do Mês', 'faturamentoMes', 'dinheiro', IconCurrencyReal, 'teal'],
  ['Tempo Médio', 'tempoMedioServico', 'minutos', IconClock, 'grape'],
];

/** The Serviços tab's four cards (spec 2.13). */
export function StatsServicos() {
  return <StatCardsDe data-testid="stats-servicos" query={useStatsServicos()} campos={CAMPOS} />;
}
