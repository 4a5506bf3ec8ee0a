import { Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileCode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ADMIN_MANAGER, hasRole } from '@prumo/shared/auth';
import { formatCnpj } from '@prumo/shared/brasil';
import { formatDate, formatDateTime, todayISO } from '@prumo/shared/dates';
import { formatQuantidade, formatQuantidadeUnidade } from '@prumo/shared/estoque';
import {
  STATUS_PARCELA,
  statusEfetivoParcela,
  type StatusParcelaGravado,
} from '@prumo/shared/financeiro';
import type { EntradaNfe } from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { useEntradaNfe } from '../../../api/entradas-nfe';
import { formatChave, formatNumeroNota } from '../../../components/fiscal/nota';
import { useSession } from '../../../lib/session';
import { ENTRADAS_TEXTOS as T } from '../entradas-view';
import { baixarXmlEntrada } from './EntradasLista';

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

/** An installment's status as the finance screens show it (vencido past its due day). */
function StatusDaParcela({ status, vencimento }: { status: string; vencimento: string }) {
  const efetivo = statusEfetivoParcela(status as StatusParcelaGravado, vencimento, todayISO());
  const info = STATUS_PARCELA.find((s) => s.value === efetivo);
  return (
    <Badge size="sm" variant="light" color={info?.cor ?? 'gray'}>
      {info?.label ?? efetivo}
    </Badge>
  );
}

function Conteudo({
  entrada,
  onDevolver,
}: {
  entrada: EntradaNfe;
  onDevolver: (entrada: EntradaNfe) => void;
}) {
  const gerente = hasRole(useSession().user?.role, ADMIN_MANAGER);
  return (
    <Stack gap="md" data-testid="entrada-detalhe">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Campo label="Fornecedor">
          {entrada.fornecedor_nome}
          {entrada.fornecedor_cnpj && (
            <Text size="xs" c="dimmed">
              CNPJ {formatCnpj(entrada.fornecedor_cnpj)}
            </Text>
          )}
        </Campo>
        <Campo label="NF-e">
          Nº {formatNumeroNota(entrada.numero)} · Série {entrada.serie}
        </Campo>
        <Campo label="Emissão">{formatDateTime(entrada.emitida_em)}</Campo>
        <Campo label="Valor total">{formatMoney(entrada.valor_total)}</Campo>
        <Campo label="Lançada em">{formatDateTime(entrada.created_at)}</Campo>
        <Campo label="Lançada por">{entrada.usuario_nome}</Campo>
      </SimpleGrid>
      <Text size="xs" c="dimmed" ff="monospace">
        Chave {formatChave(entrada.chave)}
      </Text>

      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item da nota</Table.Th>
              <Table.Th>Produto</Table.Th>
              <Table.Th>Na nota</Table.Th>
              <Table.Th>Fator</Table.Th>
              <Table.Th>Entrou</Table.Th>
              <Table.Th ta="right">Custo unitário</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entrada.itens.map((item) => (
              <Table.Tr key={item.ordem}>
                <Table.Td>
                  <Text size="sm">
                    {item.ordem}. {item.descricao}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Cód. {item.codigo_fornecedor}
                    {item.gtin ? ` · GTIN ${item.gtin}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>{item.produto_nome}</Table.Td>
                <Table.Td>
                  {formatQuantidadeUnidade(item.quantidade_nota, item.unidade_nota)}
                </Table.Td>
                <Table.Td>{formatQuantidade(item.fator)}</Table.Td>
                <Table.Td>{formatQuantidadeUnidade(item.quantidade, item.unidade)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.custo_unitario)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.valor_total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {entrada.movimentacoes.length} movimentação(ões) de entrada no estoque em{' '}
        {formatDate(entrada.movimentacoes[0]?.data)}.
      </Text>

      <div>
        <Text size="sm" fw={600} mb={4}>
          Contas a pagar
        </Text>
        {entrada.titulos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.semParcelas}
          </Text>
        ) : (
          entrada.titulos.map((titulo) => (
            <Table key={titulo.id} withTableBorder data-testid="entrada-titulo">
              <Table.Tbody>
                {titulo.parcelas.map((parcela) => (
                  <Table.Tr key={parcela.numero}>
                    <Table.Td>
                      {titulo.descricao} · parcela {parcela.numero}
                    </Table.Td>
                    <Table.Td>Vencimento {formatDate(parcela.vencimento)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(parcela.valor)}</Table.Td>
                    <Table.Td ta="right">
                      <StatusDaParcela
                        status={titulo.cancelado ? 'cancelado' : parcela.status}
                        vencimento={parcela.vencimento}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))
        )}
      </div>

      <Group justify="flex-end">
        {gerente && (
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => onDevolver(entrada)}
          >
            {T.devolver}
          </Button>
        )}
        <Button
          variant="light"
          leftSection={<IconFileCode size={16} />}
          onClick={() => void baixarXmlEntrada(entrada)}
        >
          {T.baixarXml}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One entry: the note, what each item became, the stock entradas and the payables; and
 * Devolver ao fornecedor (admins and managers), which `onDevolver` opens.
 */
export function EntradasDetalhe({
  id,
  onClose,
  onDevolver,
}: {
  id: number | null;
  onClose: () => void;
  onDevolver: (entrada: EntradaNfe) => void;
}) {
  const entrada = useEntradaNfe(id ?? 0);
  return (
    <Modal opened={id !== null} onClose={onClose} title={T.detalhe} size="70rem">
      {entrada.data ? (
        <Conteudo entrada={entrada.data} onDevolver={onDevolver} />
      ) : entrada.isError ? (
        <Text c="dimmed">{T.naoEncontrada}</Text>
      ) : (
        <Group justify="center" p="xl">
          <Loader size="sm" />
        </Group>
      )}
    </Modal>
  );
}
