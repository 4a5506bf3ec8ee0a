import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Assinatura } from '@prumo/shared/contratos';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { useMudancaPrevia, useMudarPlano, usePlanosAtivos } from '../../../api/assinaturas';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { useChavePorCorpo } from '../../../lib/idempotency';
import { ASSINATURA_TEXTOS as T, precoPorCiclo, totalDaMudanca } from './textos';

/**
 * "Mudar de plano": a plan of the same cycle, and before confirming the proration as the server
 * computes it (the unused days credited at the old price and charged at the new one).
 */
function MudarPlano({ assinatura, onClose }: { assinatura: Assinatura; onClose: () => void }) {
  const planos = usePlanosAtivos();
  const [planoId, setPlanoId] = useState<number | null>(null);
  const previa = useMudancaPrevia(assinatura.id, planoId);
  const mudar = useMudarPlano();
  const chaveDe = useChavePorCorpo();
  const opcoes = (planos.data ?? [])
    .filter((p) => p.id !== assinatura.plano_id && p.ciclo === assinatura.ciclo)
    .map((p) => ({ value: String(p.id), label: `${p.nome} — ${precoPorCiclo(p.preco, p.ciclo)}` }));

  async function confirmar() {
    if (planoId === null) return;
    try {
      const body = { id: assinatura.id, plano_id: planoId };
      await mudar.mutateAsync({ ...body, idempotencyKey: chaveDe(body) });
      notifySuccess(T.planoMudado);
      onClose();
    } catch (error) {
      notifyError(errorText(T.erroMudarPlano, error));
    }
  }

  const p = previa.data;
  return (
    <Stack gap="sm">
      <Select
        label="Novo plano"
        description="Planos ativos do mesmo ciclo"
        placeholder="Selecione"
        data={opcoes}
        value={planoId === null ? null : String(planoId)}
        onChange={(valor) => setPlanoId(valor ? Number(valor) : null)}
        data-testid="mudar-plano-select"
      />
      {planoId !== null && previa.isError && (
        <Alert color="red" variant="light">
          {errorText(T.erroMudarPlano, previa.error)}
        </Alert>
      )}
      {planoId !== null && previa.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {T.calculando}
          </Text>
        </Group>
      )}
      {p && (
        <Stack gap="xs" data-testid="mudanca-previa">
          {p.periodo && (
            <Table fz="sm" withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>Período atual</Table.Td>
                  <Table.Td ta="right">
                    {formatDate(p.periodo.inicio)} a {formatDate(p.periodo.fim)} ({p.dias_periodo}{' '}
                    dias)
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>
                    Crédito de {p.dias_restantes} dias no {p.plano_atual} (
                    {formatMoney(p.valor_atual)})
                  </Table.Td>
                  <Table.Td ta="right">− {formatMoney(p.credito)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>
                    {p.dias_restantes} dias no {p.plano_novo} ({formatMoney(p.valor_novo)})
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(p.cobranca)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
          <Text fw={600} size="sm" data-testid="mudanca-total">
            {totalDaMudanca(p)}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Voltar
        </Button>
        <Button disabled={!p} loading={mudar.isPending} onClick={() => void confirmar()}>
          Confirmar mudança
        </Button>
      </Group>
    </Stack>
  );
}

export function MudarPlanoModal({
  assinatura,
  opened,
  onClose,
}: {
  assinatura: Assinatura;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={T.mudarPlano} size="lg" centered>
      {opened && <MudarPlano assinatura={assinatura} onClose={onClose} />}
    </Modal>
  );
}
