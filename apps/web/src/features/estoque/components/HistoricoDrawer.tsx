import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { DateInputBR } from '../../../components/inputs/DateInputBR';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '@prumo/shared/dates';
import {
  ESTOQUE_MESSAGES,
  formatQuantidade,
  formatQuantidadeUnidade,
  isEstoqueBaixo,
  tipoMovimentacaoLabel,
  type Movimentacao,
} from '@prumo/shared/estoque';
import { useMovimentacoes } from '../../../api/estoque';
import type { EstoqueProduto } from '../estoque-view';

/** A product's ledger, newest first, filtered by period; each movement opens in edit mode. */
export function HistoricoDrawer({
  produto,
  onClose,
  onNova,
  onEditar,
}: {
  produto: EstoqueProduto | null;
  onClose: () => void;
  onNova: (produto: EstoqueProduto) => void;
  onEditar: (movimentacao: Movimentacao) => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={produto !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 720}
      title={
        <Text fw={600} size="lg">
          Histórico de movimentações
        </Text>
      }
    >
      {produto && (
        <Historico key={produto.id} produto={produto} onNova={onNova} onEditar={onEditar} />
      )}
    </Drawer>
  );
}

function Historico({
  produto,
  onNova,
  onEditar,
}: {
  produto: EstoqueProduto;
  onNova: (produto: EstoqueProduto) => void;
  onEditar: (movimentacao: Movimentacao) => void;
}) {
  const [de, setDe] = useState<string | null>(null);
  const [ate, setAte] = useState<string | null>(null);
  const periodoInvalido = de !== null && ate !== null && de > ate;
  const query = useMovimentacoes(
    { produto_id: produto.id, de: de ?? undefined, ate: ate ?? undefined },
    !periodoInvalido,
  );
  const movimentacoes = query.data?.pages.flat() ?? [];
  const baixo = isEstoqueBaixo(produto.estoque, produto.estoque_minimo);

  return (
    <Stack gap="md" data-testid="historico">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Text fw={600}>{produto.nome}</Text>
          <Text size="sm" c="dimmed">
            Estoque atual:{' '}
            <Text span c={baixo ? 'red.7' : undefined} fw={600} data-testid="historico-estoque">
              {formatQuantidadeUnidade(produto.estoque, produto.unidade_medida)}
            </Text>{' '}
            · mínimo {formatQuantidadeUnidade(produto.estoque_minimo, produto.unidade_medida)}
          </Text>
        </div>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onNova(produto)}
          disabled={!produto.movimenta_estoque}
        >
          Nova Movimentação
        </Button>
      </Group>

      <Group grow align="flex-start">
        <DateInputBR
          label="De"
          size="xs"
          clearable
          value={de}
          onChange={(value) => setDe(value ?? null)}
        />
        <DateInputBR
          label="Até"
          size="xs"
          clearable
          value={ate}
          onChange={(value) => setAte(value ?? null)}
          error={periodoInvalido ? ESTOQUE_MESSAGES.periodoInvalido : undefined}
        />
      </Group>

      {query.isPending && !periodoInvalido ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : query.isError ? (
        <Text c="red.7" size="sm">
          Não foi possível carregar as movimentações.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => query.refetch()}>
            Tentar novamente
          </Button>
        </Text>
      ) : movimentacoes.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          Nenhuma movimentação encontrada.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th ta="right">Quantidade</Table.Th>
                <Table.Th>Motivo</Table.Th>
                <Table.Th>Registrado por</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {movimentacoes.map((mov) => (
                <Table.Tr key={mov.id} data-testid="movimentacao-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(mov.data)}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={mov.tipo === 'entrada' ? 'teal' : 'red'}
                      size="sm"
                      miw={76}
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {tipoMovimentacaoLabel(mov.tipo)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {mov.tipo === 'entrada' ? '+' : '−'}
                    {formatQuantidade(mov.quantidade)} {mov.unidade_medida}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{mov.motivo}</Text>
                    {mov.observacoes && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {mov.observacoes}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{mov.usuario_nome ?? 'Sistema'}</Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(mov.created_at)}
                    </Text>
                    {mov.updated_by_nome && (
                      <Text size="xs" c="dimmed">
                        Editado por {mov.updated_by_nome}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Editar movimentação">
                      <ActionIcon
                        variant="subtle"
                        aria-label="Editar movimentação"
                        onClick={() => onEditar(mov)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          Carregar mais
        </Button>
      )}
    </Stack>
  );
}
