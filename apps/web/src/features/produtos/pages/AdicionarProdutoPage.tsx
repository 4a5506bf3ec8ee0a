import { Stack, Tabs } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { produtoCreateSchema, type ProdutoCreate } from '@prumo/shared/produtos';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCreateProduto } from '../../../api/produtos';
import { useCategorias } from '../../../api/categorias';
import { NovasFotos } from '../components/FotosFields';
import { TabbedFormShell, useFormTabs } from '../../../components/form/TabbedFormShell';
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
import { ADD_FORM_TABS, PRODUTO_FORM_DEFAULTS, type ProdutoFormValues } from '../produto-form';
import { PRODUTO_TEXTOS } from '../texts';

const TABS = [
  { value: 'dados', label: 'Dados' },
  { value: 'detalhes', label: 'Detalhes' },
  { value: 'valores', label: 'Valores' },
  { value: 'estoque', label: 'Estoque' },
  { value: 'fotos', label: 'Fotos' },
  { value: 'fiscal', label: 'Fiscal' },
  { value: 'fornecedores', label: 'Fornecedores' },
] as const;

/** /produtos/adicionar-produto: seven tabs, Cancelar and Salvar Produto (spec 2.3). */
export default function AdicionarProdutoPage() {
  const navigate = useNavigate();
  const { tab, setTab, showTabOf, onInvalid } = useFormTabs(TABS, ADD_FORM_TABS);
  const [fotos, setFotos] = useState<File[]>([]);
  // The groups are loaded when the form opens.
  const categorias = useCategorias();
  const createProduto = useCreateProduto();
  const form = useForm<ProdutoFormValues, unknown, ProdutoCreate>({
    resolver: zodResolver(produtoCreateSchema),
    defaultValues: PRODUTO_FORM_DEFAULTS,
    mode: 'onSubmit',
  });

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
          <TabbedFormShell
            tabs={TABS}
            cancelTo="/produtos"
            tab={tab}
            onTabChange={setTab}
            saving={createProduto.isPending}
            submitLabel="Salvar Produto"
          >
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
          </TabbedFormShell>
        </form>
      </FormProvider>
    </Stack>
  );
}
