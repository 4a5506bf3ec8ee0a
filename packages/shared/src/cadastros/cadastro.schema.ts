import {
  isUF,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  normalizeCep,
  normalizeCnpj,
  normalizeCpf,
  type UF,
} from '../brasil';
import { isISODate, todayISO } from '../dates';
import {
  money,
  optionalPageQuery,
  optionalText,
  percent,
  requiredText,
  sortQuery,
  trimmedString,
  z,
} from '../validation';
import {
  ENDERECO_TIPOS,
  MAX_CONTATOS,
  SEXOS,
  SITUACOES,
  SITUACOES_BASICAS,
  TIPOS_CADASTRO,
  TIPOS_CLIENTE,
  TIPOS_FORNECEDOR,
  TIPOS_TRANSPORTADORA,
  type EnderecoTipo,
  type Sexo,
  type Situacao,
  type TipoCadastro,
  type TipoCliente,
  type TipoFornecedor,
  type TipoTransportadora,
} from './cadastro.constants';

/**
 * Payloads of POST /api/cadastros and PUT /api/cadastros/{id}.
 *
 * Two shapes are accepted:
 * - the full payload: every field the four forms collect, with the snake_case names of the
 *   spec's edit-load list (section 3). The forms send it; `cadastroFormSchema(tipo, modo)` is
 *   its schema, used by the forms (zodResolver) and the server alike.
 * - the spec's thin payload (section 7): POST nome, tipo, email, telefone, endereco, cidade,
 *   estado, cep, cnpj_cpf, inscricao_estadual, observacoes; PUT nome, tipo, email, telefone,
 *   endereco, cep, bairro, cidade, observacoes, read with the spec's mapping rules.
 * A body whose every field is a thin-payload name and that uses at least one name the full
 * payload of its tipo does not have is read as the thin payload; anything else as the full one.
 * Both end as `CadastroDados` (the columns); on PUT an absent field stays as it was.
 */

export type CadastroModo = 'create' | 'update';

export const CADASTRO_MENSAGENS = {
  tipo: 'Tipo de cadastro inválido',
  nome: 'Nome é obrigatório',
  nomeFantasia: 'Nome fantasia é obrigatório',
  razaoSocial: 'Razão social é obrigatória',
  tipoCliente: 'Selecione o tipo de cliente',
  tipoFornecedor: 'Selecione o tipo de fornecedor',
  tipoTransportadora: 'Selecione o tipo de transportadora',
  situacao: 'Selecione a situação',
  situacaoSoFuncionario: 'Férias e licença valem apenas para funcionários',
  emailObrigatorio: 'E-mail é obrigatório',
  emailInvalido: 'E-mail inválido',
  telefone: 'Telefone inválido: informe DDD e número',
  site: 'Site inválido (ex.: https://www.empresa.com.br)',
  cpfObrigatorio: 'CPF é obrigatório',
  cpfInvalido: 'CPF inválido',
  cnpjObrigatorio: 'CNPJ é obrigatório',
  cnpjInvalido: 'CNPJ inválido',
  cpfOuCnpjInvalido: 'CPF ou CNPJ inválido',
  cpfSoPessoaFisica: 'CPF não se aplica a pessoa jurídica ou MEI; informe o CNPJ',
  cnpjSoPessoaJuridica: 'CNPJ não se aplica a pessoa física; informe o CPF',
  inscricaoEstadual: 'Inscrição estadual inválida (use números ou ISENTO)',
  municipio: 'Município inválido: escolha um da tabela do IBGE',
  indicadorIe: 'Selecione o indicador da inscrição estadual',
  rgObrigatorio: 'RG é obrigatório',
  dataNascimentoObrigatoria: 'Data de nascimento é obrigatória',
  dataNascimentoInvalida: 'Data de nascimento inválida',
  dataNascimentoFutura: 'A data de nascimento não pode estar no futuro',
  sexo: 'Selecione o sexo',
  enderecoTipo: 'Tipo de endereço inválido',
  cepObrigatorio: 'CEP é obrigatório',
  cepInvalido: 'CEP deve ter 8 dígitos',
  logradouroObrigatorio: 'Logradouro é obrigatório',
  numeroObrigatorio: 'Número é obrigatório',
  bairroObrigatorio: 'Bairro é obrigatório',
  cidadeObrigatoria: 'Cidade é obrigatória',
  ufObrigatoria: 'UF é obrigatória',
  ufInvalida: 'UF inválida: use uma das 27 siglas (ex.: SP)',
  cidadeUfInvalida: 'Informe como Cidade/UF, com uma das 27 siglas (ex.: São Paulo/SP)',
  enderecoLegado: 'Informe o endereço como "logradouro, número"',
  ufDiferente: 'A UF informada na cidade difere do estado',
  limiteCredito: 'O limite de crédito não pode ser negativo',
  contatoNome: 'Nome do contato é obrigatório',
  contatos: `Informe no máximo ${MAX_CONTATOS} contatos`,
  booleano: 'Informe verdadeiro ou falso',
  anexosRemover: 'Informe os identificadores dos anexos a remover',
} as const;
const M = CADASTRO_MENSAGENS;

// ---------------------------------------------------------------------------------------------
// Field schemas. Optional text turns blank into null; documents are stored normalised.

/** A text that is normalised and checked: blank is null (or the required message). */
export function checkedText<T>(options: {
  required?: string;
  invalid: string;
  max?: number;
  check: (value: string) => boolean;
  normalize: (value: string) => T;
}) {
  return trimmedString({ error: options.invalid })
    .max(options.max ?? 255, { error: `Máximo de ${options.max ?? 255} caracteres` })
    .nullish()
    .transform((value, ctx): T | null => {
      if (!value) {
        if (options.required) {
          ctx.issues.push({ code: 'custom', message: options.required, input: value });
          return z.NEVER;
        }
        return null;
      }
      if (!options.check(value)) {
        ctx.issues.push({ code: 'custom', message: options.invalid, input: value });
        return z.NEVER;
      }
      return options.normalize(value);
    });
}

const texto = (max: number, required?: string) =>
  required ? requiredText(required, max) : optionalText(max);

const isEmail = (value: string) => z.regexes.email.test(value);
export const email = (required?: string) =>
  checkedText({
    required,
    invalid: M.emailInvalido,
    max: 254,
    check: isEmail,
    normalize: (v) => v,
  });

/** Brazilian numbers as typed ("(11) 98765-4321"), foreign ones with + and up to 15 digits. */
export const telefone = () =>
  checkedText({
    invalid: M.telefone,
    max: 20,
    check: (value) => {
      const digits = value.replace(/\D/g, '').length;
      return /^\+?[\d\s().-]+$/.test(value) && digits >= 10 && digits <= 15;
    },
    normalize: (value) => value,
  });

/** An http(s) address; "www.empresa.com.br" becomes "https://www.empresa.com.br". */
export function normalizeSite(value: string): string | null {
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!['http:', 'https:'].includes(url.protocol) || /\s/.test(value)) return null;
    if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname)) return null;
    return withScheme;
  } catch {
    return null;
  }
}
const site = () =>
  checkedText({
    invalid: M.site,
    check: (value) => normalizeSite(value) !== null,
    normalize: (value) => normalizeSite(value)!,
  });

const cpf = (required?: string, invalid: string = M.cpfInvalido) =>
  checkedText({ required, invalid, max: 20, check: isValidCpf, normalize: normalizeCpf });
const cnpj = (required?: string, invalid: string = M.cnpjInvalido) =>
  checkedText({ required, invalid, max: 24, check: isValidCnpj, normalize: normalizeCnpj });
export const inscricaoEstadual = () =>
  checkedText({
    invalid: M.inscricaoEstadual,
    max: 20,
    check: (value) => /^(isento|[\d.\-/\s]+)$/i.test(value),
    normalize: (value) => value.toUpperCase(),
  });
export const cep = (required?: string) =>
  checkedText({
    required,
    invalid: M.cepInvalido,
    max: 10,
    check: isValidCep,
    normalize: normalizeCep,
  });
export const uf = (required?: string) =>
  checkedText({
    required,
    invalid: M.ufInvalida,
    max: 2,
    check: (value) => isUF(value.toUpperCase()),
    normalize: (value) => value.toUpperCase() as UF,
  });

/** "São Paulo/SP" → cidade and UF; "São Paulo" alone is a city without UF; null when invalid. */
export function parseCidadeUf(text: string): { cidade: string | null; uf: UF | null } | null {
  const slash = text.lastIndexOf('/');
  const cidade = (slash < 0 ? text : text.slice(0, slash)).trim() || null;
  const sigla =
    slash < 0
      ? ''
      : text
          .slice(slash + 1)
          .trim()
          .toUpperCase();
  if (cidade && cidade.length > 120) return null;
  if (sigla === '') return { cidade, uf: null };
  return isUF(sigla) ? { cidade, uf: sigla } : null;
}

/** The 'city/UF' field shown for customers and suppliers, built back from its two columns. */
export function formatCidadeUf(cidade: string | null, uf: string | null): string | null {
  if (cidade && uf) return `${cidade}/${uf}`;
  if (uf) return `/${uf}`;
  return cidade || null;
}

const cidadeUf = () =>
  checkedText({
    invalid: M.cidadeUfInvalida,
    max: 124,
    check: (value) => parseCidadeUf(value) !== null,
    normalize: (value) => {
      const parsed = parseCidadeUf(value)!;
      return formatCidadeUf(parsed.cidade, parsed.uf);
    },
  });

/**
 * The município's IBGE code (7 digits; the first two are the UF's). The server checks it against
 * the shipped table (@prumo/shared/municipios, kept out of this schema so the registry screens
 * do not load it) and takes the city's name and UF from there.
 */
const codigoMunicipio = () =>
  z
    .number({ error: M.municipio })
    .int({ error: M.municipio })
    .min(1_100_000, { error: M.municipio })
    .max(5_399_999, { error: M.municipio })
    .nullish()
    .transform((value) => value ?? null);

/** indIEDest of the fiscal note: 1 contribuinte, 2 isento, 9 não contribuinte. */
const indicadorIe = () =>
  z
    .union([z.literal(1), z.literal(2), z.literal(9)], { error: M.indicadorIe })
    .nullish()
    .transform((value) => value ?? null);

function opcao<T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
  required: boolean,
) {
  const schema = z.enum(values, { error: message });
  return required ? schema : schema.nullish().transform((value) => value ?? null);
}

function situacao(values: readonly [Situacao, ...Situacao[]]) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === 'ferias' || issue.input === 'licenca' ? M.situacaoSoFuncionario : M.situacao,
  });
}

const dataNascimento = (required: boolean) =>
  checkedText({
    required: required ? M.dataNascimentoObrigatoria : undefined,
    invalid: M.dataNascimentoInvalida,
    max: 10,
    check: (value) => isISODate(value) && value >= '1900-01-01',
    normalize: (value) => value,
  }).refine((value) => value === null || value <= todayISO(), { error: M.dataNascimentoFutura });

const limiteCredito = () =>
  money({ min: 0, minMessage: M.limiteCredito })
    .nullish()
    .transform((value) => value ?? null);
const comissao = () =>
  percent()
    .nullish()
    .transform((value) => value ?? null);
const booleano = () => z.boolean({ error: M.booleano });
const observacoes = () => optionalText(5000);

export const contatoSchema = z.strictObject({
  nome: requiredText(M.contatoNome, 120),
  email: email(),
  telefone: telefone(),
  cargo: optionalText(80),
});
export type ContatoInput = z.input<typeof contatoSchema>;
export type Contato = z.output<typeof contatoSchema>;

const contatos = () =>
  z.array(contatoSchema, { error: 'Lista de contatos inválida' }).max(MAX_CONTATOS, {
    error: M.contatos,
  });

// ---------------------------------------------------------------------------------------------
// Full payload per tipo (the forms' fields).

const endereco = (required: {
  cep?: boolean;
  logradouro?: boolean;
  numero?: boolean;
  bairro?: boolean;
}) => ({
  cep: cep(required.cep ? M.cepObrigatorio : undefined),
  logradouro: texto(255, required.logradouro ? M.logradouroObrigatorio : undefined),
  numero: texto(20, required.numero ? M.numeroObrigatorio : undefined),
  complemento: texto(120),
  bairro: texto(120, required.bairro ? M.bairroObrigatorio : undefined),
});

function clienteShape(create: boolean) {
  return {
    tipo: z.literal('cliente', { error: M.tipo }),
    tipo_cliente: opcao(TIPOS_CLIENTE, M.tipoCliente, create),
    situacao: situacao(SITUACOES_BASICAS),
    nome: requiredText(M.nome),
    cpf: cpf(),
    cnpj: cnpj(),
    inscricao_estadual: inscricaoEstadual(),
    email: email(),
    telefone: telefone(),
    celular: telefone(),
    fax: telefone(),
    site: site(),
    vendedor_responsavel: texto(120),
    endereco_tipo: opcao(ENDERECO_TIPOS, M.enderecoTipo, false),
    ...endereco({}),
    cidade_uf: cidadeUf(),
    codigo_municipio: codigoMunicipio(),
    indicador_ie: indicadorIe(),
    limite_credito: limiteCredito(),
    permitir_ultrapassar_limite: booleano(),
    observacoes: observacoes(),
    contatos: contatos(),
  };
}

function fornecedorShape(create: boolean) {
  return {
    tipo: z.literal('fornecedor', { error: M.tipo }),
    tipo_fornecedor: opcao(TIPOS_FORNECEDOR, M.tipoFornecedor, create),
    situacao: situacao(SITUACOES_BASICAS),
    nome: requiredText(M.nome),
    cpf: cpf(),
    cnpj: cnpj(),
    inscricao_estadual: inscricaoEstadual(),
    email: email(),
    telefone: telefone(),
    celular: telefone(),
    endereco_tipo: opcao(ENDERECO_TIPOS, M.enderecoTipo, false),
    ...endereco({}),
    cidade_uf: cidadeUf(),
    codigo_municipio: codigoMunicipio(),
    indicador_ie: indicadorIe(),
    observacoes: observacoes(),
    contatos: contatos(),
  };
}

function transportadoraShape(create: boolean) {
  return {
    tipo: z.literal('transportadora', { error: M.tipo }),
    tipo_transportadora: opcao(TIPOS_TRANSPORTADORA, M.tipoTransportadora, create),
    situacao: situacao(SITUACOES_BASICAS),
    nome_fantasia: requiredText(M.nomeFantasia),
    razao_social: texto(255, create ? M.razaoSocial : undefined),
    cnpj: cnpj(create ? M.cnpjObrigatorio : undefined),
    inscricao_estadual: inscricaoEstadual(),
    email: email(create ? M.emailObrigatorio : undefined),
    telefone: telefone(),
    celular: telefone(),
    site: site(),
    ...endereco({ cep: create, logradouro: create, numero: create, bairro: create }),
    cidade: texto(120, create ? M.cidadeObrigatoria : undefined),
    uf: uf(create ? M.ufObrigatoria : undefined),
    observacoes: observacoes(),
    contatos: contatos(),
  };
}

function funcionarioShape(create: boolean) {
  return {
    tipo: z.literal('funcionario', { error: M.tipo }),
    nome: requiredText(M.nome),
    cpf: cpf(create ? M.cpfObrigatorio : undefined),
    rg: texto(20, create ? M.rgObrigatorio : undefined),
    data_nascimento: dataNascimento(create),
    sexo: opcao(SEXOS, M.sexo, create),
    email: email(create ? M.emailObrigatorio : undefined),
    comissao: comissao(),
    situacao: situacao(SITUACOES),
    telefone: telefone(),
    celular: telefone(),
    ...endereco({}),
    cidade: texto(120),
    uf: uf(),
    observacoes: observacoes(),
    contatos: contatos(),
  };
}

/** Fields required on create (section 5); on update only the name is (nome_fantasia for carriers). */
const REQUIRED_ON_CREATE: Record<TipoCadastro, readonly string[]> = {
  cliente: ['tipo', 'tipo_cliente', 'nome'],
  fornecedor: ['tipo', 'tipo_fornecedor', 'nome'],
  transportadora: [
    'tipo',
    'tipo_transportadora',
    'nome_fantasia',
    'razao_social',
    'cnpj',
    'email',
    'cep',
    'logradouro',
    'numero',
    'bairro',
    'cidade',
    'uf',
  ],
  funcionario: ['tipo', 'nome', 'cpf', 'rg', 'data_nascimento', 'sexo', 'email'],
};
const REQUIRED_ON_UPDATE: Record<TipoCadastro, readonly string[]> = {
  cliente: ['tipo', 'nome'],
  fornecedor: ['tipo', 'nome'],
  transportadora: ['tipo', 'nome_fantasia'],
  funcionario: ['tipo', 'nome'],
};

/** Edits may also drop the photo and attachments (by file id). */
const updateExtras = (tipo: TipoCadastro) => ({
  ...(tipo === 'cliente' || tipo === 'funcionario' ? { remover_foto: booleano() } : {}),
  anexos_remover: z
    .array(z.number({ error: M.anexosRemover }).int().positive(), { error: M.anexosRemover })
    .max(100),
});

/** Non-required fields are optional keys: absent means "not sent" (unchanged on PUT). */
function optionalKeys(shape: z.ZodRawShape, required: readonly string[]): z.ZodRawShape {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      key,
      required.includes(key) ? schema : (schema as z.ZodType).optional(),
    ]),
  );
}

const SHAPES: Record<TipoCadastro, (create: boolean) => z.ZodRawShape> = {
  cliente: clienteShape,
  fornecedor: fornecedorShape,
  transportadora: transportadoraShape,
  funcionario: funcionarioShape,
};

type Loose = Record<string, unknown>;

/** A CPF only for pessoa física (or a foreigner who has one), a CNPJ only for companies and MEI. */
function checkDocumentoPorTipo(value: Loose, ctx: z.RefinementCtx, tipoPessoa: unknown) {
  if (typeof tipoPessoa !== 'string') return;
  const pessoaFisica = tipoPessoa === 'pessoa-fisica' || tipoPessoa === 'estrangeiro';
  if (pessoaFisica && typeof value.cnpj === 'string' && value.cnpj) {
    ctx.addIssue({ code: 'custom', message: M.cnpjSoPessoaJuridica, path: ['cnpj'] });
  }
  if (!pessoaFisica && typeof value.cpf === 'string' && value.cpf) {
    ctx.addIssue({ code: 'custom', message: M.cpfSoPessoaFisica, path: ['cpf'] });
  }
}

function buildFormSchema(tipo: TipoCadastro, modo: CadastroModo) {
  const create = modo === 'create';
  const shape = optionalKeys(
    { ...SHAPES[tipo](create), ...(create ? {} : updateExtras(tipo)) },
    create ? REQUIRED_ON_CREATE[tipo] : REQUIRED_ON_UPDATE[tipo],
  );
  return z.strictObject(shape).superRefine((value: Loose, ctx) => {
    if (tipo === 'cliente') checkDocumentoPorTipo(value, ctx, value.tipo_cliente);
    if (tipo === 'fornecedor') checkDocumentoPorTipo(value, ctx, value.tipo_fornecedor);
  });
}

export type CadastroFormSchema = ReturnType<typeof buildFormSchema>;

const FORM_SCHEMAS = {
  create: Object.fromEntries(TIPOS_CADASTRO.map((t) => [t, buildFormSchema(t, 'create')])),
  update: Object.fromEntries(TIPOS_CADASTRO.map((t) => [t, buildFormSchema(t, 'update')])),
} as Record<CadastroModo, Record<TipoCadastro, CadastroFormSchema>>;

/** The schema of the full payload of one tipo (the form's fields, strict). */
export function cadastroFormSchema(tipo: TipoCadastro, modo: CadastroModo): CadastroFormSchema {
  return FORM_SCHEMAS[modo][tipo];
}

// ---------------------------------------------------------------------------------------------
// What is stored: the columns, after either payload is read. Absent = not sent.

export interface CadastroDados {
  tipo: TipoCadastro;
  tipo_cliente?: TipoCliente | null;
  tipo_fornecedor?: TipoFornecedor | null;
  tipo_transportadora?: TipoTransportadora | null;
  situacao?: Situacao;
  nome?: string;
  razao_social?: string | null;
  email?: string | null;
  telefone?: string | null;
  celular?: string | null;
  fax?: string | null;
  site?: string | null;
  vendedor_responsavel?: string | null;
  endereco_tipo?: EnderecoTipo | null;
  cep?: string | null;
  logradouro?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  cidade?: string | null;
  uf?: UF | null;
  codigo_municipio?: number | null;
  indicador_ie?: 1 | 2 | 9 | null;
  limite_credito?: number | null;
  permitir_ultrapassar_limite?: boolean;
  observacoes?: string | null;
  cnpj?: string | null;
  inscricao_estadual?: string | null;
  cpf?: string | null;
  rg?: string | null;
  data_nascimento?: string | null;
  sexo?: Sexo | null;
  comissao?: number | null;
  contatos?: Contato[];
  remover_foto?: boolean;
  anexos_remover?: number[];
}

/** Keys of CadastroDados that are columns of the record (not contacts or file operations). */
export const CADASTRO_COLUNAS = [
  'tipo',
  'tipo_cliente',
  'tipo_fornecedor',
  'tipo_transportadora',
  'situacao',
  'nome',
  'razao_social',
  'email',
  'telefone',
  'celular',
  'fax',
  'site',
  'vendedor_responsavel',
  'endereco_tipo',
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'codigo_municipio',
  'indicador_ie',
  'limite_credito',
  'permitir_ultrapassar_limite',
  'observacoes',
  'cnpj',
  'inscricao_estadual',
  'cpf',
  'rg',
  'data_nascimento',
  'sexo',
  'comissao',
] as const satisfies readonly (keyof CadastroDados)[];

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** Full payload → columns: 'city/UF' is split, the carrier's nome_fantasia is its nome. */
function fullToDados(value: Loose): CadastroDados {
  const { cidade_uf, nome_fantasia, ...rest } = value;
  const dados = { ...rest } as Loose;
  if (cidade_uf !== undefined) {
    const parsed = cidade_uf === null ? null : parseCidadeUf(cidade_uf as string);
    dados.cidade = parsed?.cidade ?? null;
    dados.uf = parsed?.uf ?? null;
  }
  if (nome_fantasia !== undefined) dados.nome = nome_fantasia;
  return withoutUndefined(dados) as unknown as CadastroDados;
}

// ---------------------------------------------------------------------------------------------
// The spec's thin payload (section 7).

const LEGACY_KEYS: Record<CadastroModo, ReadonlySet<string>> = {
  create: new Set([
    'nome',
    'tipo',
    'email',
    'telefone',
    'endereco',
    'cidade',
    'estado',
    'cep',
    'cnpj_cpf',
    'inscricao_estadual',
    'observacoes',
  ]),
  update: new Set([
    'nome',
    'tipo',
    'email',
    'telefone',
    'endereco',
    'cep',
    'bairro',
    'cidade',
    'observacoes',
  ]),
};

/** "Rua das Flores, 120" → logradouro and número (split at the last comma). */
export function splitEndereco(text: string | null): {
  logradouro: string | null;
  numero: string | null;
} {
  if (!text) return { logradouro: null, numero: null };
  const comma = text.lastIndexOf(',');
  const numero = comma < 0 ? '' : text.slice(comma + 1).trim();
  if (comma < 0 || numero === '' || numero.length > 20) return { logradouro: text, numero: null };
  return { logradouro: text.slice(0, comma).trim() || null, numero };
}

/** "street, number" as the spec's list field endereco. */
export function joinEndereco(logradouro: string | null, numero: string | null): string | null {
  return [logradouro, numero].filter(Boolean).join(', ') || null;
}

function legacySchema(tipo: TipoCadastro, modo: CadastroModo) {
  const create = modo === 'create';
  const isCarrier = tipo === 'transportadora';
  const isEmployee = tipo === 'funcionario';
  const requireAll = create && isCarrier;

  const documento =
    tipo === 'funcionario'
      ? cpf(create ? M.cpfObrigatorio : undefined)
      : isCarrier
        ? cnpj(create ? M.cnpjObrigatorio : undefined)
        : checkedText({
            invalid: M.cpfOuCnpjInvalido,
            max: 24,
            check: (value) => isValidCpf(value) || isValidCnpj(value),
            normalize: (value) => (isValidCpf(value) ? normalizeCpf(value) : normalizeCnpj(value)),
          });

  const shape: Record<string, z.ZodType> = {
    tipo: z.literal(tipo, { error: M.tipo }),
    nome: requiredText(isCarrier ? M.nomeFantasia : M.nome),
    email: email(create && (isCarrier || isEmployee) ? M.emailObrigatorio : undefined),
    telefone: telefone(),
    endereco: checkedText({
      required: requireAll ? M.enderecoLegado : undefined,
      invalid: M.enderecoLegado,
      max: 280,
      check: (value) => !requireAll || splitEndereco(value).numero !== null,
      normalize: (value) => value,
    }),
    cidade: checkedText({
      required: requireAll ? M.cidadeObrigatoria : undefined,
      invalid: M.cidadeUfInvalida,
      max: 124,
      check: (value) => parseCidadeUf(value) !== null,
      normalize: (value) => value,
    }),
    cep: cep(requireAll ? M.cepObrigatorio : undefined),
    observacoes: observacoes(),
  };
  if (create) {
    shape.estado = uf(requireAll ? M.ufObrigatoria : undefined);
    shape.cnpj_cpf = documento;
    shape.inscricao_estadual = isEmployee ? texto(20, M.rgObrigatorio) : inscricaoEstadual();
  } else {
    shape.bairro = texto(120);
  }
  const required = create
    ? Object.keys(shape).filter((key) => isRequiredLegacy(tipo, key))
    : ['tipo', 'nome'];
  const optional = optionalKeys(shape, required);

  return z
    .strictObject(optional)
    .superRefine((value: Loose, ctx) => {
      if (typeof value.cidade !== 'string' || typeof value.estado !== 'string') return;
      const fromCidade = parseCidadeUf(value.cidade)?.uf;
      if (fromCidade && fromCidade !== value.estado) {
        ctx.addIssue({ code: 'custom', message: M.ufDiferente, path: ['estado'] });
      }
    })
    .transform((value: Loose): CadastroDados => {
      const dados: Loose = {
        tipo,
        nome: value.nome,
        email: value.email,
        telefone: value.telefone,
        cep: value.cep,
        bairro: value.bairro,
        observacoes: value.observacoes,
      };
      if (value.endereco !== undefined)
        Object.assign(dados, splitEndereco(value.endereco as string | null));
      if (value.cidade !== undefined) {
        const parsed = value.cidade === null ? null : parseCidadeUf(value.cidade as string);
        dados.cidade = parsed?.cidade ?? null;
        if (parsed?.uf) dados.uf = parsed.uf;
      }
      if (value.estado !== undefined) dados.uf = value.estado;
      if (value.cnpj_cpf !== undefined) {
        const documento = value.cnpj_cpf as string | null;
        const isCpf = documento !== null && /^\d{11}$/.test(documento);
        if (isEmployee) dados.cpf = documento;
        else if (isCarrier) dados.cnpj = documento;
        else {
          dados.cpf = isCpf ? documento : null;
          dados.cnpj = documento !== null && !isCpf ? documento : null;
          const tipoPessoa =
            documento === null ? undefined : isCpf ? 'pessoa-fisica' : 'pessoa-juridica';
          if (tipo === 'cliente') dados.tipo_cliente = tipoPessoa;
          if (tipo === 'fornecedor') dados.tipo_fornecedor = tipoPessoa;
        }
      }
      if (value.inscricao_estadual !== undefined) {
        if (isEmployee) dados.rg = value.inscricao_estadual;
        else dados.inscricao_estadual = value.inscricao_estadual;
      }
      return withoutUndefined(dados) as unknown as CadastroDados;
    });
}

/**
 * Section 5's required fields that the thin POST can carry: a carrier's nome (nomeFantasia),
 * CNPJ, e-mail, CEP, street and number, city and UF; an employee's nome, CPF, RG (sent as
 * inscricao_estadual) and e-mail; a customer's or supplier's nome. What it cannot carry
 * (razão social, bairro, data de nascimento, sexo, tipo de cliente...) is left empty.
 */
function isRequiredLegacy(tipo: TipoCadastro, key: string): boolean {
  const required: Record<TipoCadastro, readonly string[]> = {
    cliente: ['tipo', 'nome'],
    fornecedor: ['tipo', 'nome'],
    funcionario: ['tipo', 'nome', 'cnpj_cpf', 'inscricao_estadual', 'email'],
    transportadora: ['tipo', 'nome', 'cnpj_cpf', 'email', 'cep', 'endereco', 'cidade', 'estado'],
  };
  return required[tipo].includes(key);
}

const PAYLOAD_SCHEMAS = Object.fromEntries(
  (['create', 'update'] as const).map((modo) => [
    modo,
    Object.fromEntries(
      TIPOS_CADASTRO.map((tipo) => [
        tipo,
        {
          full: cadastroFormSchema(tipo, modo).transform(fullToDados),
          legacy: legacySchema(tipo, modo),
          fullKeys: new Set(Object.keys(cadastroFormSchema(tipo, modo).shape)),
        },
      ]),
    ),
  ]),
) as unknown as Record<
  CadastroModo,
  Record<
    TipoCadastro,
    { full: z.ZodType<CadastroDados>; legacy: z.ZodType<CadastroDados>; fullKeys: Set<string> }
  >
>;

const tipoOnly = z.looseObject({ tipo: z.enum(TIPOS_CADASTRO, { error: M.tipo }) });

/** True when the body is the spec's thin payload (see the comment at the top). */
export function isLegacyPayload(
  input: Record<string, unknown>,
  tipo: TipoCadastro,
  modo: CadastroModo,
) {
  const keys = Object.keys(input);
  const { fullKeys } = PAYLOAD_SCHEMAS[modo][tipo];
  return keys.every((key) => LEGACY_KEYS[modo].has(key)) && keys.some((key) => !fullKeys.has(key));
}

/** Reads a POST (create) or PUT (update) body, full or thin, into the columns to store. */
export function parseCadastroPayload(
  input: unknown,
  modo: CadastroModo,
): z.ZodSafeParseResult<CadastroDados> {
  const head = tipoOnly.safeParse(input);
  if (!head.success) return head as unknown as z.ZodSafeParseResult<CadastroDados>;
  const tipo = head.data.tipo;
  const schemas = PAYLOAD_SCHEMAS[modo][tipo];
  const legacy = isLegacyPayload(input as Record<string, unknown>, tipo, modo);
  if (legacy) return schemas.legacy.safeParse(input);
  const aliases = DOCUMENTO_ALIASES[tipo];
  const result = schemas.full.safeParse(withAliasesResolved(input as Loose, aliases));
  if (!result.success) {
    // Name the field as the client sent it: an error on cpf is reported on cnpj_cpf if it came so.
    const sent = new Map(Object.entries(aliases).filter(([alias]) => alias in (input as Loose)));
    const back = new Map([...sent].map(([alias, field]) => [field, alias]));
    for (const issue of result.error.issues) {
      const first = issue.path[0];
      if (typeof first === 'string' && back.has(first)) issue.path[0] = back.get(first)!;
    }
  }
  return result;
}

/**
 * The spec's names for the documents (section 7: an employee sends cpf as cnpj_cpf and rg as
 * inscricao_estadual; a carrier sends cnpj as cnpj_cpf), also accepted next to the full
 * payload's other fields, so a full employee record sent with the spec's names is read too.
 */
const DOCUMENTO_ALIASES: Record<TipoCadastro, Readonly<Record<string, string>>> = {
  cliente: {},
  fornecedor: {},
  funcionario: { cnpj_cpf: 'cpf', inscricao_estadual: 'rg' },
  transportadora: { cnpj_cpf: 'cnpj' },
};

function withAliasesResolved(input: Loose, aliases: Readonly<Record<string, string>>): Loose {
  const resolved: Loose = { ...input };
  for (const [alias, field] of Object.entries(aliases)) {
    if (!(alias in resolved) || field in resolved) continue;
    resolved[field] = resolved[alias];
    delete resolved[alias];
  }
  return resolved;
}

// ---------------------------------------------------------------------------------------------
// Answers.

/** Sort keys of GET /api/cadastros (a whitelist: each names one server-side ORDER BY). */
export const CADASTRO_SORTS = ['nome', 'email'] as const;
export type CadastroSort = (typeof CADASTRO_SORTS)[number];

/** Largest page of GET /api/cadastros?limit=. */
export const CADASTROS_LIMIT_MAX = 500;

/**
 * GET /api/cadastros?tipo=&q=&sort=&order=&limit=&offset=: without `limit` the whole list (the
 * spec's array); with it one page and the total in X-Total-Count, so a customer picker stays fast
 * with 10,000 customers. `q` finds a name or e-mail containing the text, accents and case
 * ignored. Sorted by name the pt-BR way unless `sort` says otherwise.
 */
export const cadastroListQuerySchema = z.strictObject({
  tipo: z.enum(TIPOS_CADASTRO, { error: M.tipo }).optional(),
  q: trimmedString().max(100).optional(),
  ...sortQuery(CADASTRO_SORTS),
  ...optionalPageQuery(CADASTROS_LIMIT_MAX),
});
export type CadastroListQueryInput = z.input<typeof cadastroListQuerySchema>;
export type CadastroListQuery = z.output<typeof cadastroListQuerySchema>;

/** GET /api/cadastros?tipo=…: the spec's list shape. */
export const cadastroListItemSchema = z.object({
  id: z.number(),
  nome: z.string(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  tipo: z.enum(TIPOS_CADASTRO),
});
export const cadastroListSchema = z.array(cadastroListItemSchema);
export type CadastroListItem = z.infer<typeof cadastroListItemSchema>;

export const arquivoInfoSchema = z.object({
  id: z.number(),
  nome: z.string(),
  tipo_mime: z.string(),
  tamanho: z.number(),
  created_at: z.string(),
});
export type ArquivoInfo = z.infer<typeof arquivoInfoSchema>;

const nullableString = z.string().nullable();

/** GET /api/cadastros/{id}: every field of the spec's edit-load list, plus the list fields. */
export const cadastroDetalheSchema = z.object({
  id: z.number(),
  tipo: z.enum(TIPOS_CADASTRO),
  tipo_cliente: z.enum(TIPOS_CLIENTE).nullable(),
  tipo_fornecedor: z.enum(TIPOS_FORNECEDOR).nullable(),
  tipo_transportadora: z.enum(TIPOS_TRANSPORTADORA).nullable(),
  situacao: z.enum(SITUACOES),
  nome: z.string(),
  nome_fantasia: nullableString,
  razao_social: nullableString,
  email: nullableString,
  telefone: nullableString,
  celular: nullableString,
  fax: nullableString,
  site: nullableString,
  vendedor_responsavel: nullableString,
  endereco_tipo: z.enum(ENDERECO_TIPOS).nullable(),
  cep: nullableString,
  logradouro: nullableString,
  numero: nullableString,
  complemento: nullableString,
  bairro: nullableString,
  cidade_uf: nullableString,
  cidade: nullableString,
  uf: nullableString,
  codigo_municipio: z.number().int().nullable(),
  indicador_ie: z.union([z.literal(1), z.literal(2), z.literal(9)]).nullable(),
  limite_credito: z.number().nullable(),
  permitir_ultrapassar_limite: z.boolean(),
  observacoes: nullableString,
  cnpj: nullableString,
  inscricao_estadual: nullableString,
  cpf: nullableString,
  rg: nullableString,
  data_nascimento: nullableString,
  sexo: z.enum(SEXOS).nullable(),
  comissao: z.number().nullable(),
  endereco: nullableString,
  estado: nullableString,
  cnpj_cpf: nullableString,
  contatos: z.array(
    z.object({
      nome: z.string(),
      email: nullableString,
      telefone: nullableString,
      cargo: nullableString,
    }),
  ),
  foto: arquivoInfoSchema.nullable(),
  anexos: z.array(arquivoInfoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CadastroDetalhe = z.infer<typeof cadastroDetalheSchema>;

export const anexoParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'Identificador inválido' })
    .int()
    .positive({ error: 'Identificador inválido' }),
  arquivoId: z.coerce
    .number({ error: 'Identificador inválido' })
    .int()
    .positive({ error: 'Identificador inválido' }),
});

/** The address fields, for the documents that carry a delivery address (service orders, quotes). */
export { cep as cepField, uf as ufField };
