import { Alert, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarStats, IconTrendingDown, IconRepeat, IconUsers } from '@tabler/icons-react';
import { formatMoney } from '@prumo/shared/money';
import { useMetricasAssinaturas } from '../../../api/assinaturas';
import { StatCards } from '../../../components/StatCards';
import { errorText } from '../../../lib/error-text';
import { ASSINATURA_TEXTOS as T, percentualTexto } from './textos';

const MES = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "mar. de 2027" from "2027-03". */
const mesTexto = (mes: string) => MES.format(new Date(`${mes}-01T12:00:00Z`));

/**
 * The subscriptions' metrics: MRR, ARR, paying subscribers and this month's churn, then the last
 * 12 months (subscribers and MRR at each month's end, new, cancelled, churn by count and by
 * revenue), as the server computes them.
 */
export function MetricasAssinaturas() {
  const metricas = useMetricasAssinaturas();
  if (metricas.isError) {
    return (
      <Alert color="red" variant="light">
        {errorText(T.erroMetricas, metricas.error)}
      </Alert>
    );
  }
  const dados = metricas.data;
  const mes = dados?.meses.at(-1);
  return (
    <Stack gap="md">
      <StatCards
        data-testid="assinaturas-metricas"
        loading={!dados}
        cards={[
          { titulo: 'MRR', valor: formatMoney(dados?.mrr ?? 0), icon: IconRepeat, cor: 'blue' },
          {
            titulo: 'ARR',
            valor: formatMoney(dados?.arr ?? 0),
            icon: IconCalendarStats,
            cor: 'teal',
          },
          {
            titulo: 'Assinantes ativos',
            valor: `${dados?.assinantes ?? 0}${dados?.em_teste ? ` (+${dados.em_teste} em teste)` : ''}`,
            icon: IconUsers,
            cor: 'green',
          },
          {
            titulo: 'Churn do mês',
            valor: mes
              ? `${percentualTexto(mes.churn_contagem)} · ${percentualTexto(mes.churn_receita)} receita`
              : '—',
            icon: IconTrendingDown,
            cor: 'red',
          },
        ]}
      />
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="xs">
          Mês a mês
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Assinantes pagantes e MRR no fim de cada mês (hoje, no mês atual); churn sobre os
          assinantes e o MRR do início do mês. Assinaturas em teste não contam.
        </Text>
        <ScrollArea>
          <Table striped withTableBorder fz="sm" data-testid="assinaturas-meses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Mês</Table.Th>
                <Table.Th ta="right">Assinantes</Table.Th>
                <Table.Th ta="right">MRR</Table.Th>
                <Table.Th ta="right">Novos</Table.Th>
                <Table.Th ta="right">Cancelados</Table.Th>
                <Table.Th ta="right">MRR cancelado</Table.Th>
                <Table.Th ta="right">Churn</Table.Th>
                <Table.Th ta="right">Churn de receita</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dados?.meses.map((m) => (
                <Table.Tr key={m.mes}>
                  <Table.Td>{mesTexto(m.mes)}</Table.Td>
                  <Table.Td ta="right">{m.assinantes}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.mrr)}</Table.Td>
                  <Table.Td ta="right">{m.novos}</Table.Td>
                  <Table.Td ta="right">{m.cancelados}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.mrr_cancelado)}</Table.Td>
                  <Table.Td ta="right">{percentualTexto(m.churn_contagem)}</Table.Td>
                  <Table.Td ta="right">{percentualTexto(m.churn_receita)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    </Stack>
  );
}
