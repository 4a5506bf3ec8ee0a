import { ActionIcon, Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { IconPencilPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { formatQuantidadeUnidade } from '@prumo/shared/estoque';
import { formatMoney } from '@prumo/shared/money';
import { subtotaisDasLinhas, type LinhaForm } from '../../lib/documento-form';
import { ProdutoSearch } from '../ProdutoSearch';
import { ServicoSearch } from '../ServicoSearch';
import { DecimalField, MoneyField, TextField } from './fields';
import { FormSection } from './FormSection';

export type { LinhaForm };

export interface LinhaProdutoForm extends LinhaForm {
  /** Null: typed by hand, not from the catalogue. */
  produto_id: number | null;
  unidade_medida: string;
}

export interface LinhaServicoForm extends LinhaForm {
  servico_id: number | null;
}

/** The part of a form these sections edit. */
export interface LinhasValues {
  produtos: LinhaProdutoForm[];
  servicos: LinhaServicoForm[];
}

type Tipo = keyof LinhasValues;
type Linha<T extends Tipo> = LinhasValues[T][number];

/** What the search found: a product or a service of the catalogue. */
export interface ItemCatalogo {
  id: number;
  nome: string;
  preco: number;
  unidade_medida?: string;
}

/**
 * A new line: one unit at the catalogue's price, no discount; without an item, a line typed by
 * hand (its name and value to fill in).
 */
export function novaLinha(tipo: Tipo, item?: ItemCatalogo): LinhaProdutoForm | LinhaServicoForm {
  const linha = {
    nome: item?.nome ?? '',
    detalhes: '',
    quantidade: 1,
    valor: item?.preco ?? null,
    desconto: 0,
  };
  const id = item?.id ?? null;
  return tipo === 'produtos'
    ? { ...linha, produto_id: id, unidade_medida: item?.unidade_medida ?? 'UN' }
    : { ...linha, servico_id: id };
}

/** The message of a line's own error (an unknown product or service, from the server). */
function erroDaLinha(
  errors: ReturnType<typeof useFormContext<LinhasValues>>['formState']['errors'],
  tipo: Tipo,
  index: number,
): string | undefined {
  const linha = errors[tipo]?.[index] as Record<string, { message?: string }> | undefined;
  return linha?.produto_id?.message ?? linha?.servico_id?.message;
}

/**
 * The product or service lines of a document: the search that adds one (priced from the
 * catalogue; a product by name, barcode or internal code, with its price and stock) and, where
 * the document takes them, the button that adds a line typed by hand; then per line its name,
 * details, quantity, value, discount, subtotal (as the server computes it) and remove.
 */
export function LinhasSection<T extends Tipo>({
  tipo,
  titulo,
  vazio,
  editavel,
  buscaTestId,
  avulsa,
}: {
  tipo: T;
  titulo: string;
  /** What a document without lines of this kind says. */
  vazio: string;
  editavel: boolean;
  /** The search box's data-testid. */
  buscaTestId: string;
  /** The label of the button that adds a line typed by hand; none: catalogue lines only. */
  avulsa?: string;
}) {
  const {
    control,
    formState: { errors },
  } = useFormContext<LinhasValues>();
  const { fields, append, remove } = useFieldArray<LinhasValues, T>({ control, name: tipo });
  const linhas = useWatch<LinhasValues, T>({ control, name: tipo });
  const subtotais = subtotaisDasLinhas(linhas);
  const adicionar = (item: ItemCatalogo) => append(novaLinha(tipo, item) as never);
  const campo = (index: number, nome: string) =>
    `${tipo}.${index}.${nome}` as FieldPath<LinhasValues>;
  const rotulo = tipo === 'produtos' ? 'Produto' : 'Serviço';

  return (
    <FormSection title={titulo}>
      {editavel &&
        (tipo === 'produtos' ? (
          <ProdutoSearch
            label="Adicionar produto"
            placeholder="Pesquise pelo nome, código de barras ou código interno"
            data-testid={buscaTestId}
            renderInfo={(produto) =>
              `${formatMoney(produto.preco)} · ${formatQuantidadeUnidade(produto.estoque, produto.unidade_medida)}`
            }
            onSelect={adicionar}
          />
        ) : (
          <ServicoSearch onSelect={adicionar} data-testid={buscaTestId} />
        ))}
      {editavel && avulsa && (
        <div>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPencilPlus size={16} />}
            onClick={() => append(novaLinha(tipo) as never)}
            data-testid={`${tipo}-avulsa`}
          >
            {avulsa}
          </Button>
        </div>
      )}
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`${tipo}-vazio`}>
          {vazio}
        </Text>
      ) : (
        <Stack gap="sm" data-testid={`linhas-${tipo}`}>
          {fields.map((field, index) => {
            const linha = field as unknown as Linha<T> & { id: string };
            const erro = erroDaLinha(errors, tipo, index);
            const doCatalogo =
              ('produto_id' in linha ? linha.produto_id : linha.servico_id) !== null;
            return (
              <Paper
                key={field.id}
                withBorder
                radius="sm"
                p="sm"
                bg="var(--mantine-color-default-hover)"
                data-testid={`linha-${tipo}`}
              >
                <Grid gap="xs" align="flex-end">
                  <Grid.Col span={{ base: 10, md: 3 }}>
                    {doCatalogo ? (
                      <>
                        <Text size="xs" c="dimmed">
                          {rotulo}
                        </Text>
                        <Text size="sm" fw={600} lineClamp={2} data-testid="linha-nome">
                          {linha.nome}
                        </Text>
                      </>
                    ) : (
                      <TextField
                        name={campo(index, 'nome')}
                        label={`${rotulo} (fora do catálogo)`}
                        required
                      />
                    )}
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
                      aria-label={`Remover ${linha.nome || rotulo.toLowerCase()}`}
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
