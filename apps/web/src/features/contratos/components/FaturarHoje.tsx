import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileDollar } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatNumeroContrato, type AFaturar } from '@prumo/shared/contratos';
import { formatDate, formatDateTime } from '@prumo/shared/dates';
import { formatMoney, sumMoney } from '@prumo/shared/money';
import { useAFaturar, useFaturamentoAutomatico, useFaturarContratos } from '../../../api/contratos';
import { notifyError, notifySuccess, notifyWarning } from '../../../components/notify';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { contratoPath } from '../paths';
import { CONTRATO_TEXTOS as T, faturasGeradas, nomeContrato, periodoTexto } from '../textos';

/** "Faturamento automático: última execução dd/mm/aaaa hh:mm — <resultado>" (or its error). */
function FaturamentoAutomaticoLinha() {
  const automatico = useFaturamentoAutomatico();
  const a = automatico.data;
  if (!a) return null;
  const proxima = a.proximo_em ? ` · próxima ${formatDateTime(a.proximo_em)}` : '';
  if (!a.executado_em) {
    return (
      <Text size="xs" c="dimmed" data-testid="faturamento-automatico">
        Faturamento automático: ainda não executado{proxima}
      </Text>
    );
  }
  const quando = `Faturamento automático: última execução ${formatDateTime(a.executado_em)}`;
  return a.erro ? (
    <Text size="xs" c="red" data-testid="faturamento-automatico">
      {quando} — falhou: {a.erro}
      {proxima}
    </Text>
  ) : (
    <Text size="xs" c="dimmed" data-testid="faturamento-automatico">
      {quando} — {a.resultado ?? 'nada a faturar'}
      {proxima}
    </Text>
  );
}

/**
 * "Faturar hoje": every period due up to today (the missed ones included), each with its
 * customer, period, due day and value, billed one contract at a time or all at once; the bills
 * become receivables in Financeiro. Under it, the automatic billing's last run.
 */
export function FaturarHoje() {
  const aFaturar = useAFaturar();
  const faturar = useFaturarContratos();
  const itens = aFaturar.data ?? [];
  const total = sumMoney(...itens.map((item) => item.valor));

  useEffect(() => {
    if (aFaturar.error) console.error(T.erroAFaturar, aFaturar.error);
  }, [aFaturar.error]);

  async function faturarContratos(contratoIds?: number[]) {
    try {
      const resultado = await faturar.mutateAsync({
        ...(contratoIds ? { contrato_ids: contratoIds } : {}),
        idempotencyKey: newIdempotencyKey(),
      });
      if (resultado.faturas === 0) notifyWarning(T.nadaAFaturar);
      else notifySuccess(faturasGeradas(resultado));
    } catch (error) {
      console.error(T.erroFaturar, error);
      notifyError(errorText(T.erroFaturar, error));
    }
  }

  /** The contract being billed on its own (its rows' buttons load). */
  const emAndamento = faturar.isPending ? (faturar.variables?.contrato_ids?.[0] ?? 'todos') : null;

  return (
    <Paper withBorder radius="md" p="md" data-testid="faturar-hoje">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4">
              {T.faturarHoje}
            </Title>
            {itens.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="faturar-hoje-resumo">
                {itens.length === 1 ? '1 período' : `${itens.length} períodos`} ·{' '}
                {formatMoney(total)}
              </Text>
            )}
          </div>
          {itens.length > 0 && (
            <Button
              leftSection={<IconFileDollar size={16} />}
              loading={emAndamento === 'todos'}
              disabled={faturar.isPending}
              onClick={() => void faturarContratos()}
            >
              {T.faturarTodos}
            </Button>
          )}
        </Group>
        {aFaturar.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Carregando...
            </Text>
          </Group>
        ) : aFaturar.isError ? (
          <Text size="sm" c="red">
            {errorText(T.erroAFaturar, aFaturar.error)}
          </Text>
        ) : itens.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="nada-a-faturar">
            {T.nadaAFaturar}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={680}>
            <Table striped highlightOnHover data-testid="a-faturar">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Contrato</Table.Th>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th>Período</Table.Th>
                  <Table.Th>Vencimento</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {itens.map((item: AFaturar) => (
                  <Table.Tr key={`${item.contrato_id}-${item.periodo_inicio}`}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={contratoPath(item.contrato_id)}
                        size="sm"
                        ff="monospace"
                        aria-label={nomeContrato(item.numero)}
                      >
                        {formatNumeroContrato(item.numero)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{item.cliente_nome}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {periodoTexto(item.periodo_inicio, item.periodo_fim)}
                    </Table.Td>
                    <Table.Td>{formatDate(item.vencimento)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(item.valor)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="light"
                        loading={emAndamento === item.contrato_id}
                        disabled={faturar.isPending}
                        onClick={() => void faturarContratos([item.contrato_id])}
                        aria-label={`${T.faturar} ${nomeContrato(item.numero)}`}
                      >
                        {T.faturar}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <FaturamentoAutomaticoLinha />
      </Stack>
    </Paper>
  );
}
