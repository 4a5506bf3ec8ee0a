import {
  Alert,
  Anchor,
  Box,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useController, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '@prumo/shared/dates';
import {
  formatNumeroOrcamento,
  ORCAMENTO_ANEXOS_MAX,
  ORCAMENTO_MESSAGES,
  orcamentoEditavel,
  type Orcamento,
} from '@prumo/shared/orcamentos';
import {
  anexoOrcamentoPath,
  useEnviarAnexosOrcamento,
  useRemoverAnexoOrcamento,
  useSalvarOrcamento,
} from '../../../api/orcamentos';
import { AnexosNovos, AnexosSalvos, type RegrasAnexos } from '../../../components/anexos/Anexos';
import { useAnexosDoNovo } from '../../../components/anexos/use-anexos-do-novo';
import { BackButton } from '../../../components/BackButton';
import { CadastroField } from '../../../components/form/CadastroField';
import {
  CanalCentroFields,
  EnderecoFields,
  ObservacoesFields,
  ValorLido,
} from '../../../components/form/DocumentoCampos';
import {
  DateField,
  IntegerField,
  MoneyField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import { LinhasSection } from '../../../components/form/LinhasSection';
import { TabbedFormShell, useFormTabs } from '../../../components/form/TabbedFormShell';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, resolverDeErros } from '../../../lib/form-errors';
import { useChavePorCorpo } from '../../../lib/idempotency';
import {
  CAMPOS_DO_FORM,
  errosDoForm,
  novoOrcamentoValues,
  ORCAMENTO_FIELD_TABS,
  ORCAMENTO_TABS,
  orcamentoParaValues,
  totaisDoForm,
  validoAte,
  valuesParaInput,
  type OrcamentoFormValues,
} from '../form-values';
import { editarPath, LISTA_PATH, visualizarPath } from '../paths';
import { PagamentoTab } from './PagamentoTab';
import { StatusOrcamentoBadge } from './StatusOrcamentoBadge';

const GRID = { base: 1, sm: 2, lg: 3 };

export const REGRAS_ANEXOS_ORCAMENTO: RegrasAnexos = {
  max: ORCAMENTO_ANEXOS_MAX,
  ajuda: `Imagens (JPG, PNG, GIF ou WebP) e documentos em PDF, até 5 MB cada, no máximo ${ORCAMENTO_ANEXOS_MAX} por orçamento.`,
  demais: ORCAMENTO_MESSAGES.anexosDemais,
  doDocumento: 'do orçamento',
};

const resolver = resolverDeErros<OrcamentoFormValues>(errosDoForm);

/** The customer: from the registry, or a prospect's name ("Cliente não cadastrado"). */
function ClienteCampo() {
  const { field } = useController<OrcamentoFormValues, 'cliente_avulso'>({
    name: 'cliente_avulso',
  });
  return (
    <Stack gap={6}>
      {field.value ? (
        <TextField
          name="cliente_nome"
          label="Cliente"
          placeholder="Nome do cliente (não cadastrado)"
          required
        />
      ) : (
        <CadastroField
          name="cliente"
          tipo="cliente"
          label="Cliente"
          placeholder="Pesquise o cliente pelo nome"
          nothingFound={ORCAMENTO_MESSAGES.clienteNaoEncontrado}
          required
        />
      )}
      <Switch
        size="xs"
        label="Cliente não cadastrado"
        checked={field.value}
        onChange={(event) => field.onChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}

/** "Válido até dd/mm/aaaa", live from the date and the validity. */
function ValidoAte() {
  const [data, validade] = useWatch<OrcamentoFormValues, ['data', 'validade_dias']>({
    name: ['data', 'validade_dias'],
  });
  const ate = validoAte(data, validade);
  return ate ? <span data-testid="valido-ate">Válido até {formatDate(ate)}</span> : null;
}

function DadosGeraisTab({ orcamento }: { orcamento?: Orcamento }) {
  return (
    <SimpleGrid cols={GRID}>
      <TextInput
        label="Número"
        value={orcamento ? formatNumeroOrcamento(orcamento.numero) : 'Novo'}
        readOnly
        variant="filled"
        data-testid="orcamento-numero"
      />
      <ClienteCampo />
      <CadastroField
        name="vendedor"
        tipo="funcionario"
        label="Vendedor"
        placeholder="Pesquise o funcionário pelo nome"
        nothingFound={ORCAMENTO_MESSAGES.funcionarioNaoEncontrado}
      />
      <DateField name="data" label="Data" required />
      <IntegerField
        name="validade_dias"
        label="Validade (dias)"
        required
        min={1}
        max={365}
        description={<ValidoAte />}
        // Under the input, so the row's inputs line up.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <TextField name="prazo_entrega" label="Prazo de entrega" placeholder="Ex.: 10 dias úteis" />
      <TextField name="aos_cuidados" label="Aos cuidados de" />
      <CanalCentroFields />
      <Box style={{ gridColumn: '1 / -1' }}>
        <TextAreaField
          name="introducao"
          label="Introdução"
          description="Texto de abertura impresso no orçamento"
          minRows={3}
        />
      </Box>
    </SimpleGrid>
  );
}

/** Produtos, Serviços, Frete and Total, live as the server computes them. */
function TotalTab() {
  const [produtos, servicos, frete] = useWatch<
    OrcamentoFormValues,
    ['produtos', 'servicos', 'frete']
  >({ name: ['produtos', 'servicos', 'frete'] });
  const totais = totaisDoForm({ produtos, servicos, frete });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <ValorLido label="Produtos" valor={totais.total_produtos} data-testid="total-produtos" />
        <ValorLido label="Serviços" valor={totais.total_servicos} data-testid="total-servicos" />
        <ValorLido label="Frete" valor={frete ?? 0} data-testid="total-frete" />
        <ValorLido label="Total" valor={totais.valor_total} forte data-testid="total-orcamento" />
      </SimpleGrid>
      <SwitchField name="exibir_valor_total" label="Exibir valor total" />
      <Text size="xs" c="dimmed">
        Desligado, o orçamento impresso mostra os itens sem o total geral.
      </Text>
    </Stack>
  );
}

/** The attachments: a saved quote's are sent at once; a new quote's after its first save. */
function AnexosTab({
  orcamento,
  novos,
  onNovos,
}: {
  orcamento?: Orcamento;
  novos: File[];
  onNovos: (arquivos: File[]) => void;
}) {
  const enviar = useEnviarAnexosOrcamento();
  const remover = useRemoverAnexoOrcamento();
  if (!orcamento) {
    return <AnexosNovos regras={REGRAS_ANEXOS_ORCAMENTO} arquivos={novos} onChange={onNovos} />;
  }
  return (
    <AnexosSalvos
      regras={REGRAS_ANEXOS_ORCAMENTO}
      anexos={orcamento.anexos}
      caminho={(arquivoId) => anexoOrcamentoPath(orcamento.id, arquivoId)}
      enviar={(arquivos) => enviar.mutateAsync({ id: orcamento.id, arquivos })}
      enviando={enviar.isPending}
      remover={(arquivoId) => remover.mutateAsync({ id: orcamento.id, arquivoId })}
    />
  );
}

/**
 * "Adicionar Orçamento" and "Editar Orçamento" (spec 2.12 and 3.11): the nine tabs, the lines
 * with live totals equal to the server's, the installments, and the save that goes back to the
 * list. An answered or expired quote is not editable: it says so and links to its view.
 */
export function OrcamentoForm({ orcamento }: { orcamento?: Orcamento }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const salvar = useSalvarOrcamento();
  const enviarAnexos = useEnviarAnexosOrcamento();
  const anexosNovos = useAnexosDoNovo(enviarAnexos.mutateAsync, {
    aviso: 'O orçamento foi salvo, mas os anexos não foram enviados',
    editar: editarPath,
  });
  const { tab, setTab, showTabOf, onInvalid } = useFormTabs(ORCAMENTO_TABS, ORCAMENTO_FIELD_TABS);
  // "Criar orçamento de serviços" opens the form on its Serviços tab.
  const [abriu, setAbriu] = useState(false);
  if (!abriu && !orcamento && searchParams.get('tipo') === 'servico') {
    setAbriu(true);
    setTab('servicos');
  }
  const methods = useForm<OrcamentoFormValues>({
    defaultValues: orcamento ? orcamentoParaValues(orcamento) : novoOrcamentoValues(),
    resolver,
  });
  const editavel = !orcamento || orcamentoEditavel(orcamento.status);
  const titulo = orcamento ? ORCAMENTO_MESSAGES.editar : ORCAMENTO_MESSAGES.adicionar;
  const chaveDe = useChavePorCorpo();

  async function gravar(values: OrcamentoFormValues) {
    const dados = valuesParaInput(values);
    let salvo: Orcamento;
    try {
      salvo = await salvar.mutateAsync({
        id: orcamento?.id,
        dados,
        idempotencyKey: chaveDe(dados),
      });
    } catch (error) {
      console.error(ORCAMENTO_MESSAGES.erroSalvar, error);
      applyServerFieldErrors(error, methods.setError, CAMPOS_DO_FORM);
      if (error instanceof ApiError) {
        showTabOf(
          Object.keys(error.fields).map((campo) => CAMPOS_DO_FORM[campo] ?? campo.split('.')[0]!),
        );
      }
      notifyError(errorText(ORCAMENTO_MESSAGES.erroSalvar, error));
      return;
    }
    notifySuccess(orcamento ? ORCAMENTO_MESSAGES.atualizado : ORCAMENTO_MESSAGES.criado);
    if (!orcamento && !(await anexosNovos.enviarAo(salvo.id))) return;
    void navigate(LISTA_PATH);
  }

  const header = (
    <PageHeader
      title={titulo}
      breadcrumbs={[
        { label: 'Início', to: '/dashboard' },
        { label: ORCAMENTO_MESSAGES.titulo, to: LISTA_PATH },
        { label: titulo },
      ]}
      actions={<BackButton to={LISTA_PATH} />}
    />
  );

  if (orcamento && !editavel) {
    return (
      <Stack gap={0}>
        {header}
        <Alert color="yellow" variant="light" data-testid="orcamento-nao-editavel">
          <Stack gap={4}>
            <Text size="sm">{ORCAMENTO_MESSAGES.naoEditavel}</Text>
            <Anchor component={Link} to={visualizarPath(orcamento.id)} size="sm">
              Ver o orçamento Nº {formatNumeroOrcamento(orcamento.numero)}
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      {header}
      <FormProvider {...methods}>
        <form
          noValidate
          aria-label={titulo}
          data-testid="orcamento-form"
          onSubmit={(event) => void methods.handleSubmit(gravar, onInvalid)(event)}
        >
          <TabbedFormShell
            tabs={ORCAMENTO_TABS}
            tab={tab}
            onTabChange={setTab}
            top={
              orcamento && (
                <Box mb="sm">
                  <StatusOrcamentoBadge status={orcamento.status} />
                </Box>
              )
            }
            saving={salvar.isPending || enviarAnexos.isPending}
            submitLabel={ORCAMENTO_MESSAGES.salvar}
            cancelTo={LISTA_PATH}
          >
            <Tabs.Panel value="dados">
              <DadosGeraisTab orcamento={orcamento} />
            </Tabs.Panel>
            <Tabs.Panel value="produtos">
              <LinhasSection
                tipo="produtos"
                titulo="Produtos"
                vazio="Nenhum produto neste orçamento."
                editavel
                avulsa="Adicionar produto fora do catálogo"
                buscaTestId="orcamento-produto-busca"
              />
            </Tabs.Panel>
            <Tabs.Panel value="servicos">
              <LinhasSection
                tipo="servicos"
                titulo="Serviços"
                vazio="Nenhum serviço neste orçamento."
                editavel
                avulsa="Adicionar serviço fora do catálogo"
                buscaTestId="orcamento-servico-busca"
              />
            </Tabs.Panel>
            <Tabs.Panel value="transporte">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <MoneyField name="frete" label="Frete" />
                <CadastroField
                  name="transportadora"
                  tipo="transportadora"
                  label="Transportadora"
                  placeholder="Pesquise a transportadora pelo nome"
                  nothingFound={ORCAMENTO_MESSAGES.transportadoraNaoEncontrada}
                />
              </SimpleGrid>
            </Tabs.Panel>
            <Tabs.Panel value="endereco">
              <EnderecoFields />
            </Tabs.Panel>
            <Tabs.Panel value="total">
              <TotalTab />
            </Tabs.Panel>
            <Tabs.Panel value="pagamento">
              <PagamentoTab />
            </Tabs.Panel>
            <Tabs.Panel value="anexos">
              <AnexosTab
                orcamento={orcamento}
                novos={anexosNovos.arquivos}
                onNovos={anexosNovos.setArquivos}
              />
            </Tabs.Panel>
            <Tabs.Panel value="observacoes">
              <ObservacoesFields
                impressas="Impressas no orçamento"
                internas="Somente para a equipe; nunca são impressas"
              />
            </Tabs.Panel>
          </TabbedFormShell>
        </form>
      </FormProvider>
    </Stack>
  );
}
