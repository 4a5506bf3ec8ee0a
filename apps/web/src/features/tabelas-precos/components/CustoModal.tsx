import { SegmentedControl, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  CUSTO_ADICIONAL_DEFAULTS,
  CUSTO_PERCENTUAL_MAXIMO,
  custoAdicionalInputSchema,
  TIPOS_CUSTO_ADICIONAL,
  type CustoAdicional,
  type CustoAdicionalData,
  type CustoAdicionalInput,
} from '@prumo/shared/precos';
import { useSaveCustoAdicional } from '../../../api/custos-adicionais';
import {
  MoneyField,
  PercentField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import { FormModal, ModalFormActions } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { CUSTO_TEXTOS } from '../texts';

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
    <FormModal
      opened={opened}
      onClose={onClose}
      title={custo ? 'Editar Custo Adicional' : 'Novo Custo Adicional'}
    >
      <CustoForm key={custo?.id ?? 'novo'} custo={custo} onClose={onClose} />
    </FormModal>
  );
}

function CustoForm({ custo, onClose }: { custo: CustoAdicional | null; onClose: () => void }) {
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
  const tipo = useWatch({ control: form.control, name: 'tipo' }) ?? CUSTO_ADICIONAL_DEFAULTS.tipo;

  async function onValid(dados: CustoAdicionalData) {
    const saved = await saveWithFeedback(
      () => save.mutateAsync({ id: custo?.id, dados }),
      {
        success: custo ? CUSTO_TEXTOS.atualizado : CUSTO_TEXTOS.criado,
        failure: CUSTO_TEXTOS.erroSalvar,
      },
      form.setError,
    );
    if (saved) onClose();
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Stack>
          <TextField name="nome" label="Nome" required data-autofocus maxLength={120} />
          <TextAreaField name="descricao" label="Descrição" minRows={2} maxLength={500} />
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
            <PercentField
              name="valor_percentual"
              label="Valor percentual"
              description="Percentual sobre o custo final do produto"
              required
              max={CUSTO_PERCENTUAL_MAXIMO}
            />
          ) : (
            <MoneyField
              name="valor_fixo"
              label="Valor fixo"
              description="Somado ao preço de cada produto"
              required
            />
          )}
          <ModalFormActions onCancel={onClose} saving={form.formState.isSubmitting} />
        </Stack>
      </form>
    </FormProvider>
  );
}
