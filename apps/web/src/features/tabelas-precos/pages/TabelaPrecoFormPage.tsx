import {
  Anchor,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoney, formatPercent } from '@prumo/shared/money';
import {
  calcularPrecoTabela,
  MARGEM_MAXIMA,
  TABELA_PRECO_DEFAULTS,
  tabelaPrecoInputSchema,
  TIPOS_TABELA_PRECO,
  type CustoAdicional,
  type TabelaPreco,
  type TabelaPrecoData,
  type TabelaPrecoInput,
} from '@prumo/shared/precos';
import { PercentInput } from '../../../components/inputs/DecimalInput';
import { notifyError } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { HistoricoButton } from '../../../components/HistoricoAlteracoes';
import { PageLoader } from '../../../components/PageLoader';
import { PrecoBreakdown } from '../../../components/PrecoBreakdown';
import { useTabelaPreco, useCustosTabela, useSaveTabelaPreco } from '../../../api/tabelas-precos';
import { useCustosAdicionais } from '../../../api/custos-adicionais';
import { SaveButton } from '../../../components/form/SaveButton';
import { TABELA_TEXTOS } from '../texts';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';

const LISTA = '/produtos/tabelas-precos';
const TIPO_OPTIONS = TIPOS_TABELA_PRECO.map(({ value, label }) => ({ value, label }));
/** The example product of the live preview. */
const CUSTO_EXEMPLO = 100;

/**
 * /produtos/tabelas-precos/adicionar (new), /produtos/tabelas-precos/{id} and
 * /produtos/tabelas-precos/editar/{id} (edit): nome, descrição, tipo, margem padrão and the
 * additional costs, the linked ones marked (spec 2.5).
 */
export default function TabelaPrecoFormPage() {
  const params = useParams();
  const editing = params.id !== undefined;
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();

  const tabela = useTabelaPreco(id, editing && validId);
  const custosTabela = useCustosTabela(id, editing && validId);
  const custos = useCustosAdicionais(!editing);
  const failed = editing && (!validId || tabela.isError || custosTabela.isError);

  useEffect(() => {
    if (!failed) return;
    console.error(TABELA_TEXTOS.erroCarregar, tabela.error ?? custosTabela.error);
    notifyError(TABELA_TEXTOS.erroCarregar);
    void navigate(LISTA, { replace: true });
  }, [failed, navigate, tabela.error, custosTabela.error]);

  const title = editing ? 'Editar Tabela de Preços' : 'Nova Tabela de Preços';
  const header = (
    <PageHeader
      title={title}
      description={editing ? tabela.data?.nome : undefined}
      breadcrumbs={[
        { label: 'Início', to: '/dashboard' },
        { label: 'Produtos', to: '/produtos' },
        { label: 'Tabelas de Preços', to: LISTA },
        { label: editing ? 'Editar' : 'Nova' },
      ]}
      actions={editing ? <HistoricoButton recurso="tabelas-precos" registroId={id} /> : undefined}
    />
  );

  if (editing) {
    if (!tabela.data || !custosTabela.data) {
      return (
        <Stack gap={0}>
          {header}
          <PageLoader label="Carregando tabela de preços" />
        </Stack>
      );
    }
    return (
      <Stack gap={0}>
        {header}
        <TabelaPrecoForm key={tabela.data.id} tabela={tabela.data} custos={custosTabela.data} />
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      {header}
      <TabelaPrecoForm tabela={null} custos={custos.data ?? []} custosLoading={custos.isPending} />
    </Stack>
  );
}

function TabelaPrecoForm({
  tabela,
  custos,
  custosLoading = false,
}: {
  tabela: TabelaPreco | null;
  custos: CustoAdicional[];
  custosLoading?: boolean;
}) {
  const navigate = useNavigate();
  const save = useSaveTabelaPreco();
  const form = useForm<TabelaPrecoInput, unknown, TabelaPrecoData>({
    resolver: zodResolver(tabelaPrecoInputSchema),
    defaultValues: {
      nome: tabela?.nome ?? '',
      descricao: tabela?.descricao ?? '',
      tipo: tabela?.tipo ?? TABELA_PRECO_DEFAULTS.tipo,
      margem_padrao: tabela?.margem_padrao ?? TABELA_PRECO_DEFAULTS.margem_padrao,
      // When editing, the costs already linked come marked.
      custos_adicionais: tabela?.custos_adicionais ?? [],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [margem, selecionados] = useWatch({
    control: form.control,
    name: ['margem_padrao', 'custos_adicionais'],
  });
  const exemplo = calcularPrecoTabela({
    custo: CUSTO_EXEMPLO,
    margem: Math.min(Math.max(margem ?? 0, 0), MARGEM_MAXIMA),
    custos: custos.filter((custo) => (selecionados ?? []).includes(custo.id)),
  });

  async function onValid(dados: TabelaPrecoData) {
    const saved = await saveWithFeedback(
      () => save.mutateAsync({ id: tabela?.id, dados }),
      tabela
        ? { success: TABELA_TEXTOS.atualizada, failure: TABELA_TEXTOS.erroAtualizar }
        : { success: TABELA_TEXTOS.criada, failure: TABELA_TEXTOS.erroCriar },
      form.setError,
    );
    if (saved) void navigate(LISTA);
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="md">
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
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={form.control}
                  name="tipo"
                  render={({ field }) => (
                    <Select
                      label="Tipo"
                      data={TIPO_OPTIONS}
                      allowDeselect={false}
                      value={field.value ?? TABELA_PRECO_DEFAULTS.tipo}
                      onChange={(value) => field.onChange(value)}
                      error={errors.tipo?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="margem_padrao"
                  render={({ field }) => (
                    <PercentInput
                      label="Margem padrão (%)"
                      description="Sugerida ao definir o preço de um produto"
                      max={MARGEM_MAXIMA}
                      value={field.value}
                      onValueChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.margem_padrao?.message}
                    />
                  )}
                />
              </SimpleGrid>

              <Stack gap={6}>
                <Group justify="space-between" align="flex-end">
                  <Title order={4} fw={600}>
                    Custos adicionais
                  </Title>
                  <Anchor component={Link} to="/produtos/custos-adicionais" size="sm">
                    Gerenciar custos adicionais
                  </Anchor>
                </Group>
                <Text size="sm" c="dimmed">
                  Os custos marcados são somados ao preço de cada produto nesta tabela.
                </Text>
                <Controller
                  control={form.control}
                  name="custos_adicionais"
                  render={({ field }) => (
                    <Checkbox.Group
                      value={(field.value ?? []).map(String)}
                      onChange={(values) => field.onChange(values.map(Number))}
                      error={errors.custos_adicionais?.message}
                    >
                      <Stack gap="xs" mt={4} data-testid="custos-tabela">
                        {custosLoading ? (
                          <Text size="sm" c="dimmed">
                            Carregando custos...
                          </Text>
                        ) : custos.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            Nenhum custo adicional cadastrado.
                          </Text>
                        ) : (
                          custos.map((custo) => (
                            <Checkbox
                              key={custo.id}
                              value={String(custo.id)}
                              label={custo.nome}
                              description={
                                custo.tipo === 'percentual'
                                  ? `${formatPercent(custo.valor_percentual)} sobre o custo do produto`
                                  : `${formatMoney(custo.valor_fixo)} por produto`
                              }
                            />
                          ))
                        )}
                      </Stack>
                    </Checkbox.Group>
                  )}
                />
              </Stack>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <Title order={4} fw={600}>
                Como o preço é calculado
              </Title>
              <Text size="sm" c="dimmed">
                Preço final = custo × (1 + margem/100) + custos adicionais (percentuais sobre o
                custo, fixos pelo valor). Exemplo com um produto de custo{' '}
                {formatMoney(CUSTO_EXEMPLO)} e a margem padrão:
              </Text>
              <PrecoBreakdown preco={exemplo} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <Group justify="flex-end" mt="md">
        <Button component={Link} to={LISTA} variant="default">
          Cancelar
        </Button>
        <SaveButton saving={isSubmitting}>
          {tabela ? 'Salvar Alterações' : 'Criar Tabela'}
        </SaveButton>
      </Group>
    </form>
  );
}
