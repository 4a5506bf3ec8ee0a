import {
  Alert,
  Anchor,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { FormProvider, useController, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { isUF } from '@prumo/shared/brasil';
import {
  AMBIENTE_LABELS,
  AMBIENTES_FISCAIS,
  CSOSN_LABELS,
  CSOSNS,
  NFSE_MENSAGENS,
  NFSE_OP_SIMPLES_NACIONAL_LABELS,
  NFSE_OPCOES_SIMPLES_NACIONAL,
  NFSE_REGIME_APURACAO_SN_LABELS,
  NFSE_REGIME_ESPECIAL_LABELS,
  NFSE_REGIMES_APURACAO_SN,
  NFSE_REGIMES_ESPECIAIS,
  NFSE_SERIE_MAXIMA,
  opSimplesNacionalDoCrt,
  REGIME_LABELS,
  REGIMES_FISCAIS,
  type ConfiguracaoFiscal,
} from '@prumo/shared/fiscal';
import { useEmpresa } from '../../../api/configuracoes';
import {
  useConfiguracaoFiscal,
  useSalvarConfiguracaoFiscal,
  useStatusFiscal,
} from '../../../api/fiscal';
import {
  IntegerField,
  PasswordField,
  PercentField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import { SaveButton } from '../../../components/form/SaveButton';
import { MunicipioSelect } from '../../../components/inputs/MunicipioSelect';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageLoader } from '../../../components/PageLoader';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, resolverDeErros } from '../../../lib/form-errors';
import {
  errosFiscais,
  fiscalParaEnvio,
  fiscalToFormValues,
  type FiscalFormValues,
} from '../fiscal-form';
import { CertificadoCard } from './CertificadoCard';

const REGIME_OPCOES = REGIMES_FISCAIS.map((value) => ({
  value,
  label: `${REGIME_LABELS[value]} (CRT ${value})`,
}));
const AMBIENTE_OPCOES = AMBIENTES_FISCAIS.map((value) => ({
  value,
  label: AMBIENTE_LABELS[value],
}));
const CSOSN_OPCOES = CSOSNS.map((value) => ({ value, label: CSOSN_LABELS[value] }));
const OP_SIMPLES_OPCOES = NFSE_OPCOES_SIMPLES_NACIONAL.map((value) => ({
  value,
  label: NFSE_OP_SIMPLES_NACIONAL_LABELS[value],
}));
const APURACAO_SN_OPCOES = NFSE_REGIMES_APURACAO_SN.map((value) => ({
  value,
  label: NFSE_REGIME_APURACAO_SN_LABELS[value],
}));
const REGIME_ESPECIAL_OPCOES = NFSE_REGIMES_ESPECIAIS.map((value) => ({
  value,
  label: NFSE_REGIME_ESPECIAL_LABELS[value],
}));

const AMBIENTE_DESCRICAO = {
  simulacao:
    'O simulador da SEFAZ embutido no Prumo, para conhecer o fluxo: notas SEM VALOR FISCAL.',
  homologacao: 'O ambiente de testes da SEFAZ da sua UF: notas SEM VALOR FISCAL.',
  producao: 'Notas com valor fiscal, enviadas à SEFAZ da sua UF.',
} as const;

const TEXTOS = {
  salvo: 'Configurações fiscais salvas.',
  erroSalvar: 'Erro ao salvar as configurações fiscais.',
  erroCarregar: 'Erro ao carregar as configurações fiscais.',
  producaoTitulo: 'Emitir em produção?',
  producaoTexto:
    'Em produção as notas têm valor fiscal: cada uma é enviada à SEFAZ e registrada para a empresa, e só pode ser cancelada dentro do prazo legal. Use um certificado A1 real e confira os dados da empresa antes de emitir.',
  producaoConfirmar: 'Sim, emitir em produção',
} as const;

/** Asks before the first save in produção; true when the admin confirms. */
function confirmarProducao(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: TEXTOS.producaoTitulo,
      centered: true,
      children: <Text size="sm">{TEXTOS.producaoTexto}</Text>,
      labels: { confirm: TEXTOS.producaoConfirmar, cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** A code of digits only (CNAE, CSC id, CFOP): anything else typed is dropped. */
function DigitosField({
  name,
  label,
  digitos,
  required,
  description,
  placeholder,
}: {
  name: keyof FiscalFormValues;
  label: string;
  digitos: number;
  required?: boolean;
  description?: ReactNode;
  placeholder?: string;
}) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    fieldState: { error },
  } = useController<FiscalFormValues>({ name });
  return (
    <TextInput
      label={label}
      withAsterisk={required}
      description={description}
      placeholder={placeholder}
      inputMode="numeric"
      autoComplete="off"
      maxLength={digitos}
      name={fieldName}
      ref={ref}
      value={(value as string) ?? ''}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, ''))}
      onBlur={onBlur}
      error={error?.message}
    />
  );
}

/** The company's município, among its UF's (Configurações → Empresa). */
function MunicipioField({ uf }: { uf: string | null | undefined }) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error },
  } = useController<FiscalFormValues, 'codigo_municipio'>({ name: 'codigo_municipio' });
  const sigla = uf && isUF(uf) ? uf : null;
  return (
    <MunicipioSelect
      label="Município (código IBGE)"
      description={
        sigla
          ? `Municípios de ${sigla}, a UF da empresa`
          : 'Informe a UF da empresa em Configurações → Empresa'
      }
      uf={sigla}
      ref={ref}
      value={value}
      onChange={(municipio) => onChange(municipio?.codigo ?? null)}
      onBlur={onBlur}
      error={error?.message}
      data-testid="fiscal-municipio"
    />
  );
}

function Secao({
  titulo,
  descricao,
  children,
}: {
  titulo: string;
  descricao?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb={descricao ? 4 : 'sm'}>
        {titulo}
      </Title>
      {descricao && (
        <Text size="sm" c="dimmed" mb="sm">
          {descricao}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** What still stops emission (GET /api/fiscal/status), above the form. */
function Pendencias() {
  const status = useStatusFiscal();
  if (!status.data || status.data.pronto) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title="Falta para emitir notas"
      data-testid="fiscal-pendencias"
    >
      <List size="sm">
        {status.data.pendencias.map((pendencia) => (
          <List.Item key={pendencia}>{pendencia}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * Configurações → Fiscal (issue 28, part 1): the regime, the company's município, the ambiente,
 * NF-e and NFC-e with their série and next number, the CSC, the default CSOSN and CFOPs, and the
 * A1 certificate; the NFS-e's (issue 30): the national issuer, inscrição municipal, Simples
 * Nacional situation and regimes, DPS série and next number.
 */
export function FiscalTab() {
  const configuracao = useConfiguracaoFiscal();
  if (configuracao.isError) {
    return <Alert color="red">{errorText(TEXTOS.erroCarregar, configuracao.error)}</Alert>;
  }
  if (!configuracao.data) return <PageLoader />;
  return (
    <Stack>
      <Pendencias />
      <FiscalForm configuracao={configuracao.data} />
      <CertificadoCard certificado={configuracao.data.certificado} />
    </Stack>
  );
}

function FiscalForm({ configuracao }: { configuracao: ConfiguracaoFiscal }) {
  const salvar = useSalvarConfiguracaoFiscal();
  const empresa = useEmpresa();
  const form = useForm<FiscalFormValues>({
    resolver: resolverDeErros(errosFiscais),
    defaultValues: fiscalToFormValues(configuracao),
  });
  const [ambiente, csosn, emissorNacional, opSimples, nfseAtiva] = useWatch({
    control: form.control,
    name: [
      'ambiente',
      'csosn_padrao',
      'nfse_emissor_nacional',
      'nfse_op_simples_nacional',
      'nfse_ativa',
    ],
  });
  // A new regime brings its NFS-e situation (MEI → MEI, Simples Nacional → ME/EPP).
  const { subscribe, setValue } = form;
  useEffect(
    () =>
      subscribe({
        name: 'crt',
        formState: { values: true },
        // Only the regime's own change (a reset, after saving, names no field).
        callback: ({ name, values }) => {
          if (name === 'crt') {
            setValue('nfse_op_simples_nacional', opSimplesNacionalDoCrt(values.crt));
          }
        },
      }),
    [subscribe, setValue],
  );

  async function onValid(values: FiscalFormValues) {
    if (values.ambiente === 'producao' && configuracao.ambiente !== 'producao') {
      if (!(await confirmarProducao())) return;
    }
    // Another ambiente or série has its own DPS numbering: the number shown is the one saved
    // before, so unless it was edited the server keeps the other one's.
    const { nfse_proximo_numero, ...semNumeroDps } = fiscalParaEnvio(values);
    const outraNumeracao =
      values.ambiente !== configuracao.ambiente || values.nfse_serie !== configuracao.nfse_serie;
    const numeroEditado = nfse_proximo_numero !== configuracao.nfse_proximo_numero;
    try {
      const salva = await salvar.mutateAsync(
        outraNumeracao && !numeroEditado ? semNumeroDps : { ...semNumeroDps, nfse_proximo_numero },
      );
      notifySuccess(TEXTOS.salvo);
      form.reset(fiscalToFormValues(salva));
    } catch (error) {
      console.error(TEXTOS.erroSalvar, error);
      applyServerFieldErrors(error, form.setError, { confirmar_producao: 'ambiente' });
      notifyError(errorText(TEXTOS.erroSalvar, error));
    }
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate data-testid="fiscal-form">
        <Stack>
          <Secao
            titulo="Emitente"
            descricao={
              <>
                CNPJ, inscrição estadual e endereço vêm de Configurações → Empresa
                {empresa.data?.inscricao_estadual ? ` (IE ${empresa.data.inscricao_estadual})` : ''}
                .
              </>
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <SelectField name="crt" label="Regime tributário" options={REGIME_OPCOES} required />
              <DigitosField
                name="cnae"
                label="CNAE"
                digitos={7}
                placeholder="4711302"
                description="7 dígitos, sem pontuação"
              />
              <MunicipioField uf={empresa.data?.uf} />
            </SimpleGrid>
          </Secao>

          <Secao titulo="Ambiente">
            <Stack gap="sm">
              <SelectField
                name="ambiente"
                label="Ambiente de emissão"
                options={AMBIENTE_OPCOES}
                required
                maw={360}
                description={AMBIENTE_DESCRICAO[ambiente]}
              />
              {ambiente === 'producao' && configuracao.ambiente !== 'producao' && (
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
                  Ao salvar, o Prumo pede a confirmação: em produção as notas têm valor fiscal.
                </Alert>
              )}
            </Stack>
          </Secao>

          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Secao titulo="NF-e (modelo 55)" descricao="Vendas de produtos a um cliente.">
              <Stack gap="sm">
                <SwitchField name="nfe_ativa" label="Emitir NF-e" />
                <SimpleGrid cols={2}>
                  <IntegerField name="nfe_serie" label="Série" min={0} max={999} />
                  <IntegerField name="nfe_proximo_numero" label="Próximo número" min={1} />
                </SimpleGrid>
              </Stack>
            </Secao>
            <Secao titulo="NFC-e (modelo 65)" descricao="Vendas de balcão, no PDV.">
              <Stack gap="sm">
                <SwitchField name="nfce_ativa" label="Emitir NFC-e" />
                <SimpleGrid cols={2}>
                  <IntegerField name="nfce_serie" label="Série" min={0} max={999} />
                  <IntegerField name="nfce_proximo_numero" label="Próximo número" min={1} />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <DigitosField
                    name="csc_id"
                    label="Identificador do CSC"
                    digitos={6}
                    placeholder="000001"
                  />
                  <PasswordField
                    name="csc_token"
                    label="CSC (token)"
                    maxLength={36}
                    placeholder={configuracao.csc_token_definido ? 'definido' : undefined}
                    description={
                      configuracao.csc_token_definido
                        ? 'Definido. Deixe em branco para manter.'
                        : '16 a 36 caracteres, da SEFAZ da UF'
                    }
                    data-testid="fiscal-csc-token"
                  />
                </SimpleGrid>
                <IntegerField
                  name="tempo_limite_segundos"
                  label="Tempo limite da SEFAZ (segundos)"
                  description="Sem resposta nesse prazo, a NFC-e sai em contingência (1 a 60)."
                  min={1}
                  max={60}
                  maw={280}
                />
              </Stack>
            </Secao>
          </SimpleGrid>

          <Secao
            titulo="NFS-e"
            descricao="Nota de serviço das ordens de serviço e dos agendamentos, pelo emissor nacional (Sefin Nacional)."
          >
            <Stack gap="sm" data-testid="fiscal-nfse">
              <SwitchField
                name="nfse_emissor_nacional"
                label="O município da empresa usa o emissor nacional da NFS-e"
              />
              {emissorNacional ? (
                <>
                  <SwitchField name="nfse_ativa" label="Emitir NFS-e" />
                  {nfseAtiva && (
                    <SwitchField
                      name="nfse_emitir_ao_concluir"
                      label="Emitir a NFS-e ao concluir a ordem de serviço ou o agendamento"
                      description="Sem clicar em 'Emitir NFS-e': vale para o que for concluído daqui em diante"
                    />
                  )}
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextField
                      name="inscricao_municipal"
                      label="Inscrição municipal"
                      description="Até 15 letras ou números"
                      maxLength={20}
                    />
                    <IntegerField
                      name="nfse_serie"
                      label="Série da DPS"
                      min={1}
                      max={NFSE_SERIE_MAXIMA}
                    />
                    <IntegerField
                      name="nfse_proximo_numero"
                      label="Próximo número da DPS"
                      description="Cada ambiente e série tem a sua numeração"
                      min={1}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <SelectField
                      name="nfse_op_simples_nacional"
                      label="Situação perante o Simples Nacional"
                      description="Segue o regime tributário; mude só se for diferente"
                      options={OP_SIMPLES_OPCOES}
                      required
                      allowDeselect={false}
                    />
                    {opSimples === 3 ? (
                      <SelectField
                        name="nfse_regime_apuracao_sn"
                        label="Regime de apuração dos tributos (ME/EPP)"
                        options={APURACAO_SN_OPCOES}
                        required
                        allowDeselect={false}
                      />
                    ) : (
                      <div />
                    )}
                    <SelectField
                      name="nfse_regime_especial"
                      label="Regime especial de tributação"
                      options={REGIME_ESPECIAL_OPCOES}
                      required
                      allowDeselect={false}
                    />
                  </SimpleGrid>
                </>
              ) : (
                <Alert
                  color="yellow"
                  variant="light"
                  icon={<IconAlertTriangle size={18} />}
                  data-testid="fiscal-nfse-emissor-municipal"
                >
                  {NFSE_MENSAGENS.emissorMunicipal}
                </Alert>
              )}
            </Stack>
          </Secao>

          <Secao titulo="Tributação (Simples Nacional)">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SelectField
                name="csosn_padrao"
                label="CSOSN padrão"
                options={CSOSN_OPCOES}
                required
              />
              {csosn === '101' ? (
                <PercentField
                  name="aliquota_credito_sn"
                  label="Alíquota de crédito do Simples (%)"
                  description="pCredSN do CSOSN 101"
                  fixedDecimalScale
                />
              ) : (
                <div />
              )}
              <DigitosField
                name="cfop_dentro_uf"
                label="CFOP dentro da UF"
                digitos={4}
                required
                placeholder="5102"
              />
              <DigitosField
                name="cfop_fora_uf"
                label="CFOP fora da UF"
                digitos={4}
                required
                placeholder="6102"
              />
            </SimpleGrid>
            <TextAreaField
              mt="sm"
              name="informacoes_complementares"
              label="Informações complementares"
              description="Impressas em toda nota, depois do texto do Simples Nacional."
              maxLength={2000}
              minRows={2}
            />
          </Secao>

          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Ver as notas em{' '}
              <Anchor component={Link} to="/nota-fiscal" size="xs">
                Nota Fiscal
              </Anchor>
            </Text>
            <SaveButton saving={form.formState.isSubmitting}>Salvar</SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
