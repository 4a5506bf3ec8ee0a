import { Paper, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { formatPercent } from '@prumo/shared/money';
import {
  calcularPrecoTabela,
  MARGEM_MAXIMA,
  precoProdutoInputSchema,
  type PrecoProduto,
  type PrecoProdutoData,
  type PrecoProdutoInput,
} from '@prumo/shared/precos';
import { PercentField, SwitchField } from '../../../components/form/fields';
import { FormModal, ModalFormActions } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { notifyError } from '../../../components/notify';
import { PrecoBreakdown } from '../../../components/PrecoBreakdown';
import { useDefinirPrecoProduto } from '../../../api/precos-produto';
import { PRECO_TEXTOS } from '../texts';

/**
 * Defines or updates the product's margin in one price table (spec 2.4): the margin is required
 * ('Por favor, informe a margem') and the final price is shown live, line by line, with the
 * same rule the server applies.
 */
export function MargemModal({
  produtoId,
  linha,
  onClose,
}: {
  produtoId: number;
  /** The table's row; null keeps the modal closed. */
  linha: PrecoProduto | null;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={linha !== null}
      onClose={onClose}
      title={linha?.margem === null ? 'Definir preço' : 'Editar preço'}
    >
      {linha && (
        <MargemForm key={linha.tabela_id} produtoId={produtoId} linha={linha} onClose={onClose} />
      )}
    </FormModal>
  );
}

function MargemForm({
  produtoId,
  linha,
  onClose,
}: {
  produtoId: number;
  linha: PrecoProduto;
  onClose: () => void;
}) {
  const definir = useDefinirPrecoProduto();
  const form = useForm<PrecoProdutoInput, unknown, PrecoProdutoData>({
    resolver: zodResolver(precoProdutoInputSchema),
    defaultValues: {
      tabela_preco_id: linha.tabela_id,
      // A new price starts from the table's default margin.
      margem: linha.margem ?? linha.margem_padrao,
      ativo: linha.margem === null ? true : linha.preco_ativo,
    },
  });
  const margem = useWatch({ control: form.control, name: 'margem' });
  const preco =
    margem == null || !Number.isFinite(margem)
      ? null
      : calcularPrecoTabela({
          custo: linha.custo,
          margem: Math.min(Math.max(margem, 0), MARGEM_MAXIMA),
          custos: linha.custos_adicionais,
        });

  async function onValid(dados: PrecoProdutoData) {
    const saved = await saveWithFeedback(
      () => definir.mutateAsync({ id: produtoId, dados }),
      { success: PRECO_TEXTOS.definido, failure: PRECO_TEXTOS.erroDefinir },
      form.setError,
    );
    if (saved) onClose();
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => {
          // The modal sits inside the product form in React's tree: its submit must not reach it.
          event.stopPropagation();
          void form.handleSubmit(onValid, (invalid) => {
            if (invalid.margem?.message) notifyError(invalid.margem.message);
          })(event);
        }}
        noValidate
      >
        <Stack>
          <Text size="sm">
            Tabela <strong>{linha.tabela_nome}</strong> · margem padrão{' '}
            {formatPercent(linha.margem_padrao)}
          </Text>
          <PercentField
            name="margem"
            label="Margem (%)"
            required
            data-autofocus
            max={MARGEM_MAXIMA}
          />
          <SwitchField name="ativo" label="Preço ativo" />
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
            {preco ? (
              <PrecoBreakdown preco={preco} />
            ) : (
              <Text size="sm" c="dimmed">
                Informe a margem para ver o preço final.
              </Text>
            )}
          </Paper>
          <Text size="xs" c="dimmed">
            Preço final = custo final × (1 + margem/100) + custos adicionais da tabela (percentuais
            sobre o custo final, fixos pelo valor). O custo final é o salvo no produto.
          </Text>
          <ModalFormActions onCancel={onClose} saving={form.formState.isSubmitting} />
        </Stack>
      </form>
    </FormProvider>
  );
}
