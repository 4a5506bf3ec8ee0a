import { ActionIcon, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { memo, type Dispatch } from 'react';
import { formatMoney } from '@prumo/shared/money';
import { unidadeFracionada } from '@prumo/shared/vendas';
import { DecimalInput } from '../../../components/inputs/DecimalInput';
import type { AcaoCarrinho, LinhaCarrinho } from '../pdv';

/**
 * The items of a counter sale: quantity editable, removal, and the line's subtotal (from the
 * shared totals, so it is the server's). Each row re-renders only when its own line changes.
 */
export const CarrinhoTabela = memo(function CarrinhoTabela({
  linhas,
  subtotais,
  ultima,
  dispatch,
}: {
  linhas: readonly LinhaCarrinho[];
  subtotais: readonly number[];
  ultima: string | null;
  dispatch: Dispatch<AcaoCarrinho>;
}) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Produto</Table.Th>
            <Table.Th w={110}>Quantidade</Table.Th>
            <Table.Th ta="right">Subtotal</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody data-testid="pdv-itens">
          {linhas.map((linha, index) => (
            <CarrinhoLinha
              key={linha.chave}
              linha={linha}
              subtotal={subtotais[index] ?? 0}
              destacada={linha.chave === ultima}
              dispatch={dispatch}
            />
          ))}
        </Table.Tbody>
      </Table>
      {linhas.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="md" data-testid="pdv-vazio">
          Nenhum item adicionado.
        </Text>
      )}
    </Table.ScrollContainer>
  );
});

const CarrinhoLinha = memo(function CarrinhoLinha({
  linha,
  subtotal,
  destacada,
  dispatch,
}: {
  linha: LinhaCarrinho;
  subtotal: number;
  destacada: boolean;
  dispatch: Dispatch<AcaoCarrinho>;
}) {
  const fracionada = unidadeFracionada(linha.unidade_medida);
  return (
    <Table.Tr
      data-testid="pdv-item"
      bg={destacada ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Table.Td>
        <Text size="sm" fw={500} lineClamp={2} data-testid="pdv-item-nome">
          {linha.produto_nome}
        </Text>
        <Text size="xs" c="dimmed">
          {formatMoney(linha.preco_unitario)} / {linha.unidade_medida}
          {linha.desconto_item > 0 ? ` · desconto ${formatMoney(linha.desconto_item)}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <DecimalInput
          aria-label={`Quantidade de ${linha.produto_nome}`}
          size="xs"
          min={0}
          decimalScale={fracionada ? 3 : 0}
          rightSection={
            <Text size="xs" c="dimmed">
              {linha.unidade_medida}
            </Text>
          }
          rightSectionWidth={34}
          value={linha.quantidade}
          data-testid="pdv-item-quantidade"
          onValueChange={(quantidade) => {
            if (quantidade && quantidade > 0) {
              dispatch({ tipo: 'quantidade', chave: linha.chave, quantidade });
            }
          }}
        />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="pdv-item-subtotal">
        {formatMoney(subtotal)}
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          title="Remover"
          aria-label={`Remover ${linha.produto_nome}`}
          onClick={() => dispatch({ tipo: 'remover', chave: linha.chave })}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
