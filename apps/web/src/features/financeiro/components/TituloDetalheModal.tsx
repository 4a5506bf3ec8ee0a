import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconCash, IconPencil, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { formatDate } from '@prumo/shared/dates';
import {
  FINANCEIRO_MESSAGES,
  NATUREZAS,
  type BaixaFinanceira,
  type TituloDetalhe,
} from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import { useCancelarTitulo, useEstornarBaixa, useTitulo } from '../../../api/financeiro';
import { confirmAction } from '../../../components/confirm';
import { WIDE_ONLY } from '../../../components/data-table';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PixQrCode } from '../../../components/PixQrCode';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { BaixaModal, type ParcelaABaixar } from './BaixaModal';
import { OrigemTitulo } from './Dinheiro';
import { StatusParcelaBadge } from './StatusParcelaBadge';

/** Runs an action after the question and says how it went. */
async function confirmarE(
  pergunta: { title: string; message: string; confirmLabel: string },
  acao: () => Promise<unknown>,
  textos: { success: string; failure: string },
) {
  if (!(await confirmAction(pergunta))) return;
  try {
    await acao();
    notifySuccess(textos.success);
  } catch (error) {
    console.error(textos.failure, error);
    notifyError(errorText(textos.failure, error));
  }
}

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

/** "Registrar baixa" of an installment; on a phone, its icon alone. */
function BaixarParcela({ compacto, onClick }: { compacto: boolean; onClick: () => void }) {
  return compacto ? (
    <ActionIcon
      variant="light"
      aria-label={FINANCEIRO_MESSAGES.baixar}
      title={FINANCEIRO_MESSAGES.baixar}
      onClick={onClick}
    >
      <IconCash size={16} />
    </ActionIcon>
  ) : (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconCash size={14} />}
      onClick={onClick}
    >
      {FINANCEIRO_MESSAGES.baixar}
    </Button>
  );
}

/**
 * Origins whose titles are edited here: typed by hand, a purchase's payables and the bills of
 * contracts, rentals and subscriptions (due dates renegotiated, a disputed bill cancelled). A
 * sale's, an order's or a return's title changes only through its document.
 */
const origemEditavel = (origem: string) =>
  !['venda', 'ordem_servico', 'devolucao'].includes(origem);

/** A title may be edited or cancelled when its origin allows it and it is not cancelled. */
export const tituloEditavel = (t: { origem: string; status: string }) =>
  origemEditavel(t.origem) && t.status !== 'cancelado';

function Conteudo({
  titulo,
  onEditar,
  onBaixar,
}: {
  titulo: TituloDetalhe;
  onEditar: () => void;
  onBaixar: (parcela: ParcelaABaixar) => void;
}) {
  const cancelar = useCancelarTitulo();
  const estornar = useEstornarBaixa();
  const largo = useMediaQuery(WIDE_ONLY);
  const natureza = NATUREZAS.find((n) => n.value === titulo.natureza)!;
  const baixas = titulo.parcelas.flatMap((p) => p.baixas.map((b) => ({ ...b, parcela: p.numero })));
  const editavel = tituloEditavel(titulo);
  const comBaixa = baixas.some((b) => b.estornada_em === null);
  // A receivable shows the PIX code of its next open installment.
  const aReceber =
    titulo.natureza === 'receber'
      ? titulo.parcelas.find((p) => p.saldo > 0 && p.status !== 'cancelado')
      : undefined;

  const estornarBaixa = (baixa: BaixaFinanceira) =>
    confirmarE(
      {
        title: FINANCEIRO_MESSAGES.estornar,
        message: `Estornar a baixa de ${formatMoney(baixa.valor)} de ${formatDate(baixa.data)}? O valor volta a ficar em aberto e sai do saldo de ${baixa.conta_nome}.`,
        confirmLabel: FINANCEIRO_MESSAGES.estornar,
      },
      () => estornar.mutateAsync(baixa.id),
      { success: FINANCEIRO_MESSAGES.baixaEstornada, failure: FINANCEIRO_MESSAGES.erroSalvar },
    );

  const cancelarTitulo = () =>
    confirmarE(
      {
        title: 'Cancelar lançamento',
        message: `Cancelar "${titulo.descricao}"? As parcelas em aberto deixam de ser cobradas.`,
        confirmLabel: 'Cancelar lançamento',
      },
      () => cancelar.mutateAsync({ id: titulo.id, idempotencyKey: newIdempotencyKey() }),
      { success: FINANCEIRO_MESSAGES.tituloCancelado, failure: FINANCEIRO_MESSAGES.erroSalvar },
    );

  return (
    <Stack gap="md" data-testid="titulo-detalhe">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={3} data-testid="titulo-descricao">
            {titulo.descricao}
          </Title>
          <Text size="sm" c="dimmed">
            {natureza.label}
          </Text>
        </div>
        <StatusParcelaBadge status={titulo.status} size="md" />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Campo label={natureza.pessoa}>{titulo.pessoa_nome}</Campo>
        <Campo label="Categoria">{titulo.categoria_nome}</Campo>
        <Campo label="Competência">{formatDate(titulo.competencia)}</Campo>
        <Campo label="Forma">
          {titulo.forma_pagamento && formaPagamentoLabel(titulo.forma_pagamento)}
        </Campo>
        <Campo label="Documento">{titulo.documento}</Campo>
        <Campo label="Centro de custo">{titulo.centro_custo}</Campo>
        <Campo label="Origem">
          {titulo.origem === 'manual' ? 'Lançamento manual' : <OrigemTitulo {...titulo} />}
        </Campo>
      </SimpleGrid>
      <SimpleGrid cols={3} spacing="sm">
        {(
          [
            ['Valor', titulo.valor],
            ['Pago', titulo.valor_pago],
            ['Em aberto', titulo.saldo],
          ] as const
        ).map(([rotulo, valor]) => (
          <Paper key={rotulo} withBorder radius="md" p="xs">
            <Text size="xs" c="dimmed">
              {rotulo}
            </Text>
            <Text fw={700} fz={{ base: 'sm', sm: 'md' }} data-testid={`titulo-${rotulo}`}>
              {formatMoney(valor)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {titulo.observacoes && <Text size="sm">{titulo.observacoes}</Text>}

      <Table.ScrollContainer minWidth={largo ? 600 : 320}>
        <Table verticalSpacing={6} data-testid="titulo-parcelas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Parcela</Table.Th>
              <Table.Th>Vencimento</Table.Th>
              {largo && <Table.Th ta="right">Valor</Table.Th>}
              {largo && <Table.Th ta="right">Pago</Table.Th>}
              <Table.Th ta="right">Em aberto</Table.Th>
              {largo && <Table.Th>Status</Table.Th>}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {titulo.parcelas.map((p) => (
              <Table.Tr key={p.id} data-testid="titulo-parcela">
                <Table.Td>
                  {p.numero}/{titulo.parcelas.length}
                </Table.Td>
                <Table.Td c={p.status === 'vencido' ? 'red.7' : undefined}>
                  {formatDate(p.vencimento)}
                  {!largo && (
                    <div>
                      <StatusParcelaBadge status={p.status} size="xs" />
                    </div>
                  )}
                </Table.Td>
                {largo && <Table.Td ta="right">{formatMoney(p.valor)}</Table.Td>}
                {largo && <Table.Td ta="right">{formatMoney(p.valor_pago)}</Table.Td>}
                <Table.Td ta="right" fw={600}>
                  {formatMoney(p.saldo)}
                </Table.Td>
                {largo && (
                  <Table.Td>
                    <StatusParcelaBadge status={p.status} />
                  </Table.Td>
                )}
                <Table.Td ta="right">
                  {p.saldo > 0 && p.status !== 'cancelado' && (
                    <BaixarParcela
                      compacto={!largo}
                      onClick={() =>
                        onBaixar({
                          id: p.id,
                          numero: p.numero,
                          total_parcelas: titulo.parcelas.length,
                          descricao: titulo.descricao,
                          saldo: p.saldo,
                        })
                      }
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {aReceber && (
        <PixQrCode valor={aReceber.saldo} txid={`TITULO${titulo.id}P${aReceber.numero}`} />
      )}

      {baixas.length > 0 && (
        <Stack gap={4}>
          <Title order={4}>Baixas</Title>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing={4} fz="sm" data-testid="titulo-baixas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Parcela</Table.Th>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Conta</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th ta="right">Juros/multa/desc.</Table.Th>
                  <Table.Th ta="right">Amortizado</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {baixas.map((b) => {
                  const estornada = b.estornada_em !== null;
                  return (
                    <Table.Tr
                      key={b.id}
                      data-testid="titulo-baixa"
                      style={estornada ? { opacity: 0.55 } : undefined}
                    >
                      <Table.Td>{b.parcela}</Table.Td>
                      <Table.Td>{formatDate(b.data)}</Table.Td>
                      <Table.Td>{b.conta_nome}</Table.Td>
                      <Table.Td ta="right" td={estornada ? 'line-through' : undefined}>
                        {formatMoney(b.valor)}
                      </Table.Td>
                      <Table.Td ta="right">
                        {formatMoney(b.juros)} / {formatMoney(b.multa)} / {formatMoney(b.desconto)}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(b.amortizado)}</Table.Td>
                      <Table.Td ta="right">
                        {estornada ? (
                          <Text size="xs" c="dimmed">
                            Estornada em {formatDate(b.estornada_em!.slice(0, 10))}
                          </Text>
                        ) : b.automatica ? (
                          <Text size="xs" c="dimmed" title={FINANCEIRO_MESSAGES.baixaDeOrigem}>
                            Automática
                          </Text>
                        ) : (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconArrowBackUp size={14} />}
                            onClick={() => void estornarBaixa(b)}
                          >
                            {FINANCEIRO_MESSAGES.estornar}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}

      {!origemEditavel(titulo.origem) && (
        <Text size="xs" c="dimmed">
          {FINANCEIRO_MESSAGES.tituloDeOrigem}
        </Text>
      )}
      {editavel && (
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            leftSection={<IconX size={16} />}
            disabled={comBaixa}
            title={comBaixa ? FINANCEIRO_MESSAGES.cancelarComBaixas : undefined}
            onClick={() => void cancelarTitulo()}
          >
            Cancelar lançamento
          </Button>
          <Button leftSection={<IconPencil size={16} />} onClick={onEditar}>
            Editar
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * A title with its installments and settlements: Registrar baixa per installment, Estornar per
 * settlement, Editar and Cancelar for one typed in here.
 */
export function TituloDetalheModal({
  id,
  onClose,
  onEditar,
}: {
  id: number | null;
  onClose: () => void;
  onEditar: (titulo: TituloDetalhe) => void;
}) {
  const titulo = useTitulo(id);
  const [baixando, setBaixando] = useState<ParcelaABaixar | null>(null);
  const telaPequena = useMediaQuery('(max-width: 36em)');
  return (
    <>
      <Modal
        opened={id !== null && baixando === null}
        onClose={onClose}
        title="Lançamento"
        size={900}
        fullScreen={telaPequena}
        centered
      >
        {titulo.data && titulo.data.id === id ? (
          <Conteudo
            titulo={titulo.data}
            onEditar={() => onEditar(titulo.data)}
            onBaixar={setBaixando}
          />
        ) : titulo.isError ? (
          <Text c="dimmed">{FINANCEIRO_MESSAGES.naoEncontrado}</Text>
        ) : (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        )}
      </Modal>
      <BaixaModal parcela={baixando} onClose={() => setBaixando(null)} />
    </>
  );
}
