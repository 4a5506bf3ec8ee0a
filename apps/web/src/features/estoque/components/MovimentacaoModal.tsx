import {
  Autocomplete,
  Button,
  Group,
  Input,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DateInputBR } from '../../../components/inputs/DateInputBR';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { todayISO } from '@prumo/shared/dates';
import {
  erroSalvarMovimentacao,
  ESTOQUE_MESSAGES,
  formatQuantidadeUnidade,
  MOTIVOS_SUGERIDOS,
  movimentacaoInputSchema,
  QUANTIDADE_MIN,
  QUANTIDADE_STEP,
  TIPOS_MOVIMENTACAO,
  type Movimentacao,
  type MovimentacaoInput,
  type MovimentacaoInputValues,
  type TipoMovimentacao,
} from '@prumo/shared/estoque';
import { DecimalInput } from '../../../components/inputs/DecimalInput';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useState } from 'react';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCreateMovimentacao, useUpdateMovimentacao } from '../../../api/estoque';
import { ProdutoSearch } from '../../../components/ProdutoSearch';
import { SaveButton } from '../../../components/form/SaveButton';

/** A product the modal starts with (a row's action), shown as already chosen. */
export interface ProdutoInicial {
  id: number;
  nome: string;
  estoque?: number;
  unidade_medida?: string;
}

export type MovimentacaoModalState =
  { mode: 'create'; produto?: ProdutoInicial } | { mode: 'edit'; movimentacao: Movimentacao };

/** Form values: the shared schema's input (what POST and PUT receive). */
type FormValues = MovimentacaoInputValues & { tipo: TipoMovimentacao };

function defaultValues(state: MovimentacaoModalState): FormValues {
  if (state.mode === 'edit') {
    const { movimentacao } = state;
    return {
      tipo: movimentacao.tipo,
      produto_id: movimentacao.produto_id,
      produto: movimentacao.produto_nome,
      quantidade: movimentacao.quantidade,
      data: movimentacao.data,
      motivo: movimentacao.motivo,
      observacoes: movimentacao.observacoes ?? '',
    };
  }
  return {
    tipo: 'entrada',
    produto_id: state.produto?.id ?? null,
    produto: state.produto?.nome ?? '',
    quantidade: null,
    data: todayISO(),
    motivo: '',
    observacoes: '',
  };
}

/** "Erro ao salvar movimentação: {server error or the default text}". */
function failureText(error: unknown, mode: MovimentacaoModalState['mode']): string {
  if (error instanceof ApiError) {
    return erroSalvarMovimentacao(
      error.serverMessage ??
        (mode === 'edit' ? ESTOQUE_MESSAGES.erroAtualizar : ESTOQUE_MESSAGES.erroCriar),
    );
  }
  return erroSalvarMovimentacao(error instanceof Error ? error.message : undefined);
}

/**
 * The stock-movement modal (spec 2.11, 3.10, 5 and 8): product from the suggestions, tipo,
 * date (today by default), quantity (min 0, step 0,01), reason and notes. Creates with POST or,
 * opened from a history row, edits with PUT.
 */
export function MovimentacaoModal({
  state,
  onClose,
}: {
  state: MovimentacaoModalState | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? 'Editar Movimentação' : 'Nova Movimentação'}
      size={500}
      centered
    >
      {state && (
        <MovimentacaoForm
          // A new form per opening: defaults follow the row or movement it was opened for.
          key={state.mode === 'edit' ? `edit-${state.movimentacao.id}` : `new-${state.produto?.id}`}
          state={state}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function MovimentacaoForm({
  state,
  onClose,
}: {
  state: MovimentacaoModalState;
  onClose: () => void;
}) {
  const create = useCreateMovimentacao();
  const update = useUpdateMovimentacao();
  // One key per opened form: a retry after a lost answer is not applied twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const saving = create.isPending || update.isPending;
  const inicial = state.mode === 'create' ? state.produto : undefined;

  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<FormValues, unknown, MovimentacaoInput>({
    resolver: zodResolver(movimentacaoInputSchema),
    defaultValues: defaultValues(state),
  });
  const tipo = useWatch({ control, name: 'tipo' });
  const produtoId = useWatch({ control, name: 'produto_id' });
  const hoje = todayISO();

  const onSubmit = handleSubmit(async (input) => {
    try {
      if (state.mode === 'edit') {
        await update.mutateAsync({ id: state.movimentacao.id, input });
        notifySuccess(ESTOQUE_MESSAGES.atualizada);
      } else {
        await create.mutateAsync({ input, idempotencyKey });
        notifySuccess(ESTOQUE_MESSAGES.criada);
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'IDEMPOTENCIA_CONFLITO') {
        // The first try was saved (its answer was lost) and the form changed since.
        notifyError(ESTOQUE_MESSAGES.jaRegistrada);
        onClose();
        return;
      }
      applyServerFieldErrors(error, setError);
      notifyError(failureText(error, state.mode));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Controller
          control={control}
          name="produto"
          render={({ field }) => (
            <ProdutoSearch
              label="Produto"
              withAsterisk
              placeholder="Digite o nome ou o código de barras"
              data-testid="movimentacao-produto"
              renderInfo={(item) => formatQuantidadeUnidade(item.estoque, item.unidade_medida)}
              value={field.value ?? ''}
              selected={produtoId != null}
              autoFocus={state.mode === 'create' && !inicial}
              error={errors.produto_id?.message ?? errors.produto?.message}
              onValueChange={(texto) => {
                field.onChange(texto);
                if (produtoId != null) setValue('produto_id', null);
              }}
              onSelect={(produto) => {
                field.onChange(produto.nome);
                setValue('produto_id', produto.id, { shouldValidate: true });
              }}
            />
          )}
        />
        {inicial?.estoque !== undefined && produtoId === inicial.id && (
          <Text size="xs" c="dimmed" mt={-6}>
            Estoque atual: {formatQuantidadeUnidade(inicial.estoque, inicial.unidade_medida)}
          </Text>
        )}

        <Controller
          control={control}
          name="tipo"
          render={({ field }) => (
            <Input.Wrapper label="Tipo" withAsterisk error={errors.tipo?.message}>
              <SegmentedControl
                fullWidth
                mt={4}
                aria-label="Tipo"
                color={field.value === 'entrada' ? 'teal' : 'red'}
                data={TIPOS_MOVIMENTACAO.map((option) => ({ ...option }))}
                value={field.value}
                onChange={(value) => field.onChange(value as TipoMovimentacao)}
              />
            </Input.Wrapper>
          )}
        />

        <Group grow align="flex-start">
          <Controller
            control={control}
            name="data"
            render={({ field }) => (
              <DateInputBR
                label="Data"
                withAsterisk
                maxDate={hoje}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? null)}
                error={errors.data?.message}
                popoverProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="quantidade"
            render={({ field }) => (
              <DecimalInput
                label="Quantidade"
                withAsterisk
                placeholder="0,00"
                min={QUANTIDADE_MIN}
                step={QUANTIDADE_STEP}
                decimalScale={3}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.quantidade?.message}
                inputMode="decimal"
              />
            )}
          />
        </Group>

        <Controller
          control={control}
          name="motivo"
          render={({ field }) => (
            <Autocomplete
              label="Motivo"
              withAsterisk
              placeholder={tipo === 'saida' ? 'Ex.: Venda' : 'Ex.: Compra de mercadoria'}
              data={[...MOTIVOS_SUGERIDOS[tipo]]}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.motivo?.message}
              maxLength={200}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />

        <Controller
          control={control}
          name="observacoes"
          render={({ field }) => (
            <Textarea
              label="Observações"
              autosize
              minRows={2}
              maxRows={5}
              maxLength={1000}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.observacoes?.message}
            />
          )}
        />

        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <SaveButton saving={saving}>
            {state.mode === 'edit' ? 'Atualizar Movimentação' : 'Salvar Movimentação'}
          </SaveButton>
        </Group>
      </Stack>
    </form>
  );
}
