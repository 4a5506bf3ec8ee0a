import { ActionIcon, Grid, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext, type FieldPath } from 'react-hook-form';
import { formatMoney } from '@prumo/shared/money';
import { DecimalField, MoneyField, TextField } from '../../../components/form/fields';
import { FormSection } from '../../../components/form/FormSection';
import type { LinhaProdutoForm, LinhaServicoForm, OsFormValues } from '../form-values';

type Tipo = 'produtos' | 'servicos';
type Linha<T extends Tipo> = T extends 'produtos' ? LinhaProdutoForm : LinhaServicoForm;

/** What the search found: a product or a service of the catalogue. */
export interface ItemCatalogo {
  id: number;
  nome: string;
  preco: number;
  unidade_medida?: string;
}

/** A new line: one unit at the catalogue's price, no discount. */
export function novaLinha(tipo: Tipo, item: ItemCatalogo): LinhaProdutoForm | LinhaServicoForm {
  const linha = { nome: item.nome, detalhes: '', quantidade: 1, valor: item.preco, desconto: 0 };
  return tipo === 'produtos'
    ? { ...linha, produto_id: item.id, unidade_medida: item.unidade_medida ?? 'UN' }
    : { ...linha, servico_id: item.id };
}

/** The message of a line's own error (an unknown product or service, from the server). */
function erroDaLinha(
  errors: ReturnType<typeof useFormContext<OsFormValues>>['formState']['errors'],
  tipo: Tipo,
  index: number,
): string | undefined {
  const linha = errors[tipo]?.[index] as Record<string, { message?: string }> | undefined;
  return linha?.produto_id?.message ?? linha?.servico_id?.message;
}

/**
 * The product (parts) or service (labour) lines of the order: the search that adds one (priced
 * from the catalogue), then per line its name, details, quantity, value, discount, subtotal (as
 * the server computes it) and remove.
 */
export function LinhasSection<T extends Tipo>({
  tipo,
  titulo,
  vazio,
  subtotais,
  editavel,
  busca,
}: {
  tipo: T;
  titulo: string;
  /** What an order without lines of this kind says. */
  vazio: string;
  /** Each line's subtotal, in order (calcularTotaisOS). */
  subtotais: readonly number[];
  editavel: boolean;
  /** The search box; it receives the function that adds what was found as a line. */
  busca: (adicionar: (item: ItemCatalogo) => void) => ReactNode;
}) {
  const {
    control,
    formState: { errors },
  } = useFormContext<OsFormValues>();
  const { fields, append, remove } = useFieldArray<OsFormValues, T>({ control, name: tipo });
  const campo = (index: number, nome: string) =>
    `${tipo}.${index}.${nome}` as FieldPath<OsFormValues>;

  return (
    <FormSection title={titulo}>
      {editavel && busca((item) => append(novaLinha(tipo, item) as never))}
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`${tipo}-vazio`}>
          {vazio}
        </Text>
      ) : (
        <Stack gap="sm" data-testid={`linhas-${tipo}`}>
          {fields.map((field, index) => {
            const linha = field as unknown as Linha<T> & { id: string };
            const erro = erroDaLinha(errors, tipo, index);
            return (
              <Paper
                key={field.id}
                withBorder
                radius="sm"
                p="sm"
                bg="var(--mantine-color-gray-0)"
                data-testid={`linha-${tipo}`}
              >
                <Grid gap="xs" align="flex-end">
                  <Grid.Col span={{ base: 10, md: 3 }}>
                    <Text size="xs" c="dimmed">
                      {tipo === 'produtos' ? 'Produto' : 'Serviço'}
                    </Text>
                    <Text size="sm" fw={600} lineClamp={2} data-testid="linha-nome">
                      {linha.nome}
                    </Text>
                    {erro && (
                      <Text size="xs" c="red">
                        {erro}
                      </Text>
                    )}
                  </Grid.Col>
                  <Grid.Col span={{ base: 2, md: 0.5 }} order={{ base: 2, md: 8 }} ta="right">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      title="Remover"
                      aria-label={`Remover ${linha.nome}`}
                      disabled={!editavel}
                      onClick={() => remove(index)}
                      mb={4}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 2.5 }} order={{ base: 3, md: 2 }}>
                    <TextField name={campo(index, 'detalhes')} label="Detalhes" />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 1.5 }} order={{ base: 4, md: 3 }}>
                    <DecimalField
                      name={campo(index, 'quantidade')}
                      label="Quantidade"
                      decimalScale={3}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 1.5 }} order={{ base: 5, md: 4 }}>
                    <MoneyField name={campo(index, 'valor')} label="Valor" />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 1.5 }} order={{ base: 6, md: 5 }}>
                    <MoneyField name={campo(index, 'desconto')} label="Desconto" />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 1.5 }} order={{ base: 7, md: 6 }}>
                    <Text size="xs" c="dimmed" ta="right">
                      Subtotal
                    </Text>
                    <Text fw={600} ta="right" data-testid="linha-subtotal">
                      {formatMoney(subtotais[index] ?? 0)}
                    </Text>
                  </Grid.Col>
                </Grid>
              </Paper>
            );
          })}
        </Stack>
      )}
    </FormSection>
  );
}
