import { Stack, Tabs } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  SERVICO_MESSAGES,
  servicoCreateSchema,
  type Servico,
  type ServicoCreate,
} from '@prumo/shared/servicos';
import { useSaveServico, useServico, useServicos } from '../../../api/servicos';
import { TabbedFormShell, useFormTabs } from '../../../components/form/TabbedFormShell';
import { HistoricoButton } from '../../../components/HistoricoAlteracoes';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { BackButton } from '../../../components/BackButton';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { categoriasDe } from '../filtrar-servicos';
import { DadosGeraisTab, FiscalTab, FornecedoresTab, FotosTab } from '../components/ServicoTabs';
import {
  erroAoSalvar,
  SERVICO_FIELD_TABS,
  SERVICO_FORM_DEFAULTS,
  SERVICO_TABS,
  servicoToFormValues,
  type ServicoFormValues,
} from '../servico-form';

const LISTA = '/servicos';

/** Both forms validate with the create schema: every field is sent, on POST and on PUT. */
const resolver = zodResolver(servicoCreateSchema) as unknown as Resolver<
  ServicoFormValues,
  unknown,
  ServicoCreate
>;

/**
 * /servicos/adicionar-servico and /servicos/editar/{id}: one form, in edit mode when there is an
 * id (spec 2.9). Tabs Dados gerais, Fotos, Fiscal and Fornecedores; Cancelar and Salvar Serviço
 * or Atualizar Serviço; saving, cancelling and closing go back to /servicos.
 */
export default function ServicoFormPage() {
  const params = useParams();
  const editing = params.id !== undefined;
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const query = useServico(id, editing && validId);
  const failed = editing && (!validId || query.isError);

  useEffect(() => {
    if (!failed) return;
    console.error(SERVICO_MESSAGES.erroCarregar, query.error);
    notifyError(SERVICO_MESSAGES.erroCarregar);
    void navigate(LISTA, { replace: true });
  }, [failed, navigate, query.error]);

  const title = editing ? 'Editar Serviço' : 'Adicionar Serviço';
  const header = (
    <PageHeader
      title={title}
      description={editing ? query.data?.nome : 'Cadastre um serviço do catálogo.'}
      breadcrumbs={[
        { label: 'Início', to: '/dashboard' },
        { label: 'Serviços', to: LISTA },
        { label: title },
      ]}
      actions={
        <>
          {editing && <HistoricoButton recurso="servicos" registroId={id} />}
          <BackButton to={LISTA} />
        </>
      }
    />
  );

  if (editing && !query.data) {
    return (
      <Stack gap={0}>
        {header}
        <PageLoader label={SERVICO_MESSAGES.carregando} />
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      {header}
      {/* Keyed by id: the form starts from the loaded record and keeps what the user types. */}
      <ServicoForm key={query.data?.id ?? 'novo'} servico={query.data ?? null} />
    </Stack>
  );
}

function ServicoForm({ servico }: { servico: Servico | null }) {
  const navigate = useNavigate();
  const editing = servico !== null;
  const { tab, setTab, showTabOf, onInvalid } = useFormTabs(SERVICO_TABS, SERVICO_FIELD_TABS);
  const save = useSaveServico();
  const lista = useServicos();
  const categorias = useMemo(() => categoriasDe(lista.data ?? []), [lista.data]);
  const form = useForm<ServicoFormValues, unknown, ServicoCreate>({
    resolver,
    defaultValues: servico ? servicoToFormValues(servico) : SERVICO_FORM_DEFAULTS,
  });

  async function onValid(dados: ServicoCreate) {
    try {
      await save.mutateAsync({ id: servico?.id, dados });
      notifySuccess(editing ? SERVICO_MESSAGES.atualizado : SERVICO_MESSAGES.cadastrado);
      void navigate(LISTA);
    } catch (error) {
      console.error(error);
      notifyError(erroAoSalvar(editing, error));
      if (applyServerFieldErrors(error, form.setError, { valorVenda: 'preco' })) {
        showTabOf(Object.keys((error as { fields: Record<string, string> }).fields));
      }
    }
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate>
        <TabbedFormShell
          tabs={SERVICO_TABS}
          tab={tab}
          onTabChange={setTab}
          saving={save.isPending}
          submitLabel={editing ? 'Atualizar Serviço' : 'Salvar Serviço'}
          cancelTo={LISTA}
        >
          <Tabs.Panel value="dados">
            <DadosGeraisTab categorias={categorias} />
          </Tabs.Panel>
          <Tabs.Panel value="fotos">
            <FotosTab />
          </Tabs.Panel>
          <Tabs.Panel value="fiscal">
            <FiscalTab />
          </Tabs.Panel>
          <Tabs.Panel value="fornecedores">
            <FornecedoresTab fornecedorNome={servico?.fornecedorNome ?? null} />
          </Tabs.Panel>
        </TabbedFormShell>
      </form>
    </FormProvider>
  );
}
