import '@mantine/charts/styles.css';
import { DonutChart, LineChart } from '@mantine/charts';
import { Card, ColorSwatch, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { formatMoney } from '@prumo/shared/money';
import { CASH_FLOW, CHART_HEIGHT, SALES_BY_CATEGORY } from '../sample-data';

/** Both charts, in their own chunk: recharts loads only when the dashboard shows. */
export default function DashboardCharts() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }}>
      <Card withBorder radius="md" style={{ gridColumn: 'span 2' }} data-testid="chart-fluxo-caixa">
        <Title order={4} mb="md">
          Fluxo de Caixa
        </Title>
        <LineChart
          h={CHART_HEIGHT}
          data={CASH_FLOW}
          dataKey="mes"
          series={[
            { name: 'Receitas', color: 'teal.6' },
            { name: 'Despesas', color: 'red.6' },
          ]}
          curveType="monotone"
          withLegend
          valueFormatter={(value) => formatMoney(value)}
          yAxisProps={{ width: 90 }}
        />
      </Card>
      <Card withBorder radius="md" data-testid="chart-vendas-categoria">
        <Title order={4} mb="md">
          Vendas por Categoria
        </Title>
        <DonutChart
          h={CHART_HEIGHT}
          size={220}
          thickness={36}
          data={SALES_BY_CATEGORY}
          withLabels
          withLabelsLine={false}
          labelsType="percent"
          withTooltip
          valueFormatter={(value) => `${value}%`}
          mx="auto"
        />
        <Group justify="center" gap="md" mt="xs">
          {SALES_BY_CATEGORY.map((categoria) => (
            <Group key={categoria.name} gap={6}>
              <ColorSwatch
                color={`var(--mantine-color-${categoria.color.replace('.', '-')})`}
                size={12}
              />
              <Text size="sm">
                {categoria.name} {categoria.value}%
              </Text>
            </Group>
          ))}
        </Group>
      </Card>
    </SimpleGrid>
  );
}
