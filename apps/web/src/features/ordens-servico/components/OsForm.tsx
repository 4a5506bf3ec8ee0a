import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { formatQuantidadeUnidade } from '@prumo/shared/estoque';
import { formatMoney } from '@prumo/shared/money';
import {
  CANAIS_VENDA_OS,
  formatNumeroOs,
  OS_MESSAGES,
  PRIORIDADES_OS,
  type OrdemServico,
} from '@prumo/shared/ordens-servico';
import { useEnviarAnexosOs, useSalvarOrdemServico } from '../../../api/ordens-servico';
import {
  CepField,
  MoneyField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  UfField,
} from '../../../components/form/fields';
import { CadastroField } from '../../../components/form/CadastroField';
import { FormSection } from '../../../components/form/FormSection';
import { LinhasSection } from '../../../components/form/LinhasSection';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../components/notify';
import { OrcamentoOrigem } from '../../../components/OrcamentoOrigem';
import { PageHeader } from '../../../components/PageHeader';
import { ProdutoSearch } from '../../../components/ProdutoSearch';
import { ServicoSearch } from '../../../components/ServicoSearch';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, resolverDeErros } from '../../../lib/form-errors';
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
  const leitura = (label: string, valor: number, testId: string) => (
    <TextInput
      label={label}
      value={formatMoney(valor)}
      readOnly
      variant="filled"
      data-testid={testId}
    />
  );
  return (
    <FormSection title="Total">
      <SimpleGrid cols={GRID}>
        {leitura('Mão de obra', totais.mao_de_obra, 'total-mao-de-obra')}
        {leitura('Peças', totais.pecas, 'total-pecas')}
        <MoneyField name="frete" label="Frete" />
        <MoneyField name="outros" label="Outros" />
        <MoneyField name="desconto" label="Desconto" />
        <TextInput
          label="Total"
          value={formatMoney(totais.valor_total)}
          readOnly
          variant="filled"
          styles={{ input: { fontWeight: 700 } }}
          data-testid="total-os"
        />
      </SimpleGrid>
      <SwitchField name="exibir_total" label="Exibir valor total na impressão" />
    </FormSection>
  );
}

/** The lines of one kind with their live subtotals. */
function Linhas({ editavel }: { editavel: boolean }) {
  const [produtos, servicos] = useWatch<OsFormValues, ['produtos', 'servicos']>({
    name: ['produtos', 'servicos'],
  });
  const totais = totaisDoForm({ produtos, servicos, frete: 0, outros: 0, desconto: 0 });
  return (
    <>
      <LinhasSection
        tipo="produtos"
        titulo="Produtos / Peças"
        vazio="Nenhuma peça nesta ordem de serviço."
        subtotais={totais.produtos}
        editavel={editavel}
        busca={(adicionar) => (
          <ProdutoSearch
            label="Adicionar produto"
            placeholder="Pesquise pelo nome, código de barras ou código interno"
            data-testid="os-produto-busca"
            renderInfo={(produto) =>
              `${formatMoney(produto.preco)} · ${formatQuantidadeUnidade(produto.estoque, produto.unidade_medida)}`
            }
            onSelect={adicionar}
          />
        )}
      />
      <LinhasSection
        tipo="servicos"
        titulo="Serviços / Mão de obra"
        vazio="Nenhum serviço nesta ordem de serviço."
        subtotais={totais.servicos}
        editavel={editavel}
        busca={(adicionar) => <ServicoSearch onSelect={adicionar} data-testid="os-servico-busca" />}
      />
    </>
  );
}

/**
 * "Adicionar OS" and "Editar OS" (spec 2.10 and 3.8): every section of the order, its lines with
 * live totals equal to the server's, the situação with the moves it allows, the history and the
 * print. A concluded, delivered or cancelled order is shown read-only.
 */
export function OsForm({ ordem }: { ordem?: OrdemServico }) {
  const navigate = useNavigate();
  const salvar = useSalvarOrdemServico();
  const imprimir = useImprimirOs();
  const enviarAnexos = useEnviarAnexosOs();
  const [anexosNovos, setAnexosNovos] = useState<File[]>([]);
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
  // One key per body: a retried create is applied once; a changed body is a new request.
  const tentativa = useRef<{ corpo: string; chave: string } | null>(null);

  /** Saves; true when saved. */
  async function gravar(values: OsFormValues): Promise<boolean> {
    const dados = valuesParaInput(values);
    const corpo = JSON.stringify(dados);
    if (tentativa.current?.corpo !== corpo) {
      tentativa.current = { corpo, chave: newIdempotencyKey() };
    }
    let salva: OrdemServico;
    try {
      salva = await salvar.mutateAsync({
        id: ordem?.id,
        dados,
        idempotencyKey: tentativa.current.chave,
      });
      notifySuccess(ordem ? OS_MESSAGES.atualizada : OS_MESSAGES.criada);
      methods.reset(osParaValues(salva));
    } catch (error) {
      console.error(OS_MESSAGES.erroSalvar, error);
      applyServerFieldErrors(error, methods.setError, CAMPOS_DO_FORM);
      notifyError(errorText(OS_MESSAGES.erroSalvar, error));
      return false;
    }
    if (!ordem && anexosNovos.length > 0) {
      try {
        await enviarAnexos.mutateAsync({ id: salva.id, arquivos: anexosNovos });
      } catch (error) {
        // The order exists: its edit screen lets the user try the files again.
        console.error('Erro ao anexar arquivos', error);
        notifyError(
          errorText('A ordem de serviço foi salva, mas os anexos não foram enviados', error),
        );
        void navigate(editarOsPath(salva.id), { replace: true });
        return false;
      }
    }
    return true;
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
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={imprimir.imprimindo === ordem.id}
              data-testid="os-imprimir"
              onClick={() => void imprimir.imprimir(ordem)}
            >
              Imprimir
            </Button>
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
                  <SelectField
                    name="canal_venda"
                    label="Canal de venda"
                    options={CANAIS_VENDA_OS}
                    allowDeselect={false}
                  />
                  <TextField name="centro_custo" label="Centro de custo" />
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

              <Linhas editavel={editavel} />

              <FormSection title="Endereço de entrega">
                <SimpleGrid cols={GRID}>
                  <CepField name="cep" label="CEP" placeholder="00000-000" />
                  <TextField name="logradouro" label="Logradouro" placeholder="Rua, avenida..." />
                  <TextField name="numero_endereco" label="Número" />
                  <TextField name="complemento" label="Complemento" />
                  <TextField name="bairro" label="Bairro" />
                  <TextField name="cidade" label="Cidade" />
                  <UfField name="uf" label="UF" />
                </SimpleGrid>
              </FormSection>

              <TotaisSection />
            </Stack>
          </fieldset>

          {/* Attachments can be added and removed whatever the situação. */}
          <Box my="md">
            {ordem ? (
              <AnexosOs ordem={ordem} />
            ) : (
              <AnexosNovaOs arquivos={anexosNovos} onChange={setAnexosNovos} />
            )}
          </Box>

          <fieldset disabled={!editavel} style={FIELDSET}>
            <Stack gap="md">
              <FormSection title="Observações">
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <TextAreaField
                    name="observacoes"
                    label="Observações"
                    description="Impressas na ordem de serviço"
                  />
                  <TextAreaField
                    name="observacoes_internas"
                    label="Observações internas"
                    description="Somente para a equipe; não são impressas"
                  />
                </SimpleGrid>
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
