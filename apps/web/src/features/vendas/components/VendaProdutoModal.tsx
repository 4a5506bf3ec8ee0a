import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Grid,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  Controller,
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { formatQuantidadeUnidade } from '@prumo/shared/estoque';
import { formatMoney } from '@prumo/shared/money';
import {
  calcularTotaisVenda,
  FORMAS_PAGAMENTO,
  ITENS_VENDA_MAX,
  unidadeFracionada,
  VENDA_MESSAGES,
  vendaInputSchema,
  type FormaPagamento,
  type Venda,
  type VendaInput,
} from '@prumo/shared/vendas';
import { useSalvarVenda, useVenda } from '../../../api/vendas';
import {
  DecimalField,
  MoneyField,
  SelectField,
  TextAreaField,
} from '../../../components/form/fields';
import { CadastroSelect } from '../../../components/CadastroSelect';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifySuccess } from '../../../components/notify';
import { PageLoader } from '../../../components/PageLoader';
import { ProdutoSearch } from '../../../components/ProdutoSearch';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { avisarFalhaVenda, enviarVenda } from '../autorizacao';
import { VENDA_TEXTOS } from '../texts';

export type VendaProdutoModalState = { mode: 'create' } | { mode: 'edit'; id: number };

interface ItemValues {
  produto_id: number | null;
  produto_nome: string;
  quantidade: number | null;
  preco_unitario: number | null;
  desconto_item: number | null;
}

/** The form: section 3.12's sale form (cliente_id, forma_pagamento, desconto, observacoes) and its lines. */
interface FormValues {
  tipo: 'produto';
  cliente_id: number | null;
  forma_pagamento: FormaPagamento | null;
  desconto: number | null;
  /** Delivery charged with the sale (a converted quote brings its freight). */
  frete: number | null;
  observacoes: string;
  itens: ItemValues[];
}

/** The unit each line's product sells in (whole units or up to 3 decimals), by product id. */
type Unidades = Record<number, string>;

const itemVazio = (): ItemValues => ({
  produto_id: null,
  produto_nome: '',
  quantidade: 1,
  preco_unitario: null,
  desconto_item: null,
});

function defaultValues(venda: Venda | null): FormValues {
  if (!venda) {
    return {
      tipo: 'produto',
      cliente_id: null,
      forma_pagamento: null,
      desconto: null,
      frete: null,
      observacoes: '',
      itens: [itemVazio()],
    };
  }
  return {
    tipo: 'produto',
    cliente_id: venda.cliente_id,
    forma_pagamento: (venda.forma_pagamento as FormaPagamento | null) ?? null,
    desconto: venda.desconto || null,
    frete: venda.frete || null,
    observacoes: venda.observacoes ?? '',
    itens: venda.itens.map((item) => ({
      produto_id: item.produto_id,
      produto_nome: item.produto_nome,
      quantidade: item.quantidade,
      preco_unitario: item.preco_unitario,
      desconto_item: item.desconto_item || null,
    })),
  };
}

/** What the schema makes of a product sale (its output without the service sale's shape). */
type VendaProdutoInput = Extract<VendaInput, { tipo: 'produto' | 'balcao' }>;

// The form keeps blanks (null) where the schema wants numbers: the schema says which are missing.
const schemaResolver = zodResolver(vendaInputSchema) as unknown as Resolver<
  FormValues,
  unknown,
  VendaProdutoInput
>;

/**
 * The shared schema's checks, plus the customer and the payment method at once: the schema
 * checks those two only once the lines are valid.
 */
const resolver: Resolver<FormValues, unknown, VendaProdutoInput> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors = { ...result.errors };
  if (values.cliente_id === null && !errors.cliente_id) {
    errors.cliente_id = { type: 'required', message: VENDA_MESSAGES.clienteObrigatorio };
  }
  if (values.forma_pagamento === null && !errors.forma_pagamento) {
    errors.forma_pagamento = { type: 'required', message: VENDA_MESSAGES.formaObrigatoria };
  }
  return { values: {}, errors };
};

/** Section 5's running total, with blanks as zero: the shared calculation the server runs too. */
function totaisDoForm(itens: readonly ItemValues[], desconto: number | null, frete: number | null) {
  return calcularTotaisVenda(
    itens.map((item) => ({
      quantidade: item.quantidade ?? 0,
      preco_unitario: item.preco_unitario ?? 0,
      desconto_item: item.desconto_item ?? 0,
    })),
    desconto ?? 0,
    frete ?? 0,
  );
}

/**
 * "Nova Venda de Produto" / "Editar Venda" (spec 2.13, 3.12, 5). Wider than the spec's 500 px so
 * a line (product, quantity, unit price, discount, subtotal) fits on one row; full screen on phones.
 */
export function VendaProdutoModal({
  state,
  onClose,
}: {
  state: VendaProdutoModalState | null;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? VENDA_MESSAGES.editarVenda : VENDA_MESSAGES.novaVendaProduto}
      size={880}
      fullScreen={narrow}
      centered
    >
      {state?.mode === 'edit' ? (
        <EditarVenda key={state.id} id={state.id} onClose={onClose} />
      ) : state ? (
        <VendaProdutoForm venda={null} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function EditarVenda({ id, onClose }: { id: number; onClose: () => void }) {
  const venda = useVenda(id);
  if (venda.data) return <VendaProdutoForm venda={venda.data} onClose={onClose} />;
  if (venda.isError) {
    return <Alert color="red">{errorText(VENDA_TEXTOS.erroCarregar, venda.error)}</Alert>;
  }
  return <PageLoader label="Carregando venda..." />;
}

function VendaProdutoForm({ venda, onClose }: { venda: Venda | null; onClose: () => void }) {
  const salvar = useSalvarVenda();
  const [clienteNome, setClienteNome] = useState(venda?.cliente_nome ?? '');
  const [unidades, setUnidades] = useState<Unidades>(() =>
    Object.fromEntries((venda?.itens ?? []).map((item) => [item.produto_id, item.unidade_medida])),
  );
  const form = useForm<FormValues, unknown, VendaProdutoInput>({
    resolver,
    defaultValues: defaultValues(venda),
  });
  const { control, setError } = form;
  const itens = useFieldArray({ control, name: 'itens' });
  const valores = useWatch({ control, name: 'itens' });
  const desconto = useWatch({ control, name: 'desconto' });
  const frete = useWatch({ control, name: 'frete' });
  const totais = useMemo(() => totaisDoForm(valores, desconto, frete), [valores, desconto, frete]);
  const texts = venda
    ? { success: VENDA_TEXTOS.atualizada, failure: VENDA_TEXTOS.erroAtualizar }
    : { success: VENDA_TEXTOS.criada, failure: VENDA_TEXTOS.erroCriar };

  async function onValid(dados: VendaProdutoInput) {
    const erros = Object.entries(totais.erros);
    if (erros.length) {
      for (const [campo, message] of erros) {
        setError(campo as Path<FormValues>, { type: 'validate', message });
      }
      return;
    }
    try {
      await enviarVenda(salvar.mutateAsync, dados, venda?.id);
      notifySuccess(texts.success);
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, setError);
      avisarFalhaVenda(texts.failure, error);
    }
  }

  const erroItens =
    form.formState.errors.itens?.message ?? form.formState.errors.itens?.root?.message;
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate data-testid="venda-produto-form">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={control}
              name="cliente_id"
              render={({ field, fieldState }) => (
                <CadastroSelect
                  tipo="cliente"
                  label="Cliente"
                  placeholder="Pesquise o cliente pelo nome"
                  nothingFound={VENDA_MESSAGES.clienteNaoEncontrado}
                  data-testid="venda-cliente"
                  required
                  value={field.value === null ? null : { id: field.value, nome: clienteNome }}
                  onChange={(cliente) => {
                    setClienteNome(cliente?.nome ?? '');
                    field.onChange(cliente?.id ?? null);
                  }}
                  error={fieldState.error?.message}
                />
              )}
            />
            <SelectField
              name="forma_pagamento"
              label="Forma de pagamento"
              required
              options={FORMAS_PAGAMENTO}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>

          <Stack gap="xs">
            <Text fw={600} size="sm">
              Itens
            </Text>
            {itens.fields.map((field, index) => (
              <ItemLinha
                key={field.id}
                index={index}
                unidade={unidades[valores[index]?.produto_id ?? 0]}
                subtotal={totais.itens[index]?.subtotal ?? 0}
                onProduto={(produtoId, unidade) =>
                  setUnidades((atual) => ({ ...atual, [produtoId]: unidade }))
                }
                onRemove={itens.fields.length > 1 ? () => itens.remove(index) : undefined}
              />
            ))}
            {erroItens && (
              <Text size="sm" c="red" role="alert">
                {erroItens}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                disabled={itens.fields.length >= ITENS_VENDA_MAX}
                onClick={() => itens.append(itemVazio())}
              >
                Adicionar item
              </Button>
            </Group>
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextAreaField name="observacoes" label="Observações" minRows={3} maxLength={1000} />
            <Paper withBorder p="sm" radius="md">
              <Stack gap={6}>
                <Group justify="space-between">
                  <Text size="sm">Valor dos itens</Text>
                  <Text size="sm" fw={500}>
                    {formatMoney(totais.valor_total)}
                  </Text>
                </Group>
                <MoneyField name="desconto" label="Desconto geral" placeholder="R$ 0,00" />
                <MoneyField name="frete" label="Frete" placeholder="R$ 0,00" />
                <Divider />
                <Group justify="space-between">
                  <Text fw={700}>Total</Text>
                  <Text fw={700} size="lg" data-testid="venda-form-total">
                    {formatMoney(totais.valor_final)}
                  </Text>
                </Group>
              </Stack>
            </Paper>
          </SimpleGrid>

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <SaveButton saving={form.formState.isSubmitting}>
              {venda ? 'Atualizar Venda' : 'Salvar Venda'}
            </SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * A line: the product searched by name or barcode (its price becomes the unit price), quantity
 * (whole units unless it sells by weight or measure), unit price, discount and subtotal.
 */
function ItemLinha({
  index,
  unidade,
  subtotal,
  onProduto,
  onRemove,
}: {
  index: number;
  unidade: string | undefined;
  subtotal: number;
  onProduto: (produtoId: number, unidade: string) => void;
  onRemove?: () => void;
}) {
  const { control, setValue, getValues, formState } = useFormContext<FormValues>();
  const produtoId = useWatch({ control, name: `itens.${index}.produto_id` });
  const erroProduto = formState.errors.itens?.[index]?.produto_id?.message;
  const fracionada = unidadeFracionada(unidade);
  return (
    <Paper withBorder radius="md" p="xs" data-testid={`item-linha-${index}`}>
      <Grid gap="xs" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Controller
            control={control}
            name={`itens.${index}.produto_nome`}
            render={({ field }) => (
              <ProdutoSearch
                label="Produto"
                withAsterisk
                placeholder="Nome ou código de barras"
                data-testid={`item-produto-${index}`}
                renderInfo={(item) => (
                  <>
                    {formatMoney(item.preco)} ·{' '}
                    {formatQuantidadeUnidade(item.estoque, item.unidade_medida)}
                  </>
                )}
                value={field.value}
                selected={produtoId != null}
                error={erroProduto}
                onValueChange={(texto) => {
                  field.onChange(texto);
                  if (produtoId != null) setValue(`itens.${index}.produto_id`, null);
                }}
                onSelect={(produto) => {
                  field.onChange(produto.nome);
                  onProduto(produto.id, produto.unidade_medida);
                  setValue(`itens.${index}.produto_id`, produto.id, { shouldValidate: true });
                  setValue(`itens.${index}.preco_unitario`, produto.preco, {
                    shouldValidate: true,
                  });
                  if (getValues(`itens.${index}.quantidade`) == null) {
                    setValue(`itens.${index}.quantidade`, 1);
                  }
                }}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 2 }}>
          <DecimalField
            name={`itens.${index}.quantidade`}
            label={unidade ? `Qtd. (${unidade})` : 'Quantidade'}
            aria-label="Quantidade"
            required
            min={0}
            decimalScale={fracionada ? 3 : 0}
            inputMode={fracionada ? 'decimal' : 'numeric'}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 2 }}>
          <MoneyField name={`itens.${index}.preco_unitario`} label="Preço unitário" step={0.01} />
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 2 }}>
          <MoneyField
            name={`itens.${index}.desconto_item`}
            label="Desconto"
            aria-label="Desconto do item"
            placeholder="R$ 0,00"
            step={0.01}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 9, sm: 1.5 }}>
          <Text size="xs" c="dimmed">
            Subtotal
          </Text>
          <Text fw={600} size="sm" py={6} data-testid="item-subtotal">
            {formatMoney(subtotal)}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 3, sm: 0.5 }}>
          <Group justify="flex-end">
            <ActionIcon
              variant="subtle"
              color="red"
              title="Remover item"
              aria-label={`Remover item ${index + 1}`}
              disabled={!onRemove}
              onClick={onRemove}
              mb={6}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
