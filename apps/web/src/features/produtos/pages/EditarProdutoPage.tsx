import { Group, Stack, Tabs, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  produtoUpdateSchema,
  type Categoria,
  type Produto,
  type ProdutoUpdate,
} from '@prumo/shared/produtos';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { HistoricoButton } from '../../../components/HistoricoAlteracoes';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useProduto, useUpdateProduto } from '../../../api/produtos';
import { useCategorias } from '../../../api/categorias';
import { FotosDoProduto } from '../components/FotosFields';
import { TabbedFormShell, useFormTabs } from '../../../components/form/TabbedFormShell';
import { SelectField } from '../../../components/form/fields';
import { PrecosPorTabela } from '../components/PrecosPorTabela';
import { ProdutoThumb } from '../components/ProdutoThumb';
import {
  ComissaoField,
  ConversaoFields,
  DescricaoField,
  EstoqueFields,
  FiscalFields,
  FlagsFields,
  grupoOptions,
  IdentidadeFields,
  MedidasFields,
  Section,
  UnidadeField,
  ValoresFields,
} from '../components/ProdutoSections';
import { EDIT_FORM_TABS, produtoToFormValues, type ProdutoFormValues } from '../produto-form';
import { PRODUTO_TEXTOS } from '../texts';

const TABS = [
  { value: 'dados', label: 'Dados' },
  { value: 'detalhes', label: 'Detalhes' },
  { value: 'valores', label: 'Valores' },
  { value: 'precos', label: 'Preços por Tabela' },
  { value: 'estoque', label: 'Estoque' },
  { value: 'outros', label: 'Outros' },
] as const;

/** The update schema validates the same form values (every field is sent). */
const updateResolver = zodResolver(produtoUpdateSchema) as unknown as Resolver<
  ProdutoFormValues,
  unknown,
  ProdutoUpdate
>;

/** /produtos/editar/{id}: 'Carregando produto', then six tabs and Atualizar Produto (spec 2.4). */
export default function EditarProdutoPage() {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const query = useProduto(id, validId);
  const categorias = useCategorias();
  const failed = !validId || query.isError;

  useEffect(() => {
    if (!failed) return;
    console.error(PRODUTO_TEXTOS.erroCarregar, query.error);
    notifyError(PRODUTO_TEXTOS.erroCarregar);
    void navigate('/produtos', { replace: true });
  }, [failed, navigate, query.error]);

  const header = (
    <PageHeader
      title="Editar Produto"
      description={query.data?.nome}
      breadcrumbs={[
        { label: 'Início', to: '/dashboard' },
        { label: 'Produtos', to: '/produtos' },
        { label: 'Editar Produto' },
      ]}
      actions={<HistoricoButton recurso="produtos" registroId={id} />}
    />
  );

  if (!query.data) {
    return (
      <Stack gap={0}>
        {header}
        <PageLoader label={PRODUTO_TEXTOS.carregando} />
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      {header}
      {/* Keyed by id: the form starts from the loaded record and keeps what the user types. */}
      <EditarProdutoForm key={query.data.id} produto={query.data} categorias={categorias.data} />
    </Stack>
  );
}

function EditarProdutoForm({
  produto,
  categorias,
}: {
  produto: Produto;
  categorias: Categoria[] | undefined;
}) {
  const navigate = useNavigate();
  const { tab, setTab, showTabOf, onInvalid } = useFormTabs(TABS, EDIT_FORM_TABS);
  const updateProduto = useUpdateProduto();
  const form = useForm<ProdutoFormValues, unknown, ProdutoUpdate>({
    resolver: updateResolver,
    defaultValues: produtoToFormValues(produto),
  });
  const fractional = [produto.estoque, produto.estoque_minimo, produto.estoque_maximo].some(
    (value) => !Number.isInteger(value),
  );

  async function onValid(values: ProdutoUpdate) {
    // The stock goes only when it was changed here: a movement recorded meanwhile is not undone.
    const { estoque, ...rest } = values;
    const dados: ProdutoUpdate = form.formState.dirtyFields.estoque ? { ...rest, estoque } : rest;
    try {
      await updateProduto.mutateAsync({ id: produto.id, dados });
      notifySuccess(PRODUTO_TEXTOS.atualizado);
      void navigate('/produtos');
    } catch (error) {
      console.error(PRODUTO_TEXTOS.erroAtualizar, error);
      if (error instanceof ApiError && !error.isConnectionFailure && error.serverMessage) {
        notifyError(`${PRODUTO_TEXTOS.erroAtualizar}: ${error.serverMessage}`);
        if (applyServerFieldErrors(error, form.setError)) showTabOf(Object.keys(error.fields));
      } else {
        notifyError(PRODUTO_TEXTOS.erroAtualizar);
      }
    }
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate>
        <TabbedFormShell
          tabs={TABS}
          cancelTo="/produtos"
          tab={tab}
          onTabChange={setTab}
          saving={updateProduto.isPending}
          submitLabel="Atualizar Produto"
          top={
            <Group gap="md" mb="md" wrap="nowrap">
              <ProdutoThumb
                produtoId={produto.id}
                fotoId={produto.foto_id}
                nome={produto.nome}
                size={64}
              />
              <Stack gap={0}>
                <Text fw={600}>{produto.nome}</Text>
                <Text size="sm" c="dimmed">
                  {produto.categoria_nome}
                  {produto.codigo_interno ? ` · ${produto.codigo_interno}` : ''}
                </Text>
              </Stack>
            </Group>
          }
        >
          <Tabs.Panel value="dados">
            <Stack gap="lg">
              <IdentidadeFields categorias={categorias} />
              <FlagsFields
                flags={[
                  'movimenta_estoque',
                  'habilitar_nota_fiscal',
                  'possui_variacoes',
                  'possui_composicao',
                ]}
              />
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="detalhes">
            <Stack gap="lg">
              <UnidadeField />
              <ConversaoFields />
              <MedidasFields />
              <ComissaoField />
              <Section title="Informações fiscais">
                <FiscalFields />
              </Section>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="valores">
            <ValoresFields
              categoriaSelect={
                <SelectField
                  name="categoria_id"
                  label="Categoria"
                  searchable
                  maw={360}
                  options={grupoOptions(categorias)}
                />
              }
            />
          </Tabs.Panel>

          <Tabs.Panel value="precos">
            <PrecosPorTabela produtoId={produto.id} custoFinal={produto.custo_final} />
          </Tabs.Panel>

          <Tabs.Panel value="estoque">
            <EstoqueFields fractional={fractional} />
          </Tabs.Panel>

          <Tabs.Panel value="outros">
            <Stack gap="lg">
              <DescricaoField />
              <FlagsFields flags={['ativo', 'vendido_separadamente', 'comercializavel_pdv']} />
              <Section title="Fotos">
                <FotosDoProduto produtoId={produto.id} fotos={produto.fotos} />
              </Section>
            </Stack>
          </Tabs.Panel>
        </TabbedFormShell>
      </form>
    </FormProvider>
  );
}
