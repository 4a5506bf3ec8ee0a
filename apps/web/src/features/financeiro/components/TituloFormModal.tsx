import { Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';
import { FormProvider, useController, useForm, useFormContext, useWatch } from 'react-hook-form';
import { addMonthsISO, formatDate } from '@prumo/shared/dates';
import {
  FINANCEIRO_MESSAGES,
  NATUREZAS,
  PARCELAS_TITULO_MAX,
  RECORRENCIA_MESES_MAX,
  type Natureza,
} from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';
import { FORMAS_PAGAMENTO } from '@prumo/shared/vendas';
import { useCategoriasFinanceiras, useSalvarTitulo } from '../../../api/financeiro';
import { CadastroField } from '../../../components/form/CadastroField';
import {
  DateField,
  IntegerField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import { ModalFormActions } from '../../../components/form/FormModal';
import { PlanoParcelas } from '../../../components/form/PlanoParcelas';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { MoneyInput } from '../../../components/inputs/DecimalInput';
import { DateInputBR } from '../../../components/inputs/DateInputBR';
import { newIdempotencyKey } from '../../../lib/api-client';
import { resolverDeErros } from '../../../lib/form-errors';
import {
  CAMPOS_DO_FORM,
  errosDoTitulo,
  gerarPlano,
  valuesParaInput,
  type ModoTitulo,
  type TituloFormValues,
} from '../titulo-form';

const FORMAS = FORMAS_PAGAMENTO.map(({ value, label }) => ({ value, label }));
const resolver = resolverDeErros<TituloFormValues>(errosDoTitulo);

/** Regenerates the plan from the value, the count and the first due day (after any of them changes). */
function useGerarPlano() {
  const { setValue, getValues } = useFormContext<TituloFormValues>();
  return (mudou: Partial<Pick<TituloFormValues, 'valor' | 'num_parcelas' | 'vencimento'>>) => {
    for (const [campo, valor] of Object.entries(mudou)) {
      setValue(campo as 'valor', valor as number | null, { shouldDirty: true });
    }
    const v = getValues();
    setValue('parcelas', gerarPlano(v.valor, v.num_parcelas, v.vencimento), { shouldDirty: true });
  };
}

/** The title's value: changing it splits it again. */
function ValorField({ disabled }: { disabled: boolean }) {
  const gerar = useGerarPlano();
  const {
    field: { ref, value, onBlur },
    fieldState: { error },
  } = useController<TituloFormValues, 'valor'>({ name: 'valor' });
  return (
    <MoneyInput
      label="Valor"
      withAsterisk
      name="valor"
      ref={ref}
      value={value}
      onValueChange={(valor) => gerar({ valor })}
      onBlur={onBlur}
      error={error?.message}
      disabled={disabled}
    />
  );
}

/** In installments: their count and the first due day generate the plan, then editable. */
function Parcelado({ travado }: { travado: boolean }) {
  const gerar = useGerarPlano();
  const { formState } = useFormContext<TituloFormValues>();
  const [n, vencimento, valor, parcelas] = useWatch<
    TituloFormValues,
    ['num_parcelas', 'vencimento', 'valor', 'parcelas']
  >({ name: ['num_parcelas', 'vencimento', 'valor', 'parcelas'] });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2}>
        <NumberInput
          label="Parcelas"
          withAsterisk
          min={1}
          max={PARCELAS_TITULO_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={n ?? ''}
          onChange={(next) => gerar({ num_parcelas: next === '' ? null : Number(next) })}
          error={formState.errors.num_parcelas?.message}
          disabled={travado}
          data-testid="num-parcelas"
        />
        <DateInputBR
          label={n && n > 1 ? 'Primeiro vencimento' : 'Vencimento'}
          withAsterisk
          value={vencimento}
          onChange={(next) => gerar({ vencimento: next ? String(next).slice(0, 10) : null })}
          error={formState.errors.vencimento?.message}
          disabled={travado}
        />
      </SimpleGrid>
      {travado && (
        <Text size="sm" c="dimmed">
          {FINANCEIRO_MESSAGES.parcelasComBaixa}
        </Text>
      )}
      {parcelas.length > 1 && valor && (
        <PlanoParcelas
          total={valor}
          naoConfere="A soma das parcelas não confere com o valor do lançamento."
          onRedividir={() => gerar({})}
          disabled={travado}
        />
      )}
    </Stack>
  );
}

/** Repeated monthly: one title per month, each due on the same day of its month. */
function Recorrente() {
  const [meses, vencimento, valor] = useWatch<
    TituloFormValues,
    ['recorrente_meses', 'vencimento', 'valor']
  >({ name: ['recorrente_meses', 'vencimento', 'valor'] });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2}>
        <DateField name="vencimento" label="Primeiro vencimento" required livre />
        <IntegerField
          name="recorrente_meses"
          label="Repetir por (meses)"
          required
          min={2}
          max={RECORRENCIA_MESES_MAX}
        />
      </SimpleGrid>
      {meses && meses >= 2 && vencimento && valor ? (
        <Text size="sm" c="dimmed" data-testid="recorrencia-resumo">
          Serão criados {meses} lançamentos de {formatMoney(valor)}, de {formatDate(vencimento)} a{' '}
          {formatDate(addMonthsISO(vencimento, meses - 1))}.
        </Text>
      ) : null}
    </Stack>
  );
}

function Campos({ editando, travado }: { editando: boolean; travado: boolean }) {
  const { setValue, getValues } = useFormContext<TituloFormValues>();
  const natureza = getValues('natureza');
  const modo = useWatch<TituloFormValues, 'modo'>({ name: 'modo' });
  const categorias = useCategoriasFinanceiras();
  const tipo = natureza === 'pagar' ? 'despesa' : 'receita';
  const atual = getValues('categoria_id');
  const opcoes = (categorias.data ?? [])
    .filter((c) => c.tipo === tipo && (c.ativo || c.id === atual))
    .map((c) => ({ value: c.id, label: c.nome }));
  const pessoa = NATUREZAS.find((n) => n.value === natureza)!.pessoa;

  return (
    <Stack gap="sm">
      <TextField name="descricao" label="Descrição" required maxLength={200} data-autofocus />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CadastroField
          name="pessoa"
          tipo={natureza === 'pagar' ? 'fornecedor' : 'cliente'}
          label={pessoa}
          placeholder={`Buscar ${pessoa.toLowerCase()}`}
          nothingFound={`${pessoa} não encontrado.`}
        />
        <SelectField
          name="categoria_id"
          label="Categoria"
          required={false}
          searchable
          options={opcoes}
          nothingFoundMessage="Nenhuma categoria"
        />
        <ValorField disabled={travado} />
        <SelectField
          name="forma_pagamento"
          label="Forma de pagamento"
          required={false}
          options={FORMAS}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField name="documento" label="Documento" maxLength={60} placeholder="NF, boleto…" />
        <TextField name="centro_custo" label="Centro de custo" maxLength={100} />
        <DateField
          name="competencia"
          label="Competência (DRE)"
          livre
          placeholder="O 1º vencimento"
        />
      </SimpleGrid>
      {!editando && (
        <SegmentedControl
          aria-label="Vencimentos"
          data={[
            { value: 'parcelado', label: 'Em parcelas' },
            { value: 'recorrente', label: 'Repetir mensalmente' },
          ]}
          value={modo}
          onChange={(value) => setValue('modo', value as ModoTitulo)}
          data-testid="titulo-modo"
        />
      )}
      {modo === 'recorrente' ? <Recorrente /> : <Parcelado travado={travado} />}
      <TextAreaField name="observacoes" label="Observações" minRows={2} maxLength={2000} />
    </Stack>
  );
}

function TituloForm({
  id,
  inicial,
  travado,
  onClose,
}: {
  id?: number;
  inicial: TituloFormValues;
  travado: boolean;
  onClose: () => void;
}) {
  const salvar = useSalvarTitulo();
  const idempotencyKey = useRef(newIdempotencyKey());
  const methods = useForm<TituloFormValues>({ defaultValues: inicial, resolver });

  async function gravar(values: TituloFormValues) {
    const ok = await saveWithFeedback<TituloFormValues>(
      () =>
        salvar.mutateAsync({
          id,
          dados: valuesParaInput(values),
          idempotencyKey: idempotencyKey.current,
        }),
      {
        success: id ? FINANCEIRO_MESSAGES.tituloAtualizado : FINANCEIRO_MESSAGES.tituloCriado,
        failure: FINANCEIRO_MESSAGES.erroSalvar,
      },
      // The server names the person pessoa_id; the form, pessoa.
      (campo, erro, opcoes) =>
        methods.setError((CAMPOS_DO_FORM[campo] ?? campo) as typeof campo, erro, opcoes),
    );
    if (ok) onClose();
  }

  return (
    <FormProvider {...methods}>
      <form
        noValidate
        data-testid="titulo-form"
        onSubmit={(event) => void methods.handleSubmit(gravar)(event)}
      >
        <Stack gap="md">
          <Campos editando={id !== undefined} travado={travado} />
          <ModalFormActions onCancel={onClose} saving={salvar.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}

export interface TituloEmEdicao {
  natureza: Natureza;
  id?: number;
  values: TituloFormValues;
  /** A settlement stands: the value and the installments stay as they are. */
  travado: boolean;
}

/** "Nova conta a pagar/receber", or a title's edit. */
export function TituloFormModal({
  edicao,
  onClose,
}: {
  edicao: TituloEmEdicao | null;
  onClose: () => void;
}) {
  const telaPequena = useMediaQuery('(max-width: 36em)');
  const titulo = edicao
    ? edicao.id
      ? `Editar lançamento`
      : edicao.natureza === 'pagar'
        ? FINANCEIRO_MESSAGES.novoPagar
        : FINANCEIRO_MESSAGES.novoReceber
    : '';
  return (
    <Modal
      opened={edicao !== null}
      onClose={onClose}
      title={titulo}
      size={720}
      fullScreen={telaPequena}
      centered
    >
      {edicao && (
        <TituloForm
          id={edicao.id}
          inicial={edicao.values}
          travado={edicao.travado}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
