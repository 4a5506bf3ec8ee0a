import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  CONTRATO_MESSAGES,
  INDICES_REAJUSTE,
  PERIODICIDADES,
  vencimentoDaFatura,
  type Contrato,
} from '@prumo/shared/contratos';
import { formatDate } from '@prumo/shared/dates';
import { FORMAS_PAGAMENTO } from '@prumo/shared/vendas';
import { useSalvarContrato } from '../../../api/contratos';
import { CadastroField } from '../../../components/form/CadastroField';
import {
  DateField,
  IntegerField,
  PercentField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import { FormSection } from '../../../components/form/FormSection';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, resolverDeErros } from '../../../lib/form-errors';
import { useChavePorCorpo } from '../../../lib/idempotency';
import {
  CAMPOS_DO_FORM,
  contratoParaValues,
  errosDoContrato,
  novoContratoValues,
  primeiroFaturamento,
  valuesParaInput,
  valuesParaUpdate,
  type ContratoFormValues,
} from '../form-values';
import { contratoPath, LISTA_PATH, novoPrecoPath } from '../paths';
import { CONTRATO_TEXTOS as T, nomeContrato } from '../textos';
import { ItensFields, ItensTabela } from './ItensFields';

const GRID = { base: 1, sm: 2, lg: 3 };
const FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 };

const resolverNovo = resolverDeErros<ContratoFormValues>((values) =>
  errosDoContrato(values, false),
);
const resolverEdicao = resolverDeErros<ContratoFormValues>((values) =>
  errosDoContrato(values, true),
);

/** "Primeiro faturamento: dd/mm/aaaa", live as the calendar's fields change (dataDeFaturamento). */
function PrimeiroFaturamento() {
  const [inicio, fim, periodicidade, dia, dias, diaUtil] = useWatch<
    ContratoFormValues,
    ['inicio', 'fim', 'periodicidade', 'dia_faturamento', 'dias_vencimento', 'vencimento_dia_util']
  >({
    name: [
      'inicio',
      'fim',
      'periodicidade',
      'dia_faturamento',
      'dias_vencimento',
      'vencimento_dia_util',
    ],
  });
  const primeiro = primeiroFaturamento({ inicio, fim, periodicidade, dia_faturamento: dia });
  if (!primeiro) return null;
  if (fim && primeiro > fim) {
    return (
      <Alert color="yellow" variant="light" data-testid="primeiro-faturamento">
        O contrato termina antes do primeiro faturamento ({formatDate(primeiro)}).
      </Alert>
    );
  }
  const vencimento = vencimentoDaFatura(primeiro, dias ?? 0, diaUtil);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconCalendarDue size={18} style={{ flexShrink: 0, marginTop: 2 }} />
      <div>
        <Text size="sm" fw={600} data-testid="primeiro-faturamento">
          Primeiro faturamento: {formatDate(primeiro)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="primeiro-vencimento">
          Vencimento da primeira fatura: {formatDate(vencimento)}
        </Text>
      </div>
    </Group>
  );
}

/** The percentage of a fixed reajuste, only when that is the index chosen. */
function PercentualFixo() {
  const indice = useWatch<ContratoFormValues, 'reajuste_indice'>({ name: 'reajuste_indice' });
  if (indice !== 'fixo') return null;
  return <PercentField name="reajuste_percentual" label="Percentual do reajuste" required />;
}

/**
 * "Novo Contrato" and "Editar Contrato": the customer, the services (on edit read-only: prices
 * change from a date, through "Novo preço"), the billing calendar with its first billing day
 * live, the payment, the fidelidade and the reajuste. Once the contract has bills its start,
 * periodicidade and billing day are fixed (the server refuses them too).
 */
export function ContratoForm({ contrato }: { contrato?: Contrato }) {
  const navigate = useNavigate();
  const salvar = useSalvarContrato();
  const chaveDe = useChavePorCorpo();
  const editando = contrato !== undefined;
  const methods = useForm<ContratoFormValues>({
    defaultValues: contrato ? contratoParaValues(contrato) : novoContratoValues(),
    resolver: editando ? resolverEdicao : resolverNovo,
  });
  const faturado = (contrato?.faturas.length ?? 0) > 0;
  const cancelado = contrato?.situacao === 'Cancelado';
  const titulo = contrato ? `${T.editar} Nº ${contrato.numero}` : T.novo;
  const voltarPara = contrato ? contratoPath(contrato.id) : LISTA_PATH;

  async function gravar(values: ContratoFormValues) {
    const dados = contrato ? valuesParaUpdate(values) : valuesParaInput(values);
    try {
      // A retried create (same body) sends the same Idempotency-Key: it is applied once.
      const salvo = await salvar.mutateAsync({
        id: contrato?.id,
        dados,
        idempotencyKey: chaveDe(dados),
      });
      notifySuccess(contrato ? T.atualizado : T.criado);
      void navigate(contratoPath(salvo.id));
    } catch (error) {
      console.error(T.erroSalvar, error);
      applyServerFieldErrors(error, methods.setError, CAMPOS_DO_FORM);
      notifyError(errorText(T.erroSalvar, error));
    }
  }

  /** The first problem, said beside its field and in a notification. */
  function invalido() {
    const primeiro = Object.values(errosDoContrato(methods.getValues(), editando))[0];
    notifyError(primeiro ? `${T.erroSalvar}: ${primeiro}` : T.erroSalvar);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void methods.handleSubmit(gravar, invalido)(event);
  }

  return (
    <FormProvider {...methods}>
      <PageHeader
        title={titulo}
        description={contrato?.cliente_nome}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: T.titulo, to: LISTA_PATH },
          ...(contrato ? [{ label: nomeContrato(contrato.numero), to: voltarPara }] : []),
          { label: contrato ? T.editar : T.novo },
        ]}
      />
      {cancelado && (
        <Alert color="red" variant="light" mb="md">
          {CONTRATO_MESSAGES.cancelado}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} aria-label={titulo} data-testid="contrato-form">
        <fieldset disabled={cancelado} style={FIELDSET}>
          <Stack gap="md">
            <FormSection title="Dados do contrato">
              <SimpleGrid cols={GRID}>
                <TextInput
                  label="Número"
                  value={contrato ? String(contrato.numero) : ''}
                  placeholder="Gerado ao salvar"
                  readOnly
                  variant="filled"
                />
                <CadastroField
                  name="cliente"
                  tipo="cliente"
                  label="Cliente"
                  placeholder="Pesquise o cliente pelo nome"
                  nothingFound={CONTRATO_MESSAGES.clienteNaoEncontrado}
                  required
                />
                <SelectField
                  name="forma_pagamento"
                  label="Forma de pagamento"
                  options={FORMAS_PAGAMENTO}
                  allowDeselect={false}
                  required
                />
              </SimpleGrid>
              <TextField
                name="descricao"
                label="Descrição"
                placeholder="Ex.: Suporte mensal de TI"
                maxLength={200}
              />
            </FormSection>

            <FormSection
              title="Serviços"
              description={editando ? undefined : 'O valor de cada serviço é o de um ciclo.'}
            >
              {contrato ? (
                <Stack gap="sm">
                  <ItensTabela
                    itens={contrato.itens}
                    total={contrato.valor_ciclo}
                    data-testid="itens-leitura"
                  />
                  {!cancelado && (
                    <Text size="sm" c="dimmed" data-testid="itens-novo-preco">
                      {T.itensNaEdicao}{' '}
                      <Anchor component={Link} to={novoPrecoPath(contrato.id)} size="sm">
                        {T.novoPreco}
                      </Anchor>
                    </Text>
                  )}
                </Stack>
              ) : (
                <ItensFields />
              )}
            </FormSection>

            <FormSection
              title="Calendário de faturamento"
              description="Cada ciclo é faturado no seu início, no dia de faturamento."
            >
              {faturado && (
                <Text size="sm" c="dimmed" data-testid="calendario-fixo">
                  {CONTRATO_MESSAGES.faturado}
                </Text>
              )}
              <SimpleGrid cols={GRID}>
                <DateField name="inicio" label="Início" required livre disabled={faturado} />
                <DateField name="fim" label="Término" livre description="Opcional" />
                <SelectField
                  name="periodicidade"
                  label="Periodicidade"
                  options={PERIODICIDADES}
                  allowDeselect={false}
                  required
                  disabled={faturado}
                />
                <IntegerField
                  name="dia_faturamento"
                  label="Dia de faturamento"
                  description={T.diaFaturamentoDica}
                  min={1}
                  max={31}
                  required
                  disabled={faturado}
                />
                <IntegerField
                  name="dias_vencimento"
                  label="Dias até o vencimento"
                  description="Contados do dia de faturamento"
                  min={0}
                  max={90}
                />
                <Stack justify="center">
                  <SwitchField
                    name="vencimento_dia_util"
                    label="Vencimento em dia útil"
                    description="Fim de semana ou feriado bancário passa para o próximo dia útil"
                  />
                </Stack>
              </SimpleGrid>
              <PrimeiroFaturamento />
            </FormSection>

            <FormSection title="Fidelidade e reajuste">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <IntegerField
                  name="fidelidade_meses"
                  label="Fidelidade (meses)"
                  description="0: sem fidelidade"
                  min={0}
                  max={60}
                />
                <PercentField
                  name="multa_fidelidade"
                  label="Multa (%)"
                  description="Sobre o valor dos meses que faltam da fidelidade"
                />
                <SelectField
                  name="reajuste_indice"
                  label="Reajuste"
                  description="Aplicado a cada 12 meses do início"
                  options={INDICES_REAJUSTE}
                  required={false}
                  placeholder="Sem reajuste"
                />
                <PercentualFixo />
              </SimpleGrid>
            </FormSection>

            <FormSection title="Observações">
              <TextAreaField name="observacoes" label="Observações" maxLength={2000} />
            </FormSection>
          </Stack>
        </fieldset>

        <Group justify="flex-end" gap="sm" py="md">
          <Button variant="default" onClick={() => void navigate(voltarPara)}>
            {T.cancelar}
          </Button>
          {!cancelado && <SaveButton saving={salvar.isPending}>{T.salvar}</SaveButton>}
        </Group>
      </form>
    </FormProvider>
  );
}
