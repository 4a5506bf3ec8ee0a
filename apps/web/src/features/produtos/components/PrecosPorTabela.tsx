import { errorText } from '../../../lib/error-text';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDecimal, formatMoney, formatPercent } from '@prumo/shared/money';
import type { PrecoProduto } from '@prumo/shared/precos';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePrecosProduto, useRemoverPrecoProduto } from '../../../api/precos-produto';
import { PRECO_TEXTOS } from '../texts';
import { TipoTabelaPrecoBadge } from '../../../components/tables/TipoTabelaPrecoBadge';
import { MargemModal } from './MargemModal';

/**
 * Preços por Tabela (spec 2.4): one row per price table with Tabela, Tipo, Margem %, Preço Final
 * R$, Status and Ações: Definir where the product has no margin, Editar and Remover where it has.
 */
export function PrecosPorTabela({
  produtoId,
  custoFinal,
}: {
  produtoId: number;
  custoFinal: number;
}) {
  const query = usePrecosProduto(produtoId);
  const remover = useRemoverPrecoProduto();
  const [editando, setEditando] = useState<PrecoProduto | null>(null);
  const linhas = query.data ?? [];

  async function handleRemover(linha: PrecoProduto) {
    const confirmed = await confirmAction({
      title: 'Remover preço',
      message: PRECO_TEXTOS.confirmarRemocao,
      confirmLabel: 'Remover',
    });
    if (!confirmed) return;
    try {
      await remover.mutateAsync({ id: produtoId, tabelaId: linha.tabela_id });
      notifySuccess(PRECO_TEXTOS.removido);
    } catch (error) {
      console.error(PRECO_TEXTOS.erroRemover, error);
      notifyError(errorText(PRECO_TEXTOS.erroRemover, error));
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Custo final do produto: {formatMoney(linhas[0]?.custo ?? custoFinal)}. Preço final = custo
          × (1 + margem/100) + custos adicionais da tabela.
        </Text>
        <Button component={Link} to="/produtos/tabelas-precos" variant="light">
          Gerenciar Tabelas
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder data-testid="precos-por-tabela" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tabela</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th ta="right">Margem %</Table.Th>
              <Table.Th ta="right">Preço Final R$</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {linhas.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  {query.isPending ? (
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      Carregando preços...
                    </Text>
                  ) : (
                    <EmptyState
                      title="Nenhuma tabela de preços cadastrada"
                      hint="Crie tabelas de preços para definir margens por produto."
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ) : (
              linhas.map((linha) => (
                <Table.Tr key={linha.tabela_id} data-tabela-id={linha.tabela_id}>
                  <Table.Td fw={500}>{linha.tabela_nome}</Table.Td>
                  <Table.Td>
                    <TipoTabelaPrecoBadge tipo={linha.tabela_tipo} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {linha.margem === null ? '—' : formatPercent(linha.margem)}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {linha.preco_final === null ? '—' : formatDecimal(linha.preco_final)}
                  </Table.Td>
                  <Table.Td>
                    {linha.preco_ativo ? (
                      <Badge color="teal" variant="light">
                        Ativo
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light">
                        Inativo
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {linha.margem === null ? (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconPlus size={14} />}
                          onClick={() => setEditando(linha)}
                          aria-label={`Definir preço em ${linha.tabela_nome}`}
                        >
                          Definir
                        </Button>
                      ) : (
                        <>
                          <Button
                            size="xs"
                            variant="subtle"
                            leftSection={<IconPencil size={14} />}
                            onClick={() => setEditando(linha)}
                            aria-label={`Editar preço em ${linha.tabela_nome}`}
                          >
                            Editar
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            onClick={() => void handleRemover(linha)}
                            aria-label={`Remover preço de ${linha.tabela_nome}`}
                          >
                            Remover
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <MargemModal produtoId={produtoId} linha={editando} onClose={() => setEditando(null)} />
    </Stack>
  );
}
