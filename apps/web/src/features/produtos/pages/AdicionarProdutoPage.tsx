import { Button, Group, Paper, Stack, Tabs } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { produtoCreateSchema, type ProdutoCreate } from '@prumo/shared/produtos';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCreateProduto } from '../../../api/produtos';
import { useCategorias } from '../../../api/categorias';
import { NovasFotos } from '../components/FotosFields';
import {
  ComissaoField,
  ConversaoFields,
  DescricaoField,
  EstoqueFields,
  FiscalFields,
  FlagsFields,
  FornecedoresPlaceholder,
  IdentidadeFields,
  MedidasFields,
  Section,
  UnidadeField,
  ValoresFields,
} from '../components/ProdutoSections';
import {
  ADD_FORM_TABS,
  firstErrorMessage,
  firstErrorTab,
  PRODUTO_FORM_DEFAULTS,
  type ProdutoFormValues,
} from '../produto-form';
import { PRODUTO_TEXTOS } from '../texts';
import { SaveButton } from '../../../components/form/SaveButton';

const TABS = [
  { value: 'dados', label: 'Dados' },
  { value: 'detalhes', label: 'Detalhes' },
  { value: 'valores', label: 'Valores' },
  { value: 'estoque', label: 'Estoque' },
  { value: 'fotos', label: 'Fotos' },
  { value: 'fiscal', label: 'Fiscal' },
  { value: 'fornecedores', label: 'Fornecedores' },
] as const;
const TAB_ORDER = TABS.map((tab) => tab.value);

/** /produtos/adicionar-produto: seven tabs, Cancelar and Salvar Produto (spec 2.3). */
export default function AdicionarProdutoPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<string>('dados');
  const [fotos, setFotos] = useState<File[]>([]);
  // The groups are loaded when the form opens.
  const categorias = useCategorias();
  const createProduto = useCreateProduto();
  const form = useForm<ProdutoFormValues, unknown, ProdutoCreate>({
    resolver: zodResolver(produtoCreateSchema),
    defaultValues: PRODUTO_FORM_DEFAULTS,
    mode: 'onSubmit',
  });

  function showTabOf(fields: Iterable<string>) {
    const errorTab = firstErrorTab(fields, ADD_FORM_TABS, TAB_ORDER);
    if (errorTab) setTab(errorTab);
  }

  async function onValid(dados: ProdutoCreate) {
    try {
      await createProduto.mutateAsync({ dados, fotos });
      notifySuccess(PRODUTO_TEXTOS.cadastrado);
      void navigate('/produtos');
    } catch (error) {
      console.error(PRODUTO_TEXTOS.erroCadastrar, error);
      if (error instanceof ApiError && !error.isConnectionFailure) {
        notifyError(
          `${PRODUTO_TEXTOS.erroCadastrar}: ${error.serverMessage ?? 'Erro desconhecido'}`,
        );
        if (applyServerFieldErrors(error, form.setError)) showTabOf(Object.keys(error.fields));
      } else {
        notifyError(PRODUTO_TEXTOS.erroCadastrarRede);
      }
    }
  }

  function onInvalid(errors: FieldErrors<ProdutoFormValues>) {
    showTabOf(Object.keys(errors));
    const first = firstErrorMessage(errors, ADD_FORM_TABS, TAB_ORDER);
    if (first) notifyError(first);
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title="Adicionar Produto"
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: 'Produtos', to: '/produtos' },
          { label: 'Adicionar Produto' },
        ]}
      />
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate>
          <Paper withBorder radius="md" p="md">
            <Tabs value={tab} onChange={(value) => setTab(value ?? 'dados')}>
              <Tabs.List mb="lg">
                {TABS.map(({ value, label }) => (
                  <Tabs.Tab key={value} value={value}>
                    {label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>

              <Tabs.Panel value="dados">
                <Stack gap="lg">
                  <IdentidadeFields categorias={categorias.data} />
                  <UnidadeField />
                  <Section title="Opções">
                    <FlagsFields
                      flags={[
                        'movimenta_estoque',
                        'habilitar_nota_fiscal',
                        'possui_variacoes',
                        'possui_composicao',
                        'ativo',
                        'vendido_separadamente',
                        'comercializavel_pdv',
                      ]}
                    />
                  </Section>
                </Stack>
              </Tabs.Panel>

              <Tabs.Panel value="detalhes">
                <Stack gap="lg">
                  <ConversaoFields />
                  <MedidasFields />
                  <Section title="Outros">
                    <ComissaoField />
                    <DescricaoField />
                  </Section>
                </Stack>
              </Tabs.Panel>

              <Tabs.Panel value="valores">
                <ValoresFields />
              </Tabs.Panel>

              <Tabs.Panel value="estoque">
                <EstoqueFields />
              </Tabs.Panel>

              <Tabs.Panel value="fotos">
                <NovasFotos files={fotos} onChange={setFotos} />
              </Tabs.Panel>

              <Tabs.Panel value="fiscal">
                <FiscalFields />
              </Tabs.Panel>

              <Tabs.Panel value="fornecedores">
                <FornecedoresPlaceholder />
              </Tabs.Panel>
            </Tabs>
          </Paper>

          <Group justify="flex-end" mt="md">
            <Button component={Link} to="/produtos" variant="default">
              Cancelar
            </Button>
            <SaveButton saving={createProduto.isPending}>Salvar Produto</SaveButton>
          </Group>
        </form>
      </FormProvider>
    </Stack>
  );
}
