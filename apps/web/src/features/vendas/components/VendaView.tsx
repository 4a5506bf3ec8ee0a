import {
  Alert,
  Button,
  Divider,
  Group,
  Menu,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconCheck, IconPencil, IconPrinter, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '@prumo/shared/dates';
import { formatQuantidadeUnidade } from '@prumo/shared/estoque';
import { formatMoney } from '@prumo/shared/money';
import {
  CLIENTE_BALCAO,
  formaPagamentoLabel,
  formatNumeroVenda,
  podeTransitar,
  vendaEditavel,
  type StatusVenda,
  type Venda,
  valorEmPix,
} from '@prumo/shared/vendas';
import { useAlterarStatusVenda, useVenda } from '../../../api/vendas';
import { OrcamentoOrigem } from '../../../components/OrcamentoOrigem';
import { PageLoader } from '../../../components/PageLoader';
import { PixQrCode } from '../../../components/PixQrCode';
import { notifyError, notifySuccess } from '../../../components/notify';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { imprimirComprovante } from '../imprimir';
import { useNfce } from '../nfce';
import { VENDA_TEXTOS } from '../texts';
import { Campo } from './Campo';
import { EmitirNfeButton, NotasDaVenda } from './NotasDaVenda';
import { StatusVendaBadge } from './StatusVendaBadge';

/** "Imprimir" with its two formats. */
export function ImprimirMenu({ venda }: { venda: Pick<Venda, 'id' | 'numero'> }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconPrinter size={16} />}>
          Imprimir
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void imprimirComprovante(venda, '80mm')}>
          Comprovante 80 mm
        </Menu.Item>
        <Menu.Item onClick={() => void imprimirComprovante(venda, 'a4')}>Pedido A4</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Linha({ label, valor, forte }: { label: string; valor: number; forte?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size={forte ? 'md' : 'sm'} fw={forte ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={forte ? 'md' : 'sm'}
        fw={forte ? 700 : 500}
        data-testid={forte ? 'venda-total' : undefined}
      >
        {formatMoney(valor)}
      </Text>
    </Group>
  );
}

/** Asks to cancel, with an optional reason; null when the user gives up. */
function pedirCancelamento(finalizada: boolean): Promise<{ motivo: string } | null> {
  return new Promise((resolve) => {
    let motivo = '';
    modals.openConfirmModal({
      title: 'Cancelar venda',
      centered: true,
      children: (
        <Stack gap="sm">
          <Text size="sm">{VENDA_TEXTOS.confirmarCancelamento}</Text>
          {finalizada && (
            <Text size="sm" c="dimmed">
              {VENDA_TEXTOS.cancelamentoDevolve}
            </Text>
          )}
          <Textarea
            label="Motivo (opcional)"
            maxLength={200}
            autosize
            minRows={2}
            onChange={(event) => {
              motivo = event.currentTarget.value;
            }}
          />
        </Stack>
      ),
      labels: { confirm: 'Cancelar venda', cancel: 'Voltar' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve({ motivo: motivo.trim() }),
      onCancel: () => resolve(null),
      onClose: () => resolve(null),
    });
  });
}

/**
 * A sale as it is: customer, seller, items, totals, payments and troco, the discount's
 * authorization, the status history; and what the user's role may do with it (VENDA_TRANSICOES):
 * Finalizar, Cancelar venda, Editar (Pendente product sales) and Imprimir.
 */
export function VendaView({
  vendaId,
  onClose,
  onEditar,
}: {
  vendaId: number | null;
  onClose: () => void;
  onEditar?: (venda: Venda) => void;
}) {
  const venda = useVenda(vendaId);
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={vendaId !== null}
      onClose={onClose}
      title={venda.data ? `Venda Nº ${formatNumeroVenda(venda.data.numero)}` : 'Venda'}
      size="xl"
      fullScreen={narrow}
      centered
    >
      {venda.data ? (
        <VendaDetalhe venda={venda.data} onEditar={onEditar} />
      ) : venda.isError ? (
        <Alert color="red">{errorText(VENDA_TEXTOS.erroCarregar, venda.error)}</Alert>
      ) : (
        <PageLoader label="Carregando venda..." />
      )}
    </Modal>
  );
}

function VendaDetalhe({ venda, onEditar }: { venda: Venda; onEditar?: (venda: Venda) => void }) {
  const role = useSession().user?.role ?? 'user';
  const alterar = useAlterarStatusVenda();
  const nfce = useNfce();
  const [acao, setAcao] = useState<StatusVenda | null>(null);

  async function mudarStatus(status: StatusVenda) {
    let motivo: string | undefined;
    if (status === 'Cancelada') {
      const resposta = await pedirCancelamento(venda.status === 'Finalizada');
      if (!resposta) return;
      motivo = resposta.motivo || undefined;
    }
    // A counter sale finalized at the caixa goes with its NFC-e, as at the PDV.
    const comNfce = status === 'Finalizada' && venda.tipo === 'balcao' && (await nfce.ativa());
    let cpf: string | null = null;
    if (comNfce) {
      const resposta = await nfce.pedirCpf();
      if (resposta === undefined) return;
      cpf = resposta;
    }
    const texts =
      status === 'Finalizada'
        ? { success: VENDA_TEXTOS.finalizada, failure: VENDA_TEXTOS.erroFinalizar }
        : { success: VENDA_TEXTOS.cancelada, failure: VENDA_TEXTOS.erroCancelar };
    setAcao(status);
    try {
      await alterar.mutateAsync({
        id: venda.id,
        status,
        motivo,
        idempotencyKey: newIdempotencyKey(),
      });
      notifySuccess(texts.success);
      if (comNfce) await nfce.emitirEImprimir(venda, cpf);
    } catch (error) {
      console.error(texts.failure, error);
      notifyError(errorText(texts.failure, error));
    } finally {
      setAcao(null);
    }
  }

  const troco = venda.troco > 0;
  return (
    <Stack gap="md" data-testid="venda-view">
      {nfce.modal}
      <Group justify="space-between" align="flex-start">
        <StatusVendaBadge status={venda.status} />
        <Group gap="xs">
          {podeTransitar(venda.status, 'Finalizada', role) && (
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              loading={acao === 'Finalizada'}
              disabled={acao !== null}
              onClick={() => void mudarStatus('Finalizada')}
            >
              Finalizar
            </Button>
          )}
          {podeTransitar(venda.status, 'Cancelada', role) && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              loading={acao === 'Cancelada'}
              disabled={acao !== null}
              onClick={() => void mudarStatus('Cancelada')}
            >
              Cancelar venda
            </Button>
          )}
          {onEditar && venda.tipo === 'produto' && vendaEditavel(venda.status) && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => onEditar(venda)}
            >
              Editar
            </Button>
          )}
          <EmitirNfeButton venda={venda} />
          <ImprimirMenu venda={venda} />
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Campo label="Cliente">
          {venda.cliente_nome ?? (venda.tipo === 'balcao' ? CLIENTE_BALCAO : '—')}
        </Campo>
        <Campo label="Vendedor">{venda.vendedor_nome ?? '—'}</Campo>
        <Campo label="Data">{formatDateTime(venda.data_venda)}</Campo>
        <Campo label="Tipo">
          {venda.tipo === 'produto' ? 'Venda de produtos' : 'Venda de balcão'}
          {venda.atendimento_rapido ? ' (venda rápida)' : ''}
        </Campo>
        <Campo label="Pagamento">{formaPagamentoLabel(venda.forma_pagamento) || '—'}</Campo>
        {venda.finalizada_em && (
          <Campo label="Finalizada em">{formatDateTime(venda.finalizada_em)}</Campo>
        )}
        {venda.orcamento_id !== null && venda.orcamento_numero !== null && (
          <Campo label="Origem">
            <OrcamentoOrigem id={venda.orcamento_id} numero={venda.orcamento_numero} />
          </Campo>
        )}
      </SimpleGrid>

      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder data-testid="venda-itens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Produto</Table.Th>
              <Table.Th ta="right">Quantidade</Table.Th>
              <Table.Th ta="right">Preço unitário</Table.Th>
              <Table.Th ta="right">Desconto</Table.Th>
              <Table.Th ta="right">Subtotal</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {venda.itens.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.produto_nome}</Table.Td>
                <Table.Td ta="right">
                  {formatQuantidadeUnidade(item.quantidade, item.unidade_medida)}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(item.preco_unitario)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.desconto_item)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.subtotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Pagamentos
          </Text>
          {venda.pagamentos.length === 0 && (
            <Text size="sm" c="dimmed">
              {formaPagamentoLabel(venda.forma_pagamento) || '—'}
            </Text>
          )}
          {venda.pagamentos.map((pagamento, index) => (
            <Group key={index} justify="space-between" gap="xs">
              <Text size="sm">{formaPagamentoLabel(pagamento.forma)}</Text>
              <Text size="sm">{formatMoney(pagamento.valor)}</Text>
            </Group>
          ))}
          {troco && (
            <Group justify="space-between" gap="xs">
              <Text size="sm">Troco</Text>
              <Text size="sm" data-testid="venda-troco">
                {formatMoney(venda.troco)}
              </Text>
            </Group>
          )}
          {venda.desconto_autorizado_por_nome && (
            <Text size="xs" c="dimmed">
              Desconto autorizado por {venda.desconto_autorizado_por_nome}
            </Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Linha label="Valor dos itens" valor={venda.valor_total} />
          <Linha label="Desconto" valor={venda.desconto} />
          {venda.frete > 0 && <Linha label="Frete" valor={venda.frete} />}
          <Divider my={4} />
          <Linha label="Total" valor={venda.valor_final} forte />
        </Stack>
      </SimpleGrid>

      <NotasDaVenda venda={venda} />

      {venda.status !== 'Cancelada' && (
        <PixQrCode
          valor={valorEmPix(venda.valor_final, venda.forma_pagamento, venda.pagamentos)}
          txid={`VENDA${venda.numero}`}
        />
      )}

      {venda.observacoes && (
        <Campo label="Observações">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {venda.observacoes}
          </Text>
        </Campo>
      )}

      {venda.historico.length > 0 && (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Histórico
          </Text>
          <Timeline bulletSize={14} lineWidth={2} data-testid="venda-historico">
            {venda.historico.map((evento, index) => (
              <Timeline.Item key={index} title={evento.status}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(evento.created_at)}
                  {evento.usuario_nome ? ` · ${evento.usuario_nome}` : ''}
                </Text>
                {evento.motivo && <Text size="sm">{evento.motivo}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Stack>
  );
}
