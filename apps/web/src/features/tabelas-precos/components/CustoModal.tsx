import { errorText } from '../../../lib/error-text';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  CUSTO_ADICIONAL_DEFAULTS,
  CUSTO_PERCENTUAL_MAXIMO,
  custoAdicionalInputSchema,
  TIPOS_CUSTO_ADICIONAL,
  type CustoAdicional,
  type CustoAdicionalData,
  type CustoAdicionalInput,
} from '@prumo/shared/precos';
import { MoneyInput, PercentInput } from '../../../components/inputs/DecimalInput';
import { notifyError, notifySuccess } from '../../../components/notify';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSaveCustoAdicional } from '../../../api/custos-adicionais';
import { CUSTO_TEXTOS } from '../texts';
import { SaveButton } from '../../../components/form/SaveButton';

/** Create or edit an additional cost (spec 2.6): a modal about 500 px wide. */
export function CustoModal({
  opened,
  custo,
  onClose,
}: {
  opened: boolean;
  /** The cost being edited; null creates one. */
  custo: CustoAdicional | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={custo ? 'Editar Custo Adicional' : 'Novo Custo Adicional'}
      size={500}
      centered
    >
      {/* Keyed so each opening starts from the cost's current values. */}
      {opened && <CustoFormBody key={custo?.id ?? 'novo'} custo={custo} onClose={onClose} />}
    </Modal>
  );
}

function CustoFormBody({ custo, onClose }: { custo: CustoAdicional | null; onClose: () => void }) {
  const save = useSaveCustoAdicional();
  const form = useForm<CustoAdicionalInput, unknown, CustoAdicionalData>({
    resolver: zodResolver(custoAdicionalInputSchema),
    defaultValues: {
      nome: custo?.nome ?? '',
      descricao: custo?.descricao ?? '',
      tipo: custo?.tipo ?? CUSTO_ADICIONAL_DEFAULTS.tipo,
      valor_percentual: custo?.valor_percentual ?? null,
      valor_fixo: custo?.valor_fixo ?? null,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const tipo = useWatch({ control: form.control, name: 'tipo' }) ?? CUSTO_ADICIONAL_DEFAULTS.tipo;

  async function onValid(dados: CustoAdicionalData) {
    try {
      await save.mutateAsync({ id: custo?.id, dados });
      notifySuccess(custo ? CUSTO_TEXTOS.atualizado : CUSTO_TEXTOS.criado);
      onClose();
    } catch (error) {
      console.error(CUSTO_TEXTOS.erroSalvar, error);
      applyServerFieldErrors(error, form.setError);
      notifyError(errorText(CUSTO_TEXTOS.erroSalvar, error));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <Stack>
        <TextInput
          label="Nome"
          withAsterisk
          data-autofocus
          maxLength={120}
          {...form.register('nome')}
          error={errors.nome?.message}
        />
        <Textarea
          label="Descrição"
          autosize
          minRows={2}
          maxLength={500}
          {...form.register('descricao')}
          error={errors.descricao?.message}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Tipo
          </Text>
          <Controller
            control={form.control}
            name="tipo"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Tipo"
                data={TIPOS_CUSTO_ADICIONAL.map(({ value, label }) => ({ value, label }))}
                value={field.value ?? CUSTO_ADICIONAL_DEFAULTS.tipo}
                onChange={(value) => {
                  field.onChange(value);
                  form.clearErrors(['valor_percentual', 'valor_fixo']);
                }}
              />
            )}
          />
        </Stack>
        {tipo === 'percentual' ? (
          <Controller
            control={form.control}
            name="valor_percentual"
            render={({ field }) => (
              <PercentInput
                label="Valor percentual"
                description="Percentual sobre o custo final do produto"
                withAsterisk
                max={CUSTO_PERCENTUAL_MAXIMO}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.valor_percentual?.message}
              />
            )}
          />
        ) : (
          <Controller
            control={form.control}
            name="valor_fixo"
            render={({ field }) => (
              <MoneyInput
                label="Valor fixo"
                description="Somado ao preço de cada produto"
                withAsterisk
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.valor_fixo?.message}
              />
            )}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <SaveButton saving={isSubmitting}>Salvar</SaveButton>
        </Group>
      </Stack>
    </form>
  );
}
