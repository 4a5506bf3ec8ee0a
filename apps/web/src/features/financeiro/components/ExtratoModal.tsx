import { Button, Group, Loader, Modal, SimpleGrid, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, todayISO } from '@prumo/shared/dates';
import type { Conta } from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';
import { useEstornarTransferencia, useExtrato } from '../../../api/financeiro';
import { confirmAction } from '../../../components/confirm';
import { DateInputBR } from '../../../components/inputs/DateInputBR';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { Dinheiro } from './Dinheiro';

const dia = (value: unknown) => (value ? String(value).slice(0, 10) : '');

function Extrato({ conta }: { conta: Conta }) {
  const hoje = todayISO();
  const [de, setDe] = useState(`${hoje.slice(0, 8)}01`);
  const [ate, setAte] = useState(hoje);
  const extrato = useExtrato(conta.id, de, ate);
  const estornar = useEstornarTransferencia();

  async function estornarTransferencia(id: number, valor: number) {
    const ok = await confirmAction({
      title: 'Estornar transferência',
      message: `Estornar a transferência de ${formatMoney(valor)}? O valor volta para a conta de origem.`,
      confirmLabel: 'Estornar',
    });
    if (!ok) return;
    try {
      await estornar.mutateAsync(id);
      notifySuccess('Transferência estornada.');
    } catch (error) {
      notifyError(errorText('Erro ao estornar a transferência', error));
    }
  }

  const dados = extrato.data;
  return (
    <>
      <SimpleGrid cols={2} mb="sm">
        <DateInputBR
          label="De"
          value={de}
          maxDate={ate}
          onChange={(value) => setDe(dia(value) || de)}
        />
        <DateInputBR
          label="Até"
          value={ate}
          minDate={de}
          onChange={(value) => setAte(dia(value) || ate)}
        />
      </SimpleGrid>
      {!dados ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={4} fz="sm" striped data-testid="extrato">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Descrição</Table.Th>
                <Table.Th ta="right">Entrada</Table.Th>
                <Table.Th ta="right">Saída</Table.Th>
                <Table.Th ta="right">Saldo</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td colSpan={4} fw={600}>
                  Saldo anterior
                </Table.Td>
                <Table.Td ta="right">
                  <Dinheiro valor={dados.saldo_anterior} fw={600} />
                </Table.Td>
                <Table.Td />
              </Table.Tr>
              {dados.movimentos.map((m, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{formatDate(m.data)}</Table.Td>
                  <Table.Td>{m.descricao}</Table.Td>
                  <Table.Td ta="right" c="teal.8">
                    {m.entrada ? formatMoney(m.entrada) : ''}
                  </Table.Td>
                  <Table.Td ta="right" c="red.7">
                    {m.saida ? formatMoney(m.saida) : ''}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Dinheiro valor={m.saldo} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {m.transferencia_id !== null && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconArrowBackUp size={14} />}
                        onClick={() =>
                          void estornarTransferencia(m.transferencia_id!, m.entrada || m.saida)
                        }
                      >
                        Estornar
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {dados.movimentos.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      Nenhum movimento no período.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Td colSpan={4} fw={700}>
                  Saldo final
                </Table.Td>
                <Table.Td ta="right">
                  <Dinheiro valor={dados.saldo_final} fw={700} data-testid="extrato-saldo-final" />
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** The statement of an account: the balance before, each movement with the running balance. */
export function ExtratoModal({ conta, onClose }: { conta: Conta | null; onClose: () => void }) {
  const telaPequena = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={conta !== null}
      onClose={onClose}
      title={conta ? `Extrato · ${conta.nome}` : ''}
      size={860}
      fullScreen={telaPequena}
      centered
    >
      {conta && <Extrato conta={conta} />}
    </Modal>
  );
}
