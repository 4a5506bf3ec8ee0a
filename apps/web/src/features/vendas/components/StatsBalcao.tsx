import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconClock,
  IconCurrencyReal,
  IconHourglass,
  IconShoppingBag,
  type Icon,
} from '@tabler/icons-react';
import { formatMoney } from '@prumo/shared/money';
import { useStatsBalcao } from '../../../api/vendas';

const minutos = (valor: number) =>
  `${valor.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} min`;

/** The counter's four cards (spec 2.13): today's sales, revenue, average service time, pending. */
export function StatsBalcao() {
  const stats = useStatsBalcao();
  const dados = stats.data;
  const cards: Array<{ titulo: string; valor: string; icon: Icon; cor: string }> = [
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
      valor: minutos(dados?.tempoMedioAtendimento ?? 0),
      icon: IconClock,
      cor: 'grape',
    },
    {
      titulo: 'Pendentes',
      valor: String(dados?.vendasPendentes ?? 0),
      icon: IconHourglass,
      cor: 'yellow',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="stats-balcao">
      {cards.map((card) => (
        <Paper key={card.titulo} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {card.titulo}
              </Text>
              <Text size="xl" fw={700} data-testid={`stat-${card.titulo}`}>
                {stats.isPending ? '—' : card.valor}
              </Text>
            </div>
            <ThemeIcon variant="light" color={card.cor} size="lg" radius="md" visibleFrom="xs">
              <card.icon size={20} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
