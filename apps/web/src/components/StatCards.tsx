import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { formatMoney } from '@prumo/shared/money';

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

/** How a card writes its figure: a count, money or minutes. */
export type FormatoStat = 'contagem' | 'dinheiro' | 'minutos';

const FORMATOS: Record<FormatoStat, (valor: number) => string> = {
  contagem: String,
  dinheiro: formatMoney,
  minutos: formatMinutos,
};

/** The names of the numeric figures of an answer. */
type Figura<Dados> = { [K in keyof Dados]: Dados[K] extends number ? K : never }[keyof Dados];

/** One card of an answer's figure: its title, which figure, how written, its icon and color. */
export type StatCampo<Dados> = readonly [
  titulo: string,
  campo: Figura<Dados>,
  formato: FormatoStat,
  icon: Icon,
  cor: string,
];

/**
 * The stat cards of one stats answer (the counter's, the services'): each card one of its
 * figures, 0 until it comes, a dash while the first answer is on its way.
 */
export function StatCardsDe<Dados>({
  query,
  campos,
  'data-testid': testId,
}: {
  query: { data?: Dados; isPending: boolean };
  campos: readonly StatCampo<Dados>[];
  'data-testid': string;
}) {
  return (
    <StatCards
      data-testid={testId}
      loading={query.isPending}
      cards={campos.map(([titulo, campo, formato, icon, cor]) => ({
        titulo,
        valor: FORMATOS[formato](Number(query.data?.[campo] ?? 0)),
        icon,
        cor,
      }))}
    />
  );
}
