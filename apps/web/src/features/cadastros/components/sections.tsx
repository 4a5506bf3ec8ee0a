import { SimpleGrid } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  ENDERECO_TIPOS,
  OPTION_LABELS,
  parseCidadeUf,
  SEXOS,
  SITUACOES,
  SITUACOES_BASICAS,
  TIPOS_CLIENTE,
  TIPOS_FORNECEDOR,
  TIPOS_TRANSPORTADORA,
  type CadastroModo,
} from '@prumo/shared/cadastros';
import { INDICADOR_IE_LABELS, INDICADORES_IE } from '@prumo/shared/fiscal';
import { normalizeSearch } from '@prumo/shared/search';
import { useCadastros } from '../../../api/cadastros';
import {
  CepField,
  CheckboxField,
  CidadeUfField,
  CnpjField,
  CpfField,
  DateField,
  MoneyField,
  PercentField,
  SelectField,
  TelefoneField,
  TextAreaField,
  TextField,
  UfField,
} from '../../../components/form/fields';
import { FormSection } from '../../../components/form/FormSection';
import { MunicipioSelect, useTabelaMunicipios } from '../../../components/inputs/MunicipioSelect';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const GRID = { base: 1, sm: 2, lg: 3 } as const;

const INDICADOR_IE_OPCOES = INDICADORES_IE.map((value) => ({
  value,
  label: `${value} — ${INDICADOR_IE_LABELS[value]}`,
}));

/** indIEDest of the fiscal note (NF-e): contribuinte, isento or não contribuinte. */
function IndicadorIeField() {
  return (
    <SelectField
      name="indicador_ie"
      label="Indicador de IE"
      options={INDICADOR_IE_OPCOES}
      required={false}
      description="Para a NF-e: pessoa física é não contribuinte"
    />
  );
}

/** Required marks: the add forms follow section 5; edit forms require only the name. */
interface SectionProps {
  modo: CadastroModo;
}
const onCreate = (modo: CadastroModo) => modo === 'create';

/** CPF for pessoa física (and foreigners who have one); CNPJ and IE for companies and MEI. */
function DocumentoFields({ tipoField }: { tipoField: 'tipo_cliente' | 'tipo_fornecedor' }) {
  const tipoPessoa = useWatch({ name: tipoField }) as string | null;
  if (!tipoPessoa) return null;
  if (tipoPessoa === 'pessoa-fisica' || tipoPessoa === 'estrangeiro') {
    return <CpfField name="cpf" label="CPF" placeholder="000.000.000-00" />;
  }
  return (
    <>
      <CnpjField name="cnpj" label="CNPJ" placeholder="00.000.000/0000-00" />
      <TextField
        name="inscricao_estadual"
        label="Inscrição Estadual"
        placeholder="Número ou ISENTO"
      />
    </>
  );
}

/** The seller responsible for a customer: one of the registered employees. */
function VendedorField() {
  const funcionarios = useCadastros('funcionario');
  const atual = useWatch({ name: 'vendedor_responsavel' }) as string | null;
  const vendedores = useMemo(() => {
    const nomes = (funcionarios.data ?? []).map((funcionario) => funcionario.nome);
    if (atual && !nomes.includes(atual)) nomes.unshift(atual);
    return nomes.map((nome) => ({ value: nome, label: nome }));
  }, [funcionarios.data, atual]);
  return (
    <SelectField
      name="vendedor_responsavel"
      label="Vendedor Responsável"
      options={vendedores}
      searchable
      clearable
      description={funcionarios.isPending ? 'Carregando funcionários...' : undefined}
    />
  );
}

export function ClienteDadosGerais({ modo }: SectionProps) {
  const required = onCreate(modo);
  return (
    <FormSection title="Dados Gerais">
      <SimpleGrid cols={GRID}>
        <SelectField
          name="tipo_cliente"
          label="Tipo de Cliente"
          required={required}
          options={options(TIPOS_CLIENTE, OPTION_LABELS.tipoCliente)}
        />
        <SelectField
          name="situacao"
          label="Situação"
          clearable={false}
          options={options(SITUACOES_BASICAS, OPTION_LABELS.situacao)}
        />
        <TextField name="nome" label="Nome" required autoComplete="name" />
        <DocumentoFields tipoField="tipo_cliente" />
        <IndicadorIeField />
        <TextField name="email" label="E-mail" type="email" placeholder="cliente@empresa.com.br" />
        <TelefoneField name="telefone" label="Telefone Comercial" placeholder="(00) 0000-0000" />
        <TelefoneField name="celular" label="Telefone Celular" placeholder="(00) 00000-0000" />
        <TelefoneField name="fax" label="Fax" />
        <TextField name="site" label="Site" type="url" placeholder="https://www.empresa.com.br" />
        <VendedorField />
      </SimpleGrid>
    </FormSection>
  );
}

export function FornecedorDadosGerais({ modo }: SectionProps) {
  const required = onCreate(modo);
  return (
    <FormSection title="Dados Gerais">
      <SimpleGrid cols={GRID}>
        <SelectField
          name="tipo_fornecedor"
          label="Tipo de Fornecedor"
          required={required}
          options={options(TIPOS_FORNECEDOR, OPTION_LABELS.tipoFornecedor)}
        />
        <SelectField
          name="situacao"
          label="Situação"
          clearable={false}
          options={options(SITUACOES_BASICAS, OPTION_LABELS.situacao)}
        />
        <TextField name="nome" label="Nome" required />
        <DocumentoFields tipoField="tipo_fornecedor" />
        <IndicadorIeField />
        <TextField
          name="email"
          label="E-mail"
          type="email"
          placeholder="fornecedor@empresa.com.br"
        />
        <TelefoneField name="telefone" label="Telefone" placeholder="(00) 0000-0000" />
        <TelefoneField name="celular" label="Celular" placeholder="(00) 00000-0000" />
      </SimpleGrid>
    </FormSection>
  );
}

export function TransportadoraDadosGerais({ modo }: SectionProps) {
  const required = onCreate(modo);
  return (
    <FormSection title="Dados Gerais">
      <SimpleGrid cols={GRID}>
        <SelectField
          name="tipo_transportadora"
          label="Tipo"
          required={required}
          options={options(TIPOS_TRANSPORTADORA, OPTION_LABELS.tipoTransportadora)}
        />
        <SelectField
          name="situacao"
          label="Situação"
          required={required}
          clearable={false}
          options={options(SITUACOES_BASICAS, OPTION_LABELS.situacao)}
        />
        <TextField name="nome_fantasia" label="Nome Fantasia" required />
        <TextField name="razao_social" label="Razão Social" required={required} />
        <CnpjField name="cnpj" label="CNPJ" required={required} placeholder="00.000.000/0000-00" />
        <TextField
          name="inscricao_estadual"
          label="Inscrição Estadual"
          placeholder="Número ou ISENTO"
        />
        <TextField name="email" label="E-mail" type="email" required={required} />
        <TelefoneField name="telefone" label="Telefone" placeholder="(00) 0000-0000" />
        <TelefoneField name="celular" label="Celular" placeholder="(00) 00000-0000" />
        <TextField
          name="site"
          label="Site"
          type="url"
          placeholder="https://www.transportadora.com.br"
        />
      </SimpleGrid>
    </FormSection>
  );
}

export function FuncionarioDadosGerais({ modo }: SectionProps) {
  const required = onCreate(modo);
  // The add form offers ativo and inativo; the edit form also férias and licença (spec 3).
  const situacoes = modo === 'create' ? SITUACOES_BASICAS : SITUACOES;
  return (
    <FormSection title="Dados Gerais">
      <SimpleGrid cols={GRID}>
        <TextField name="nome" label="Nome" required autoComplete="name" />
        <CpfField name="cpf" label="CPF" required={required} placeholder="000.000.000-00" />
        <TextField name="rg" label="RG" required={required} />
        <DateField name="data_nascimento" label="Data de Nascimento" required={required} />
        <SelectField
          name="sexo"
          label="Sexo"
          required={required}
          options={options(SEXOS, OPTION_LABELS.sexo)}
        />
        <TextField name="email" label="E-mail" type="email" required={required} />
        <PercentField name="comissao" label="Comissão (%)" placeholder="0,00 %" />
        <SelectField
          name="situacao"
          label="Situação"
          required={required}
          clearable={false}
          options={options(situacoes, OPTION_LABELS.situacao)}
        />
        <TelefoneField name="telefone" label="Telefone" placeholder="(00) 0000-0000" />
        <TelefoneField name="celular" label="Celular" placeholder="(00) 00000-0000" />
      </SimpleGrid>
    </FormSection>
  );
}

/**
 * The município from IBGE's table (loaded when the form opens): its code (codigo_municipio, what
 * a fiscal note carries) and 'city/UF' as the list shows it. A record saved before the table
 * whose 'city/UF' is in it gets its code.
 */
function MunicipioField() {
  const { setValue } = useFormContext();
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error },
  } = useController({ name: 'codigo_municipio' });
  const cidadeUf = useWatch({ name: 'cidade_uf' }) as string | null;
  const { errors } = useFormState({ name: 'cidade_uf' });
  const erroCidade = errors.cidade_uf?.message as string | undefined;
  const tabela = useTabelaMunicipios();
  const codigo = value as number | null;

  const semCodigo = useMemo(() => {
    if (codigo !== null || !tabela || !cidadeUf) return null;
    const lido = parseCidadeUf(cidadeUf);
    const nome = normalizeSearch(lido?.cidade);
    const candidatos = lido?.uf ? tabela.municipiosDaUF(lido.uf) : [];
    return {
      texto: cidadeUf,
      achado: candidatos.find((municipio) => normalizeSearch(municipio.nome) === nome) ?? null,
    };
  }, [codigo, tabela, cidadeUf]);

  useEffect(() => {
    if (semCodigo?.achado) onChange(semCodigo.achado.codigo);
  }, [semCodigo, onChange]);

  return (
    <MunicipioSelect
      label="Município"
      ref={ref}
      value={codigo}
      onChange={(municipio) => {
        onChange(municipio?.codigo ?? null);
        setValue('cidade_uf', municipio ? `${municipio.nome}/${municipio.uf}` : '', {
          shouldDirty: true,
        });
      }}
      onBlur={onBlur}
      description={
        semCodigo && !semCodigo.achado
          ? `Cadastrado como "${semCodigo.texto}": escolha o município na lista`
          : 'Da tabela do IBGE, com a UF'
      }
      error={error?.message ?? erroCidade}
      data-testid="cadastro-municipio"
    />
  );
}

/** A foreigner's city is typed ('city/UF' free); everyone else's is picked from IBGE's table. */
function CidadeField({ tipoField }: { tipoField: 'tipo_cliente' | 'tipo_fornecedor' }) {
  const tipoPessoa = useWatch({ name: tipoField }) as string | null;
  return tipoPessoa === 'estrangeiro' ? (
    <CidadeUfField name="cidade_uf" label="Cidade/UF" />
  ) : (
    <MunicipioField />
  );
}

/** Customers and suppliers: address type and the município (or a foreigner's 'city/UF'). */
export function EnderecosSection({ tipoField }: { tipoField: 'tipo_cliente' | 'tipo_fornecedor' }) {
  return (
    <FormSection title="Endereços">
      <SimpleGrid cols={GRID}>
        <SelectField
          name="endereco_tipo"
          label="Tipo de Endereço"
          options={options(ENDERECO_TIPOS, OPTION_LABELS.enderecoTipo)}
        />
        <CepField name="cep" label="CEP" placeholder="00000-000" />
        <TextField name="logradouro" label="Logradouro" placeholder="Rua, avenida..." />
        <TextField name="numero" label="Número" />
        <TextField name="complemento" label="Complemento" />
        <TextField name="bairro" label="Bairro" />
        <CidadeField tipoField={tipoField} />
      </SimpleGrid>
    </FormSection>
  );
}

/** Carriers and employees: city and UF apart. */
export function EnderecoSection({ required = false }: { required?: boolean }) {
  return (
    <FormSection title="Endereço">
      <SimpleGrid cols={GRID}>
        <CepField name="cep" label="CEP" required={required} placeholder="00000-000" />
        <TextField
          name="logradouro"
          label="Logradouro"
          required={required}
          placeholder="Rua, avenida..."
        />
        <TextField name="numero" label="Número" required={required} />
        <TextField name="complemento" label="Complemento" />
        <TextField name="bairro" label="Bairro" required={required} />
        <TextField name="cidade" label="Cidade" required={required} />
        <UfField name="uf" label="UF" required={required} />
      </SimpleGrid>
    </FormSection>
  );
}

export function FinanceiroSection() {
  return (
    <FormSection title="Financeiro">
      <SimpleGrid cols={GRID}>
        <MoneyField name="limite_credito" label="Limite de Crédito" placeholder="R$ 0,00" />
      </SimpleGrid>
      <CheckboxField
        name="permitir_ultrapassar_limite"
        label="Permitir ultrapassar o limite de crédito"
      />
    </FormSection>
  );
}

export function ObservacoesSection() {
  return (
    <FormSection title="Observações">
      <TextAreaField name="observacoes" label="Observações" />
    </FormSection>
  );
}
