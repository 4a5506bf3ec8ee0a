import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Anchor, Card, ColorSwatch, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatPercent } from '@prumo/shared/money';
import type { Analytics } from '@prumo/shared/relatorios';

// The page's charts, in their own chunk: recharts loads only when Analytics shows.

const ALTURA = 280;
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

function Quadro({
  titulo,
  acao,
  children,
  testId,
}: {
  titulo: string;
  acao?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" h="100%" data-testid={testId}>
      <Group justify="space-between" mb="md">
        <Title order={4}>{titulo}</Title>
        {acao}
      </Group>
      {children}
    </Card>
  );
}

const Vazio = () => (
  <Stack h={ALTURA} justify="center" align="center">
    <Text c="dimmed" size="sm">
      Nenhuma venda no período.
    </Text>
  </Stack>
);

/** Revenue per bucket with the same bucket a year before (empty buckets are zero, not gaps). */
export function SerieChart({ serie }: { serie: Analytics['serie'] }) {
  return (
    <Quadro titulo="Faturamento no período" testId="analytics-serie">
      <LineChart
        h={ALTURA}
        data={serie.map((s) => ({
          periodo: s.periodo,
          'Este período': s.atual,
          'Ano anterior': s.ano_anterior,
        }))}
        dataKey="periodo"
        series={[
          { name: 'Este período', color: 'indigo.6' },
          { name: 'Ano anterior', color: 'gray.5', strokeDasharray: '5 5' },
        ]}
        curveType="linear"
        withLegend
        valueFormatter={(v) => formatMoney(v)}
        yAxisProps={{ width: 96 }}
      />
    </Quadro>
  );
}

/** A top-10 list (products or customers) with its share and the way to its ABC curve. */
export function Ranking({
  titulo,
  itens,
  abc,
  testId,
}: {
  titulo: string;
  itens: Analytics['top_produtos'];
  /** The ABC curve's address with the same period. */
  abc: string;
  testId: string;
}) {
  return (
    <Quadro
      titulo={titulo}
      testId={testId}
      acao={
        <Anchor component={Link} to={abc} size="sm">
          Ver curva ABC
        </Anchor>
      }
    >
      {itens.length === 0 ? (
        <Vazio />
      ) : (
        <Table striped highlightOnHover>
          <Table.Tbody>
            {itens.map((item, i) => (
              <Table.Tr key={`${i}-${item.nome}`}>
                <Table.Td w={28} c="dimmed">
                  {i + 1}
                </Table.Td>
                <Table.Td>{item.nome}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.valor)}</Table.Td>
                <Table.Td ta="right" c="dimmed" w={80}>
                  {formatPercent(item.participacao, 1)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Quadro>
  );
}

/** What each payment method brought in. */
export function FormasChart({ formas }: { formas: Analytics['formas_pagamento'] }) {
  return (
    <Quadro titulo="Formas de pagamento" testId="analytics-formas">
      {formas.length === 0 ? (
        <Vazio />
      ) : (
        <Stack align="center" gap="xs">
          <DonutChart
            h={200}
            size={180}
            thickness={30}
            data={formas.map((f, i) => ({
              name: f.nome,
              value: f.valor,
              color: CORES[i % CORES.length]!,
            }))}
            valueFormatter={(v) => formatMoney(v)}
          />
          <Stack gap={2} w="100%">
            {formas.map((f, i) => (
              <Group key={f.nome} justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch
                    color={`var(--mantine-color-${CORES[i % CORES.length]!.replace('.', '-')})`}
                    size={10}
                  />
                  <Text size="sm">{f.nome}</Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {formatMoney(f.valor)} ({formatPercent(f.participacao, 1)})
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
    </Quadro>
  );
}

/** Sales by weekday or by hour: how many and how much. */
export function PartesChart({
  titulo,
  partes,
  testId,
}: {
  titulo: string;
  partes: Analytics['horas'];
  testId: string;
}) {
  return (
    <Quadro titulo={titulo} testId={testId}>
      <BarChart
        h={ALTURA}
        data={partes.map((p) => ({ nome: p.nome, Faturamento: p.valor, Vendas: p.vendas }))}
        dataKey="nome"
        series={[{ name: 'Faturamento', color: 'indigo.6' }]}
        valueFormatter={(v) => formatMoney(v)}
        yAxisProps={{ width: 96 }}
      />
    </Quadro>
  );
}
