import { Button, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useWatch,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Link } from 'react-router';
import {
  COLUNAS_MAX,
  COLUNAS_MIN,
  etiquetaInputSchema,
  FONTES_ETIQUETA,
  LIMITE_CARACTERES_MAX,
  LINHAS_MAX,
  MEDIDA_MAXIMA_MM,
  PADROES_ETIQUETA,
  POSICOES_CODIGO_BARRAS,
  PRESETS_ETIQUETA,
  SIM_NAO,
  TAMANHOS_FONTE,
  TAMANHOS_FONTE_VALOR,
  TAMANHOS_PAGINA,
  type EtiquetaData,
  type EtiquetaModelo,
} from '@prumo/shared/etiquetas';
import {
  DecimalField,
  IntegerField,
  SelectField,
  SwitchField,
  TextField,
} from '../../../components/form/fields';
import { SaveButton } from '../../../components/form/SaveButton';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { FolhaPreview } from './FolhaPreview';

type Campo = keyof EtiquetaModelo;

const options = (list: ReadonlyArray<{ value: string; label: string }>) =>
  list.map(({ value, label }) => ({ value, label }));
const PADRAO_OPTIONS = options(PADROES_ETIQUETA);
const FONTE_OPTIONS = options(FONTES_ETIQUETA);
const PAGINA_OPTIONS = options(TAMANHOS_PAGINA);
const SIM_NAO_OPTIONS = options(SIM_NAO);
const VALOR_OPTIONS = options(TAMANHOS_FONTE_VALOR);
const POSICAO_OPTIONS = options(POSICOES_CODIGO_BARRAS);
// Numbers: the form keeps tamanhoFonte as a number.
const TAMANHO_OPTIONS = TAMANHOS_FONTE.map((size) => ({
  value: size,
  label: `${size} pt`,
}));
const PRESET_OPTIONS = PRESETS_ETIQUETA.map((preset) => ({
  value: preset.id,
  label: `${preset.nome} — ${preset.descricao}`,
}));

/** The parsed payload is a template: the same names the form edits. */
const resolver = zodResolver(etiquetaInputSchema) as unknown as Resolver<
  EtiquetaModelo,
  unknown,
  EtiquetaData
>;

function Secao({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={4} fw={600}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Millimetres with a decimal comma; a blank field is 0 (spec section 5). */
function MedidaField(props: { name: Campo; label: string; description?: string }) {
  return <DecimalField {...props} suffix=" mm" decimalScale={2} max={MEDIDA_MAXIMA_MM} />;
}

/**
 * The label template form, shared by add and edit so both offer the same reconciled option set:
 * identification, sheet (page, grid, margins and gaps), label size, text and what to show, with
 * a live preview of the sheet. `onSave` answers true when saved.
 */
export function EtiquetaForm({
  defaultValues,
  submitLabel,
  cancelTo,
  onSave,
  resetOnSuccess = false,
}: {
  defaultValues: EtiquetaModelo;
  submitLabel: string;
  cancelTo: string;
  onSave: (
    dados: EtiquetaData,
    form: UseFormReturn<EtiquetaModelo, unknown, EtiquetaData>,
  ) => Promise<boolean>;
  resetOnSuccess?: boolean;
}) {
  const form = useForm<EtiquetaModelo, unknown, EtiquetaData>({ resolver, defaultValues });
  const { control, formState } = form;
  const geometria = useWatch({ control }) as EtiquetaModelo;

  async function onValid(dados: EtiquetaData) {
    try {
      const saved = await onSave(dados, form);
      if (saved && resetOnSuccess) form.reset(defaultValues);
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
    }
  }

  function aplicarPreset(id: string | null) {
    const preset = PRESETS_ETIQUETA.find((item) => item.id === id);
    if (!preset) return;
    for (const [campo, valor] of Object.entries(preset.geometria)) {
      form.setValue(campo as Campo, valor as never, { shouldDirty: true, shouldValidate: true });
    }
    form.setValue('padrao', 'pimaco', { shouldDirty: true });
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" p="md">
              <Stack gap="xl">
                <Secao title="Identificação">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField name="nome" label="Nome" required maxLength={120} />
                    <SelectField name="padrao" label="Padrão" options={PADRAO_OPTIONS} />
                  </SimpleGrid>
                </Secao>

                <Secao title="Folha">
                  <Select
                    label="Preencher com uma folha Pimaco"
                    placeholder="Escolha uma folha para preencher as medidas"
                    data={PRESET_OPTIONS}
                    value={null}
                    onChange={aplicarPreset}
                    clearable={false}
                  />
                  <SimpleGrid cols={{ base: 1, xs: 3 }}>
                    <SelectField
                      name="tamanhoPagina"
                      label="Tamanho da página"
                      description="Carta é o mesmo que Letter"
                      options={PAGINA_OPTIONS}
                    />
                    <IntegerField
                      name="colunasPagina"
                      label="Colunas por página"
                      description={`De ${COLUNAS_MIN} a ${COLUNAS_MAX}`}
                      min={COLUNAS_MIN}
                      max={COLUNAS_MAX}
                    />
                    <IntegerField
                      name="linhasPagina"
                      label="Linhas por página"
                      description="0 = quantas couberem"
                      min={0}
                      max={LINHAS_MAX}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 2, sm: 4 }}>
                    <MedidaField
                      name="margemSuperior"
                      label="Margem superior"
                      description="Topo da folha"
                    />
                    <MedidaField
                      name="margemLateral"
                      label="Margem lateral"
                      description="Lado esquerdo"
                    />
                    <MedidaField
                      name="densidadeVertical"
                      label="Espaço vertical"
                      description="Entre linhas"
                    />
                    <MedidaField
                      name="densidadeHorizontal"
                      label="Espaço horizontal"
                      description="Entre colunas"
                    />
                  </SimpleGrid>
                </Secao>

                <Secao title="Etiqueta">
                  <SimpleGrid cols={{ base: 2 }}>
                    <MedidaField
                      name="larguraEtiqueta"
                      label="Largura da etiqueta"
                      description="0 = divide a largura útil"
                    />
                    <MedidaField
                      name="alturaEtiqueta"
                      label="Altura da etiqueta"
                      description="0 = divide a altura útil"
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, xs: 3 }}>
                    <SelectField
                      name="fonteEtiqueta"
                      label="Fonte"
                      description="Arial sai como Helvetica"
                      options={FONTE_OPTIONS}
                    />
                    <SelectField
                      name="tamanhoFonte"
                      label="Tamanho da fonte"
                      description="Nome e código interno"
                      options={TAMANHO_OPTIONS}
                    />
                    <IntegerField
                      name="limiteCaracteres"
                      label="Limite de caracteres"
                      description="0 = nome inteiro"
                      min={0}
                      max={LIMITE_CARACTERES_MAX}
                    />
                  </SimpleGrid>
                  <SwitchField
                    name="descricaoTopo"
                    label="Descrição do produto no topo da etiqueta"
                  />
                </Secao>

                <Secao title="Exibição">
                  <SimpleGrid cols={{ base: 1, xs: 2 }}>
                    <SelectField
                      name="exibirCodigoInterno"
                      label="Exibir código interno"
                      options={SIM_NAO_OPTIONS}
                    />
                    <SelectField
                      name="exibirCodigoBarras"
                      label="Exibir código de barras"
                      options={SIM_NAO_OPTIONS}
                    />
                    <SelectField
                      name="exibirNumeroCodigoBarras"
                      label="Exibir número do código de barras"
                      options={SIM_NAO_OPTIONS}
                    />
                    <SelectField
                      name="exibirValorProduto"
                      label="Exibir valor do produto"
                      options={SIM_NAO_OPTIONS}
                    />
                    <SelectField
                      name="tamanhoFonteValor"
                      label="Tamanho da fonte do valor"
                      options={VALOR_OPTIONS}
                    />
                    <SelectField
                      name="posicaoCodigoBarras"
                      label="Posição do código de barras"
                      options={POSICAO_OPTIONS}
                    />
                  </SimpleGrid>
                </Secao>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p="md" pos="sticky" top={80}>
              <Stack gap="sm">
                <Title order={4} fw={600}>
                  Pré-visualização da folha
                </Title>
                <FolhaPreview geometria={numeros(geometria)} />
                <Text size="xs" c="dimmed">
                  A impressão usa estas medidas. Confira com a embalagem da folha de etiquetas.
                </Text>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>

        <Group justify="flex-end" mt="md">
          <Button component={Link} to={cancelTo} variant="default">
            Cancelar
          </Button>
          <SaveButton saving={formState.isSubmitting}>{submitLabel}</SaveButton>
        </Group>
      </form>
    </FormProvider>
  );
}

/** Blank numbers count as 0 in the preview, as they will when saved. */
function numeros(values: EtiquetaModelo): EtiquetaModelo {
  const result = { ...values };
  for (const campo of [
    'margemSuperior',
    'margemLateral',
    'densidadeVertical',
    'densidadeHorizontal',
    'alturaEtiqueta',
    'larguraEtiqueta',
    'colunasPagina',
    'linhasPagina',
  ] as const) {
    result[campo] = Number(values[campo] ?? 0) || 0;
  }
  return result;
}
