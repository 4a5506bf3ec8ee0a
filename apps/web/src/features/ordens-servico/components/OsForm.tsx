import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  formatNumeroOs,
  OS_MESSAGES,
  PRIORIDADES_OS,
  type OrdemServico,
} from '@prumo/shared/ordens-servico';
import { useEnviarAnexosOs, useSalvarOrdemServico } from '../../../api/ordens-servico';
import { useAnexosDoNovo } from '../../../components/anexos/use-anexos-do-novo';
import { EnviarEmailButton } from '../../../components/EnviarEmailButton';
import { NfseDaOrigem } from '../../../components/fiscal/NfseDaOrigem';
import { CadastroField } from '../../../components/form/CadastroField';
import {
  CanalCentroFields,
  EnderecoFields,
  ObservacoesFields,
  ValorLido,
} from '../../../components/form/DocumentoCampos';
import {
  MoneyField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import { FormSection } from '../../../components/form/FormSection';
import { LinhasSection } from '../../../components/form/LinhasSection';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../components/notify';
import { OrcamentoOrigem } from '../../../components/OrcamentoOrigem';
import { PageHeader } from '../../../components/PageHeader';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, resolverDeErros } from '../../../lib/form-errors';
import { useChavePorCorpo } from '../../../lib/idempotency';
import {
  CAMPOS_DO_FORM,
  errosDoForm,
  novaOsValues,
  osParaValues,
  totaisDoForm,
  valuesParaInput,
  type OsFormValues,
} from '../form-values';
import { useImprimirOs } from '../imprimir';
import { AnexosNovaOs, AnexosOs } from './AnexosOs';
import { SituacaoOsBadge } from './badges';
import { DataHoraField, PrazoField } from './campos';
import { editarOsPath, LISTA_PATH } from './OrdensServicoHub';
import { HistoricoOs, SituacaoAcoes } from './SituacaoOs';

const GRID = { base: 1, sm: 2, lg: 3 };
const SERVICOS_PATH = '/servicos';
const NAO_EDITAVEIS = ['concluida', 'entregue', 'cancelada'];
const FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 };

/** The shared schema and the totals' rules, run on what would be sent. */
const resolver = resolverDeErros<OsFormValues>(errosDoForm);

/** Mão de obra, peças, frete, outros, desconto and the total, live as the server computes them. */
function TotaisSection() {
  const [produtos, servicos, frete, outros, desconto] = useWatch<
    OsFormValues,
    ['produtos', 'servicos', 'frete', 'outros', 'desconto']
  >({ name: ['produtos', 'servicos', 'frete', 'outros', 'desconto'] });
  const totais = totaisDoForm({ produtos, servicos, frete, outros, desconto });
  return (
    <FormSection title="Total">
      <SimpleGrid cols={GRID}>
        <ValorLido label="Mão de obra" valor={totais.mao_de_obra} data-testid="total-mao-de-obra" />
        <ValorLido label="Peças" valor={totais.pecas} data-testid="total-pecas" />
        <MoneyField name="frete" label="Frete" />
        <MoneyField name="outros" label="Outros" />
        <MoneyField name="desconto" label="Desconto" />
        <ValorLido label="Total" valor={totais.valor_total} forte data-testid="total-os" />
      </SimpleGrid>
      <SwitchField name="exibir_total" label="Exibir valor total na impressão" />
    </FormSection>
  );
}

/**
 * "Adicionar OS" and "Editar OS" (spec 2.10 and 3.8): every section of the order, its lines with
 * live totals equal to the server's, the situação with the moves it allows, its NFS-e once
 * concluded, the history and the print. A concluded, delivered or cancelled order is shown
 * read-only.
 */
export function OsForm({ ordem }: { ordem?: OrdemServico }) {
  const navigate = useNavigate();
  const salvar = useSalvarOrdemServico();
  const imprimir = useImprimirOs();
  const enviarAnexos = useEnviarAnexosOs();
  const anexosNovos = useAnexosDoNovo(enviarAnexos.mutateAsync, {
    aviso: 'A ordem de serviço foi salva, mas os anexos não foram enviados',
    editar: editarOsPath,
  });
  const methods = useForm<OsFormValues>({
    defaultValues: ordem ? osParaValues(ordem) : novaOsValues(),
    resolver,
  });
  const { isDirty } = methods.formState;
  const { reset } = methods;
  // A newer version of the order (a situação change, a save, a reload) shows in the form unless
  // the user has edits of their own on it.
  const versao = ordem?.updated_at;
  useEffect(() => {
    if (ordem && !isDirty) reset(osParaValues(ordem));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new version resets
  }, [versao]);
  const editavel = !ordem || !NAO_EDITAVEIS.includes(ordem.situacao);
  const titulo = ordem ? OS_MESSAGES.editar : OS_MESSAGES.adicionar;
  const chaveDe = useChavePorCorpo();

  /** Saves; true when saved. */
  async function gravar(values: OsFormValues): Promise<boolean> {
    const dados = valuesParaInput(values);
    let salva: OrdemServico;
    try {
      salva = await salvar.mutateAsync({ id: ordem?.id, dados, idempotencyKey: chaveDe(dados) });
      notifySuccess(ordem ? OS_MESSAGES.atualizada : OS_MESSAGES.criada);
      methods.reset(osParaValues(salva));
    } catch (error) {
      console.error(OS_MESSAGES.erroSalvar, error);
      applyServerFieldErrors(error, methods.setError, CAMPOS_DO_FORM);
      notifyError(errorText(OS_MESSAGES.erroSalvar, error));
      return false;
    }
    return ordem ? true : anexosNovos.enviarAo(salva.id);
  }

  /** The first problem, said beside its field and in a notification. */
  function invalido() {
    const primeiro = Object.values(errosDoForm(methods.getValues()))[0];
    notifyError(primeiro ? `${OS_MESSAGES.erroSalvar}: ${primeiro}` : OS_MESSAGES.erroSalvar);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void methods.handleSubmit(async (values) => {
      if (await gravar(values)) void navigate(LISTA_PATH);
    }, invalido)(event);
  }

  /** Before a situação change: pending edits are saved first (the parts on screen are the ones taken). */
  async function antesDeMudar(): Promise<boolean> {
    if (!editavel || !methods.formState.isDirty) return true;
    let salvo = false;
    await methods.handleSubmit(async (values) => {
      salvo = await gravar(values);
    }, invalido)();
    return salvo;
  }

  return (
    <FormProvider {...methods}>
      <PageHeader
        title={titulo}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: OS_MESSAGES.titulo, to: LISTA_PATH },
          { label: titulo },
        ]}
        actions={
          ordem && (
            <Group gap="xs">
              <EnviarEmailButton
                caminho={`/ordens-servico/${ordem.id}`}
                clienteId={ordem.cliente_id}
              />
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                loading={imprimir.imprimindo === ordem.id}
                data-testid="os-imprimir"
                onClick={() => void imprimir.imprimir(ordem)}
              >
                Imprimir
              </Button>
            </Group>
          )
        }
      />
      <Stack gap="md">
        {ordem && (
          <Paper withBorder radius="md" p="md">
            <SituacaoAcoes ordem={ordem} antes={antesDeMudar} />
            {!editavel && (
              <Text size="sm" c="dimmed" mt="xs">
                {OS_MESSAGES.naoEditavel}
              </Text>
            )}
            {ordem.orcamento_id !== null && ordem.orcamento_numero !== null && (
              <Text size="sm" mt="xs">
                Origem: <OrcamentoOrigem id={ordem.orcamento_id} numero={ordem.orcamento_numero} />
              </Text>
            )}
          </Paper>
        )}
        {ordem && (
          <NfseDaOrigem
            origem={{ ordem_servico_id: ordem.id }}
            concluida={ordem.situacao === 'concluida' || ordem.situacao === 'entregue'}
            temServicos={ordem.servicos.length > 0}
          />
        )}
        <form noValidate onSubmit={onSubmit} aria-label={titulo} data-testid="os-form">
          <fieldset disabled={!editavel} style={FIELDSET}>
            <Stack gap="md">
              <FormSection title="Dados gerais">
                <SimpleGrid cols={GRID}>
                  <TextInput
                    label="Número"
                    value={ordem ? formatNumeroOs(ordem.numero) : ''}
                    placeholder="Gerado ao salvar"
                    readOnly
                    variant="filled"
                    data-testid="os-numero"
                  />
                  <CadastroField
                    name="cliente"
                    tipo="cliente"
                    label="Cliente"
                    placeholder="Pesquise o cliente pelo nome"
                    nothingFound={OS_MESSAGES.clienteNaoEncontrado}
                    required
                  />
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      Situação
                    </Text>
                    <div>
                      <SituacaoOsBadge situacao={ordem?.situacao ?? 'em-aberto'} size="lg" />
                    </div>
                  </Stack>
                  <DataHoraField name="data_entrada" label="Data de entrada" />
                  <DataHoraField name="data_saida" label="Data de saída" />
                  <PrazoField />
                  <CanalCentroFields />
                  <SelectField
                    name="prioridade"
                    label="Prioridade"
                    options={PRIORIDADES_OS}
                    allowDeselect={false}
                  />
                </SimpleGrid>
              </FormSection>

              <FormSection title="Responsáveis">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <CadastroField
                    name="vendedor"
                    tipo="funcionario"
                    label="Vendedor"
                    placeholder="Pesquise o funcionário pelo nome"
                    nothingFound={OS_MESSAGES.funcionarioNaoEncontrado}
                  />
                  <CadastroField
                    name="tecnico"
                    tipo="funcionario"
                    label="Técnico"
                    placeholder="Pesquise o funcionário pelo nome"
                    nothingFound={OS_MESSAGES.funcionarioNaoEncontrado}
                  />
                </SimpleGrid>
              </FormSection>

              <FormSection title="Equipamento">
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                  <TextField name="equipamento" label="Equipamento" />
                  <TextField name="marca" label="Marca" />
                  <TextField name="modelo" label="Modelo" />
                  <TextField name="numero_serie" label="Número de série" />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <TextAreaField name="condicoes" label="Condições" minRows={2} />
                  <TextAreaField name="defeitos" label="Defeitos" minRows={2} />
                  <TextAreaField name="acessorios" label="Acessórios" minRows={2} />
                  <TextAreaField name="solucao" label="Solução" minRows={2} />
                  <TextAreaField name="laudo" label="Laudo técnico" minRows={2} />
                  <TextAreaField name="termos" label="Termos e condições" minRows={2} />
                </SimpleGrid>
              </FormSection>

              <LinhasSection
                tipo="produtos"
                titulo="Produtos / Peças"
                vazio="Nenhuma peça nesta ordem de serviço."
                editavel={editavel}
                buscaTestId="os-produto-busca"
              />
              <LinhasSection
                tipo="servicos"
                titulo="Serviços / Mão de obra"
                vazio="Nenhum serviço nesta ordem de serviço."
                editavel={editavel}
                buscaTestId="os-servico-busca"
              />

              <FormSection title="Endereço de entrega">
                <EnderecoFields />
              </FormSection>

              <TotaisSection />
            </Stack>
          </fieldset>

          {/* Attachments can be added and removed whatever the situação. */}
          <Box my="md">
            {ordem ? (
              <AnexosOs ordem={ordem} />
            ) : (
              <AnexosNovaOs arquivos={anexosNovos.arquivos} onChange={anexosNovos.setArquivos} />
            )}
          </Box>

          <fieldset disabled={!editavel} style={FIELDSET}>
            <Stack gap="md">
              <FormSection title="Observações">
                <ObservacoesFields
                  impressas="Impressas na ordem de serviço"
                  internas="Somente para a equipe; não são impressas"
                />
              </FormSection>
            </Stack>
          </fieldset>

          <Group justify="flex-end" gap="sm" py="md">
            <Button variant="default" onClick={() => void navigate(SERVICOS_PATH)}>
              {OS_MESSAGES.fechar}
            </Button>
            <Button variant="default" onClick={() => void navigate(LISTA_PATH)}>
              {OS_MESSAGES.cancelar}
            </Button>
            {editavel && (
              <SaveButton saving={salvar.isPending || enviarAnexos.isPending}>
                {OS_MESSAGES.salvar}
              </SaveButton>
            )}
          </Group>
        </form>
        {ordem && <HistoricoOs ordem={ordem} />}
      </Stack>
    </FormProvider>
  );
}
