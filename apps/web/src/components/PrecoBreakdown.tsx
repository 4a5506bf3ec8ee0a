import { Group, Stack, Text } from '@mantine/core';
import { formatMoney, formatPercent } from '@prumo/shared/money';
import type { PrecoTabelaCalculado } from '@prumo/shared/precos';

/**
 * The final-price rule of a price table line by line (cost, margin, each additional cost, final
 * price), as @prumo/shared/precos computes it: the margin modal and the price table form show it.
 */
export function PrecoBreakdown({ preco }: { preco: PrecoTabelaCalculado }) {
  return (
    <Stack gap={4} data-testid="preco-breakdown">
      <Linha rotulo="Custo final do produto" valor={formatMoney(preco.custo)} />
      <Linha
        rotulo={`Margem (${formatPercent(preco.margem)})`}
        valor={`+ ${formatMoney(preco.valor_margem)}`}
      />
      <Linha rotulo="Preço com margem" valor={formatMoney(preco.preco_com_margem)} forte />
      {preco.custos.map((custo, index) => (
        <Linha
          key={custo.id ?? index}
          rotulo={
            custo.tipo === 'percentual'
              ? `${custo.nome} (${formatPercent(custo.taxa)} do custo)`
              : `${custo.nome} (fixo)`
          }
          valor={`+ ${formatMoney(custo.valor)}`}
        />
      ))}
      <Group
        justify="space-between"
        pt={4}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text fw={700}>Preço final</Text>
        <Text fw={700} data-testid="preco-final">
          {formatMoney(preco.preco_final)}
        </Text>
      </Group>
    </Stack>
  );
}

function Linha({ rotulo, valor, forte }: { rotulo: string; valor: string; forte?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={forte ? undefined : 'dimmed'} fw={forte ? 600 : undefined}>
        {rotulo}
      </Text>
      <Text size="sm" fw={forte ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {valor}
      </Text>
    </Group>
  );
}
