import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';
import { formatMoney } from '@prumo/shared/money';
import type { PainelOS } from '@prumo/shared/ordens-servico';

/** The revenue per technician as bars, in its own chunk: recharts loads only on the panel. */
export default function FaturamentoChart({
  dados,
  altura,
}: {
  dados: PainelOS['faturamento_por_tecnico'];
  altura: number;
}) {
  const data = dados.map((linha) => ({ tecnico: linha.tecnico_nome, Faturamento: linha.total }));
  return (
    <>
      <BarChart
        h={altura}
        data={data}
        dataKey="tecnico"
        series={[{ name: 'Faturamento', color: 'blue.6' }]}
        valueFormatter={(value) => formatMoney(value)}
        yAxisProps={{ width: 90 }}
        tickLine="y"
      />
      <Table mt="md" fz="sm" striped data-testid="faturamento-tabela">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Técnico</Table.Th>
            <Table.Th ta="right">Ordens</Table.Th>
            <Table.Th ta="right">Faturamento</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dados.map((linha) => (
            <Table.Tr key={linha.tecnico_id ?? 'sem-tecnico'}>
              <Table.Td>
                <Text size="sm" span>
                  {linha.tecnico_nome}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{linha.ordens.toLocaleString('pt-BR')}</Table.Td>
              <Table.Td ta="right">{formatMoney(linha.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
