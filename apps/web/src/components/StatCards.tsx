import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface StatCard {
  titulo: string;
  valor: string;
  icon: Icon;
  cor: string;
}

/** "12,5 min". */
export const formatMinutos = (valor: number) =>
  `${valor.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} min`;

/**
 * A row of stat cards (the counter's and the services' four): title, value (a dash while
 * loading) and an icon; two per row on a phone, four from md.
 */
export function StatCards({
  cards,
  loading,
  'data-testid': testId,
}: {
  cards: StatCard[];
  loading: boolean;
  'data-testid'?: string;
}) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid={testId}>
      {cards.map((card) => (
        <Paper key={card.titulo} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {card.titulo}
              </Text>
              <Text size="xl" fw={700} data-testid={`stat-${card.titulo}`}>
                {loading ? '—' : card.valor}
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
