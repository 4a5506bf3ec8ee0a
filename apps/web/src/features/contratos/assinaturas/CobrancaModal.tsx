import { Stack, Text } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import { configuracaoCobrancaSchema, type ConfiguracaoCobranca } from '@prumo/shared/contratos';
import { useConfiguracaoCobranca, useSalvarConfiguracaoCobranca } from '../../../api/assinaturas';
import { FormModal, ModalFormActions } from '../../../components/form/FormModal';
import { IntegerField } from '../../../components/form/fields';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageLoader } from '../../../components/PageLoader';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, errosDoSchema, resolverDeErros } from '../../../lib/form-errors';
import { ASSINATURA_TEXTOS as T } from './textos';

const resolver = resolverDeErros<ConfiguracaoCobranca>((values) =>
  errosDoSchema(configuracaoCobrancaSchema, values),
);

function CobrancaForm({ atual, onClose }: { atual: ConfiguracaoCobranca; onClose: () => void }) {
  const salvar = useSalvarConfiguracaoCobranca();
  const methods = useForm<ConfiguracaoCobranca>({ defaultValues: atual, resolver });
  async function gravar(values: ConfiguracaoCobranca) {
    try {
      await salvar.mutateAsync(values);
      notifySuccess(T.cobrancaSalva);
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, methods.setError);
      notifyError(errorText(T.erroCobranca, error));
    }
  }
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={(event) => void methods.handleSubmit(gravar)(event)}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {T.cobrancaDica}
          </Text>
          <IntegerField
            name="dias_carencia"
            label="Carência (dias após o vencimento até inadimplente)"
            min={0}
            max={90}
            required
          />
          <IntegerField
            name="dias_suspensao"
            label="Dias de inadimplência até suspender"
            min={0}
            max={180}
            required
          />
          <ModalFormActions onCancel={onClose} saving={salvar.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/** "Cobrança": the grace until Inadimplente and the days until Suspensa. */
export function CobrancaModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const atual = useConfiguracaoCobranca(opened);
  return (
    <FormModal opened={opened} onClose={onClose} title={T.cobranca}>
      {atual.data ? <CobrancaForm atual={atual.data} onClose={onClose} /> : <PageLoader />}
    </FormModal>
  );
}
