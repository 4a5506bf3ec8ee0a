import '@mantine/charts/styles.css';
import { DonutChart, LineChart } from '@mantine/charts';
import { Card, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import type { Dashboard } from '@prumo/shared/financeiro';
import { formatMoney, formatPercent, sumMoney } from '@prumo/shared/money';
import { rotuloMes } from '../../../lib/meses';

// Both charts, in their own chunk: recharts loads only when the dashboard shows.

export const CHART_HEIGHT = 300;

type Fluxo = NonNullable<Dashboard['financeiro']>['fluxo'];

/** 'Fluxo de Caixa': the last six months' receipts and payments. */
export function FluxoCaixaChart({ fluxo }: { fluxo: Fluxo }) {
  const data = fluxo.map((m) => ({
    mes: rotuloMes(m.mes),
    Receitas: m.receitas,
    Despesas: m.despesas,
  }));
  return (
    <Card withBorder radius="md" h="100%" data-testid="chart-fluxo-caixa">
      <Title order={4} mb="md">
        Fluxo de Caixa
      </Title>
      <LineChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="mes"
        series={[
          { name: 'Receitas', color: 'teal.6' },
          { name: 'Despesas', color: 'red.6' },
        ]}
        curveType="monotone"
        withLegend
        valueFormatter={(value) => formatMoney(value)}
        yAxisProps={{ width: 96 }}
      />
    </Card>
  );
}

const CORES = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'yellow.6',
  'pink.6',
  'lime.6',
];

/** 'Vendas por Categoria': the last 30 days' finalized sales by product group, and services. */
export function VendasPorCategoriaChart({ vendas }: { vendas: Dashboard['vendas_por_categoria'] }) {
  const total = sumMoney(...vendas.map((v) => v.valor));
  const data = vendas.map((v, index) => ({
    name: v.categoria,
    value: v.valor,
    color: CORES[index % CORES.length]!,
  }));
  const percentual = (valor: number) => formatPercent(total ? (valor / total) * 100 : 0, 0);
  return (
    <Card withBorder radius="md" h="100%" data-testid="chart-vendas-categoria">
      <Title order={4} mb="md">
        Vendas por Categoria
      </Title>
      {data.length === 0 ? (
        <Stack h={CHART_HEIGHT} justify="center" align="center">
          <Text c="dimmed" size="sm">
            Nenhuma venda finalizada nos últimos 30 dias.
          </Text>
        </Stack>
      ) : (
        <>
          <DonutChart
            h={CHART_HEIGHT}
            size={220}
            thickness={36}
            data={data}
            withLabels
            withLabelsLine={false}
            labelsType="percent"
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={(value) => formatMoney(value)}
            mx="auto"
          />
          <Group justify="center" gap="md" mt="xs">
            {data.map((categoria) => (
              <Group key={categoria.name} gap={6} wrap="nowrap">
                <ColorSwatch
                  color={`var(--mantine-color-${categoria.color.replace('.', '-')})`}
                  size={12}
                />
                <Text size="sm">
                  {categoria.name} {percentual(categoria.value)}
                </Text>
              </Group>
            ))}
          </Group>
        </>
      )}
    </Card>
  );
}
