import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  descreverComposicao,
  LOCACAO_MESSAGES,
  type ItemLocavel,
  type Locacao,
} from '@prumo/shared/contratos';
import { fromCentavos, formatMoney } from '@prumo/shared/money';
import { FORMAS_PAGAMENTO } from '@prumo/shared/vendas';
import { useItensLocaveis, useSalvarLocacao } from '../../../../api/locacoes';
import { CadastroField } from '../../../../components/form/CadastroField';
import {
  DateField,
  IntegerField,
  MoneyField,
  SelectField,
  TextAreaField,
} from '../../../../components/form/fields';
import { FormSection } from '../../../../components/form/FormSection';
import { SaveButton } from '../../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../../components/notify';
import { PageHeader } from '../../../../components/PageHeader';
import { errorText } from '../../../../lib/error-text';
import { applyServerFieldErrors, resolverDeErros } from '../../../../lib/form-errors';
import { useChavePorCorpo } from '../../../../lib/idempotency';
import {
  CAMPOS_DO_FORM,
  diasDoPeriodo,
  errosDaLocacao,
  linhaVazia,
  locacaoParaValues,
  novaLocacaoValues,
  precoDaLinha,
  valuesParaInput,
  type LocacaoFormValues,
} from '../form-values';
import { LOCACOES_PATH, locacaoPath } from '../paths';
import { diasTexto, LOCACAO_TEXTOS as T, nomeLocacao, precosTexto } from '../textos';

const GRID = { base: 1, sm: 2, lg: 4 };
const resolver = resolverDeErros<LocacaoFormValues>(errosDaLocacao);

/** The items with their lines: each priced live for the period, and the total. */
function Itens({ itens: disponiveis }: { itens: ItemLocavel[] }) {
  const { fields, append, remove } = useFieldArray<LocacaoFormValues, 'itens'>({ name: 'itens' });
  const [linhas, retirada, devolucao] = useWatch<
    LocacaoFormValues,
    ['itens', 'retirada', 'devolucao_prevista']
  >({ name: ['itens', 'retirada', 'devolucao_prevista'] });
  const dias = diasDoPeriodo(retirada, devolucao);
  const porId = new Map(disponiveis.map((i) => [i.id, i]));
  const precos = fields.map((_, index) => {
    const linha = linhas[index];
    const item = linha?.item_id ? porId.get(linha.item_id) : undefined;
    const preco = item && dias !== null ? precoDaLinha(item, dias) : null;
    return { linha, item, preco, subtotal: preco ? preco.centavos * (linha?.quantidade ?? 0) : 0 };
  });
  const total = precos.reduce((soma, p) => soma + p.subtotal, 0);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="locacao-dias">
        {dias === null ? 'Informe as datas de retirada e devolução' : `Período: ${diasTexto(dias)}`}
      </Text>
      <Table verticalSpacing="xs" data-testid="locacao-itens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th w={110}>Qtd.</Table.Th>
            <Table.Th w={200}>Unidade</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field, index) => {
            const { linha, item, preco, subtotal } = precos[index]!;
            return (
              <Table.Tr key={field.id}>
                <Table.Td>
                  <SelectField
                    name={`itens.${index}.item_id`}
                    aria-label="Item"
                    placeholder="Escolha o item"
                    searchable
                    options={disponiveis.map((i) => ({
                      value: i.id,
                      label:
                        i.livres === null
                          ? i.produto_nome
                          : `${i.produto_nome} (${i.livres} de ${i.total_unidades} livres)`,
                    }))}
                    allowDeselect={false}
                    data-testid={`locacao-item-${index}`}
                  />
                  {item && (
                    <Text size="xs" c="dimmed" mt={4}>
                      {precosTexto(item)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <IntegerField
                    name={`itens.${index}.quantidade`}
                    aria-label="Quantidade"
                    min={1}
                    disabled={linha?.unidade_id != null}
                  />
                </Table.Td>
                <Table.Td>
                  <Controller
                    name={`itens.${index}.unidade_id`}
                    render={({ field: f, fieldState }) => (
                      <Select
                        aria-label="Unidade"
                        placeholder="As primeiras livres"
                        clearable
                        data={(item?.unidades ?? [])
                          .filter((u) => u.ativo)
                          .map((u) => ({
                            value: String(u.id),
                            label: `nº ${u.numero}${u.identificacao ? ` (${u.identificacao})` : ''}`,
                          }))}
                        value={f.value == null ? null : String(f.value)}
                        onChange={(v) => f.onChange(v == null ? null : Number(v))}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  {preco && (
                    <>
                      <Text size="sm" fw={600}>
                        {formatMoney(fromCentavos(subtotal))}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {descreverComposicao(preco)}
                      </Text>
                    </>
                  )}
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label="Remover item"
                    onClick={() => remove(index)}
                    disabled={fields.length === 1}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => append(linhaVazia())}
        >
          Adicionar item
        </Button>
        <Text fw={700} data-testid="locacao-total">
          Total da locação: {formatMoney(fromCentavos(total))}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * "Nova Locação" and "Editar Locação" (while reserved): the customer, the period, the payment
 * and the caução, and the items with their units, each priced live by the cheapest months,
 * weeks and days, as the server prices them.
 */
export function LocacaoForm({ locacao }: { locacao?: Locacao }) {
  const navigate = useNavigate();
  const salvar = useSalvarLocacao();
  const chaveDe = useChavePorCorpo();
  const methods = useForm<LocacaoFormValues>({
    defaultValues: locacao ? locacaoParaValues(locacao) : novaLocacaoValues(),
    resolver,
  });
  const [retirada, devolucao] = useWatch({
    control: methods.control,
    name: ['retirada', 'devolucao_prevista'],
  });
  const periodo = diasDoPeriodo(retirada, devolucao) !== null;
  const itens = useItensLocaveis(
    {
      ativo: 'true',
      retirada: periodo ? (retirada ?? undefined) : undefined,
      devolucao: periodo ? (devolucao ?? undefined) : undefined,
    },
    1,
    200,
  );
  const titulo = locacao ? `${T.editar} Nº ${locacao.numero}` : T.nova;

  async function gravar(values: LocacaoFormValues) {
    const dados = valuesParaInput(values);
    try {
      const salva = await salvar.mutateAsync({
        id: locacao?.id,
        dados,
        idempotencyKey: chaveDe(dados),
      });
      notifySuccess(locacao ? T.atualizada : T.criada);
      void navigate(locacaoPath(salva.id));
    } catch (error) {
      console.error(T.erroSalvar, error);
      applyServerFieldErrors(error, methods.setError, CAMPOS_DO_FORM);
      notifyError(errorText(T.erroSalvar, error));
    }
  }

  function invalido() {
    const primeiro = Object.values(errosDaLocacao(methods.getValues()))[0];
    notifyError(primeiro ? `${T.erroSalvar}: ${primeiro}` : T.erroSalvar);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void methods.handleSubmit(gravar, invalido)(event);
  }

  return (
    <FormProvider {...methods}>
      <PageHeader
        title={titulo}
        description={locacao?.cliente_nome}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: T.titulo, to: LOCACOES_PATH },
          ...(locacao ? [{ label: nomeLocacao(locacao.numero), to: locacaoPath(locacao.id) }] : []),
          { label: locacao ? T.editar : T.nova },
        ]}
      />
      <form noValidate onSubmit={onSubmit} aria-label={titulo} data-testid="locacao-form">
        <Stack gap="md">
          <FormSection title="Dados da locação">
            <SimpleGrid cols={GRID}>
              <CadastroField
                name="cliente"
                tipo="cliente"
                label="Cliente"
                placeholder="Pesquise o cliente pelo nome"
                nothingFound={LOCACAO_MESSAGES.clienteNaoEncontrado}
                required
              />
              <DateField name="retirada" label="Retirada" required livre />
              <DateField name="devolucao_prevista" label="Devolução prevista" required livre />
              <SelectField
                name="forma_pagamento"
                label="Forma de pagamento"
                options={FORMAS_PAGAMENTO}
                allowDeselect={false}
                required
              />
              <MoneyField
                name="caucao"
                label="Caução"
                description="Recebida na retirada; devolvida na devolução, menos os danos"
              />
            </SimpleGrid>
          </FormSection>
          <FormSection
            title="Itens"
            description="Cada item é cobrado pela combinação mais barata de meses (30 dias), semanas e dias."
          >
            <Itens itens={itens.data?.items ?? []} />
          </FormSection>
          <FormSection title="Observações">
            <TextAreaField name="observacoes" aria-label="Observações" autosize minRows={2} />
          </FormSection>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => void navigate(locacao ? locacaoPath(locacao.id) : LOCACOES_PATH)}
            >
              Cancelar
            </Button>
            <SaveButton saving={salvar.isPending}>{T.salvar}</SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
