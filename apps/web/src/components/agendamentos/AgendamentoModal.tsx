import { Alert, Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { todayISO } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import {
  AGENDAMENTO_MESSAGES,
  VENDA_MESSAGES,
  vendaServicoInputSchema,
  type Venda,
  type VendaInputValues,
} from '@prumo/shared/vendas';
import { useServicos } from '../../api/servicos';
import { useDisponibilidade, useSalvarVenda, useVenda } from '../../api/vendas';
import type { CadastroEscolhido } from '../../components/CadastroSelect';
import { CadastroField } from '../../components/form/CadastroField';
import { DateField, SelectField, TextAreaField } from '../../components/form/fields';
import { FormModal, ModalFormActions } from '../../components/form/FormModal';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifySuccess } from '../../components/notify';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { AGENDAMENTO_TEXTOS } from './textos';

export type AgendamentoModalState = { mode: 'create'; dia?: string } | { mode: 'edit'; id: number };

interface FormValues {
  cliente: CadastroEscolhido | null;
  servico_id: number | null;
  data_agendamento: string | null;
  profissional: CadastroEscolhido | null;
  hora_inicio: string | null;
  observacoes: string;
}

/** The API's field names where the form's differ (the pickers hold id and name). */
const CAMPOS: Record<string, keyof FormValues> = {
  cliente_id: 'cliente',
  profissional_id: 'profissional',
};

/** The body of POST/PUT /api/vendas: always sent as Agendado (spec 4). */
export function paraEnvio(values: FormValues): VendaInputValues {
  return {
    tipo: 'servico',
    cliente_id: values.cliente?.id as number,
    servico_id: values.servico_id as number,
    data_agendamento: values.data_agendamento as string,
    hora_inicio: values.hora_inicio as string,
    profissional_id: values.profissional?.id as number,
    profissional: values.profissional?.nome ?? null,
    observacoes: values.observacoes,
    status: 'Agendado',
  };
}

/**
 * The shared schema's checks on what would be sent, each message beside its field, and the
 * date not before today (spec 5).
 */
export const resolver: Resolver<FormValues> = (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  const parsed = vendaServicoInputSchema.safeParse(paraEnvio(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const campo = String(issue.path[0] ?? '');
      const nome = CAMPOS[campo] ?? campo;
      errors[nome] ??= { type: 'validation', message: issue.message };
    }
  }
  if (values.data_agendamento && values.data_agendamento < todayISO()) {
    errors.data_agendamento = { type: 'min', message: AGENDAMENTO_MESSAGES.dataPassada };
  }
  return Object.keys(errors).length
    ? { values: {}, errors: errors as never }
    : { values, errors: {} };
};

function valoresDe(venda: Venda | null, dia?: string): FormValues {
  if (!venda) {
    return {
      cliente: null,
      servico_id: null,
      data_agendamento: dia && dia >= todayISO() ? dia : null,
      profissional: null,
      hora_inicio: null,
      observacoes: '',
    };
  }
  return {
    cliente: venda.cliente_id ? { id: venda.cliente_id, nome: venda.cliente_nome ?? '' } : null,
    servico_id: venda.servico_id,
    data_agendamento: venda.data_agendamento,
    profissional: venda.profissional_id
      ? { id: venda.profissional_id, nome: venda.profissional ?? '' }
      : null,
    hora_inicio: venda.hora_inicio,
    observacoes: venda.observacoes ?? '',
  };
}

/** "Novo Agendamento" / "Editar Agendamento" (spec 2.13). */
export function AgendamentoModal({
  state,
  onClose,
}: {
  state: AgendamentoModalState | null;
  onClose: () => void;
}) {
  const editId = state?.mode === 'edit' ? state.id : null;
  const venda = useVenda(editId);
  const title = state?.mode === 'edit' ? AGENDAMENTO_MESSAGES.editar : AGENDAMENTO_MESSAGES.novo;
  return (
    <FormModal opened={state !== null} onClose={onClose} title={title}>
      {editId !== null && !venda.data ? (
        venda.error ? (
          <Alert color="red">{errorText(AGENDAMENTO_TEXTOS.erroCarregar, venda.error)}</Alert>
        ) : (
          <PageLoader />
        )
      ) : (
        <AgendamentoForm
          key={editId ?? 'novo'}
          venda={editId !== null ? (venda.data ?? null) : null}
          dia={state?.mode === 'create' ? state.dia : undefined}
          onDone={onClose}
        />
      )}
    </FormModal>
  );
}

function AgendamentoForm({
  venda,
  dia,
  onDone,
}: {
  venda: Venda | null;
  dia?: string;
  onDone: () => void;
}) {
  const form = useForm<FormValues>({ defaultValues: valoresDe(venda, dia), resolver });
  const { control, handleSubmit, setError, setValue, clearErrors, formState } = form;
  const salvar = useSalvarVenda();
  const servicos = useServicos();
  const [data, servicoId, profissional, hora] = useWatch({
    control,
    name: ['data_agendamento', 'servico_id', 'profissional', 'hora_inicio'],
  });

  const opcoesServico = useMemo(() => {
    const ativos = (servicos.data ?? [])
      .filter((servico) => servico.ativo)
      .map((servico) => ({
        value: servico.id,
        label: `${servico.nome} — ${formatMoney(servico.preco)}`,
      }));
    // An appointment keeps its service even if it was made inactive since.
    if (venda?.servico_id && !ativos.some((opcao) => opcao.value === venda.servico_id)) {
      ativos.unshift({
        value: venda.servico_id,
        label: `${venda.servico_nome ?? ''} — ${formatMoney(venda.valor_total)}`,
      });
    }
    return ativos;
  }, [servicos.data, venda]);

  const consulta =
    data && data >= todayISO() && servicoId && profissional
      ? {
          data,
          servico: servicoId,
          profissional: profissional.id,
          ...(venda ? { ignorar: venda.id } : {}),
        }
      : null;
  const disponibilidade = useDisponibilidade(consulta);
  const horarios = disponibilidade.data?.horarios;

  // A slot no longer offered (another day, service or professional) is chosen again.
  useEffect(() => {
    if (horarios && hora && !horarios.includes(hora)) setValue('hora_inicio', null);
  }, [horarios, hora, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await salvar.mutateAsync({
        id: venda?.id,
        dados: paraEnvio(values),
        idempotencyKey: newIdempotencyKey(),
      });
      notifySuccess(venda ? AGENDAMENTO_TEXTOS.atualizado : AGENDAMENTO_TEXTOS.criado);
      onDone();
    } catch (error) {
      console.error(AGENDAMENTO_TEXTOS.erroSalvar, error);
      if (error instanceof ApiError && error.code === 'HORARIO_INDISPONIVEL') {
        setError('hora_inicio', {
          type: 'server',
          message: AGENDAMENTO_MESSAGES.horarioIndisponivel,
        });
        notifyError(AGENDAMENTO_MESSAGES.horarioIndisponivel);
        void disponibilidade.refetch();
        return;
      }
      applyServerFieldErrors(error, setError, CAMPOS);
      notifyError(errorText(AGENDAMENTO_TEXTOS.erroSalvar, error));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate data-testid="agendamento-form">
        <Stack gap="sm">
          <CadastroField
            name="cliente"
            tipo="cliente"
            label="Cliente"
            placeholder="Selecione o cliente"
            nothingFound={VENDA_MESSAGES.clienteNaoEncontrado}
            required
          />
          <SelectField
            name="servico_id"
            label="Serviço"
            required
            searchable
            placeholder="Selecione o serviço"
            nothingFoundMessage={AGENDAMENTO_MESSAGES.servicoNaoEncontrado}
            options={opcoesServico}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField
              name="data_agendamento"
              label="Data"
              placeholder="dd/mm/aaaa"
              required
              minDate={todayISO()}
            />
            <CadastroField
              name="profissional"
              tipo="funcionario"
              label="Profissional"
              placeholder="Selecione o profissional"
              nothingFound={AGENDAMENTO_MESSAGES.profissionalNaoEncontrado}
              required
            />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4}>
              Horário{' '}
              <Text span c="red">
                *
              </Text>
            </Text>
            {!consulta ? (
              <Text size="sm" c="dimmed">
                {AGENDAMENTO_TEXTOS.escolhaParaHorarios}
              </Text>
            ) : disponibilidade.isFetching && !horarios ? (
              <Loader size="sm" />
            ) : horarios && horarios.length === 0 ? (
              <Text size="sm" c="dimmed">
                {AGENDAMENTO_TEXTOS.semHorarios}
              </Text>
            ) : (
              <>
                {disponibilidade.data?.padrao && (
                  <Text size="xs" c="orange" mb={4}>
                    {AGENDAMENTO_TEXTOS.horariosPadrao}
                  </Text>
                )}
                <SimpleGrid
                  cols={{ base: 4, xs: 6 }}
                  spacing={6}
                  role="radiogroup"
                  aria-label="Horários disponíveis"
                  data-testid="horarios"
                >
                  {(horarios ?? []).map((horario) => (
                    <Button
                      key={horario}
                      size="xs"
                      px={4}
                      role="radio"
                      aria-checked={hora === horario}
                      variant={hora === horario ? 'filled' : 'default'}
                      onClick={() => {
                        setValue('hora_inicio', horario);
                        clearErrors('hora_inicio');
                      }}
                    >
                      {horario}
                    </Button>
                  ))}
                </SimpleGrid>
              </>
            )}
            {formState.errors.hora_inicio && (
              <Text size="xs" c="red" mt={4} role="alert">
                {formState.errors.hora_inicio.message}
              </Text>
            )}
          </div>
          <TextAreaField name="observacoes" label="Observações" autosize minRows={2} />
          <ModalFormActions onCancel={onDone} saving={salvar.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}
