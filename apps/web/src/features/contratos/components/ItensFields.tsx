import { ActionIcon, Grid, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import type { ContratoItem } from '@prumo/shared/contratos';
import { formatDecimal, formatMoney } from '@prumo/shared/money';
import { DecimalField, MoneyField } from '../../../components/form/fields';
import { ServicoSearch } from '../../../components/ServicoSearch';
import { totaisDosItens, type ItensValues } from '../form-values';

/** The message the schema or the server left on the lines as a whole or on one line's service. */
function erroDe(erro: unknown): string | undefined {
  const campo = erro as { message?: string; root?: { message?: string } } | undefined;
  return campo?.message ?? campo?.root?.message;
}

/**
 * The services of a contract (the form's and the "Novo preço" dialog's): the catalogue's search
 * that adds one at its price, then per line its quantity, unit value per cycle, subtotal and
 * remove; the total of a cycle below.
 */
export function ItensFields() {
  const {
    control,
    formState: { errors },
  } = useFormContext<ItensValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'itens' });
  const itens = useWatch({ control, name: 'itens' });
  const { subtotais, total } = totaisDosItens(itens ?? []);
  const campo = (index: number, nome: string) => `itens.${index}.${nome}` as FieldPath<ItensValues>;
  const erroGeral = erroDe(errors.itens);

  return (
    <Stack gap="sm">
      <ServicoSearch
        data-testid="contrato-servico-busca"
        onSelect={(servico) =>
          append({
            servico_id: servico.id,
            nome: servico.nome,
            quantidade: 1,
            valor: servico.preco,
          })
        }
      />
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="itens-vazio">
          Nenhum serviço neste contrato.
        </Text>
      ) : (
        <Stack gap="sm" data-testid="itens-contrato">
          {fields.map((field, index) => {
            const erroServico = erroDe(errors.itens?.[index]?.servico_id);
            return (
              <Paper
                key={field.id}
                withBorder
                radius="sm"
                p="sm"
                bg="var(--mantine-color-default-hover)"
                data-testid="item-contrato"
              >
                <Grid gap="xs" align="flex-end">
                  <Grid.Col span={{ base: 10, md: 4.5 }}>
                    <Text size="xs" c="dimmed">
                      Serviço
                    </Text>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {field.nome}
                    </Text>
                    {erroServico && (
                      <Text size="xs" c="red">
                        {erroServico}
                      </Text>
                    )}
                  </Grid.Col>
                  <Grid.Col span={{ base: 2, md: 0.5 }} order={{ base: 2, md: 5 }} ta="right">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      title="Remover"
                      aria-label={`Remover ${field.nome}`}
                      onClick={() => remove(index)}
                      mb={4}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 2 }} order={{ base: 3, md: 2 }}>
                    <DecimalField
                      name={campo(index, 'quantidade')}
                      label="Quantidade"
                      decimalScale={3}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 2.5 }} order={{ base: 4, md: 3 }}>
                    <MoneyField name={campo(index, 'valor')} label="Valor unitário" />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 2.5 }} order={{ base: 5, md: 4 }}>
                    <Text size="xs" c="dimmed" ta="right">
                      Subtotal
                    </Text>
                    <Text fw={600} ta="right" data-testid="item-subtotal">
                      {formatMoney(subtotais[index] ?? 0)}
                    </Text>
                  </Grid.Col>
                </Grid>
              </Paper>
            );
          })}
        </Stack>
      )}
      {erroGeral && (
        <Text size="sm" c="red" data-testid="itens-erro">
          {erroGeral}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Text size="sm">Total do ciclo</Text>
        <Text fw={700} data-testid="total-ciclo">
          {formatMoney(total)}
        </Text>
      </Group>
    </Stack>
  );
}

/** The current services read-only (the edit form, the contract's page), with the cycle's total. */
export function ItensTabela({
  itens,
  total,
  'data-testid': testId,
}: {
  itens: readonly ContratoItem[];
  total: number;
  'data-testid'?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Serviço</Table.Th>
            <Table.Th ta="right">Qtd.</Table.Th>
            <Table.Th ta="right">Valor unitário</Table.Th>
            <Table.Th ta="right">Subtotal</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {itens.map((item) => (
            <Table.Tr key={`${item.servico_id}-${item.vigente_de}`}>
              <Table.Td>{item.servico_nome}</Table.Td>
              <Table.Td ta="right">{formatQuantidade(item.quantidade)}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.valor)}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.subtotal)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3} ta="right">
              Total do ciclo
            </Table.Th>
            <Table.Th ta="right">{formatMoney(total)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A quantity as people write it: "1", "2,5". */
export function formatQuantidade(quantidade: number): string {
  return Number.isInteger(quantidade)
    ? String(quantidade)
    : formatDecimal(quantidade, 3).replace(/0+$/, '');
}
