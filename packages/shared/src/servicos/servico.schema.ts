import {
  hasAtMostDecimals,
  MAX_MONEY,
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
  CATEGORIA_SERVICO_PADRAO,
  DURACAO_SERVICO_MAX,
  ALIQUOTA_ISS_MAXIMA,
  DURACAO_SERVICO_PADRAO,
  isCfop,
  LOCAIS_INCIDENCIA_ISS,
  parseDuracao,
  semSeparadores,
  SERVICO_MESSAGES as M,
  SERVICOS_LIMIT_MAX,
} from './servico.rules';

/*
 * Services as the API reads and writes them (spec part 2, sections 3.7 and 7), with the spec's
 * camel-case names (codigoInterno, valorCusto, valorVenda) and the rest of the form in the same
 * style: ativo, the Fiscal tab (ncm, cfop, aliquotaIcms, aliquotaIpi, and for the NFS-e
 * codigoTributacaoNacional, codigoNbs, aliquotaIss, localIncidenciaIss, issRetido) and the
 * Fornecedores tab (fornecedorId, codigoFornecedor).
 *
 * The sale value arrives as `preco` (the add/edit form's payload) or `valorVenda` (the separate
 * edit screen's); either is accepted, both must agree. POST fills what is left out with the
 * defaults of section 9 (duracao 60 minutes, categoria "Geral", values 0, ativo). On PUT only
 * nome is required: a field left out keeps its stored value, null takes the default. Unknown
 * fields are rejected.
 */

const nonNegativeMoney = () => money({ min: 0, minMessage: M.valorNegativo });

/** Absent or null becomes the fallback. */
const orDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  schema.nullish().transform((value) => (value ?? fallback) as z.output<T>);

/** Minutes, or text such as the spec's fixed "1 hora". */
const duracao = z
  .union([z.number(), z.string()], { error: M.duracao })
  .transform((value, context) => {
    const minutos = typeof value === 'number' ? value : parseDuracao(value);
    if (minutos === undefined || !Number.isInteger(minutos)) {
      context.addIssue({ code: 'custom', message: M.duracao });
      return z.NEVER;
    }
    return minutos;
  })
  .refine((minutos) => minutos >= 1 && minutos <= DURACAO_SERVICO_MAX, { error: M.duracao });

/** Blank becomes "Geral". */
const categoria = trimmedString()
  .max(120, { error: 'Máximo de 120 caracteres' })
  .nullish()
  .transform((value) => value || CATEGORIA_SERVICO_PADRAO);

/** Stored as digits only ("8471.30.12" → "84713012"); blank is null. */
const codigoFiscal = (valido: (codigo: string) => boolean, message: string) =>
  optionalText(20)
    .transform((value) => (value ? semSeparadores(value) : null))
    .refine((value) => value === null || valido(value), { error: message });

/**
 * The ISS rate in percent: 0 to 5 with up to two decimals (pAliq of the DPS). Null when unknown:
 * a município on the national system answers its own rate.
 */
const aliquotaIss = z
  .number({ error: M.aliquotaIss })
  .refine((value) => value >= 0 && value <= ALIQUOTA_ISS_MAXIMA, {
    error: M.aliquotaIss,
    abort: true,
  })
  .refine((value) => hasAtMostDecimals(value, 2), { error: M.aliquotaIssDecimais, abort: true })
  .nullish()
  .transform((value) => value ?? null);

const fields = {
  nome: requiredText(M.nomeObrigatorio, 200),
  codigoInterno: optionalText(50),
  categoria,
  /** The sale value (the form's valorVenda). */
  preco: nonNegativeMoney().nullish(),
  /** The same value as preco, by the name the separate edit screen sends. */
  valorVenda: nonNegativeMoney().nullish(),
  valorCusto: orDefault(nonNegativeMoney(), 0),
  comissao: orDefault(percent(0, 100), 0),
  duracao: orDefault(duracao, DURACAO_SERVICO_PADRAO),
  descricao: optionalText(2000),
  ativo: orDefault(z.boolean({ error: 'Informe verdadeiro ou falso' }), true),
  ncm: codigoFiscal((codigo) => /^\d{8}$/.test(codigo), M.ncm),
  cfop: codigoFiscal(isCfop, M.cfop),
  aliquotaIcms: percent(0, 100)
    .nullish()
    .transform((value) => value ?? null),
  aliquotaIpi: percent(0, 100)
    .nullish()
    .transform((value) => value ?? null),
  /**
   * cTribNac of the national service list ("14.01.01" or "140101", stored as the 6 digits).
   * The schema checks its shape; the server checks it is on the list (@prumo/shared/
   * servicos-nacionais, kept out of this schema so the screens do not load the list with it).
   * Optional here: the NFS-e asks for it when it is issued.
   */
  codigoTributacaoNacional: codigoFiscal(
    (codigo) => /^\d{6}$/.test(codigo),
    M.codigoTributacaoNacional,
  ),
  /** NBS (Nomenclatura Brasileira de Serviços): 9 digits, "1.1403.10.00" stored as "114031000". */
  codigoNbs: codigoFiscal((codigo) => /^\d{9}$/.test(codigo), M.nbs),
  aliquotaIss,
  localIncidenciaIss: orDefault(
    z.enum(LOCAIS_INCIDENCIA_ISS, { error: M.localIncidenciaIss }),
    'estabelecimento',
  ),
  /** ISS withheld by the customer (tpRetISSQN 2). */
  issRetido: orDefault(z.boolean({ error: M.issRetido }), false),
  fornecedorId: z
    .number({ error: M.fornecedor })
    .int({ error: M.fornecedor })
    .positive({ error: M.fornecedor })
    .nullish()
    .transform((value) => value ?? null),
  codigoFornecedor: optionalText(60),
};

interface PrecoFields {
  preco?: number | null;
  valorVenda?: number | null;
}

function precosConcordam({ preco, valorVenda }: PrecoFields): boolean {
  return preco == null || valorVenda == null || preco === valorVenda;
}

/** preco and valorVenda become preco: absent stays absent (kept on update), null is 0. */
function unirPreco<T extends PrecoFields>({ preco, valorVenda, ...rest }: T) {
  const valor = valorVenda ?? preco;
  return { ...rest, ...(valor === undefined ? {} : { preco: valor ?? 0 }) };
}

const precoRule = { path: ['valorVenda'], error: M.precoDivergente };

/** POST /api/servicos */
export const servicoCreateSchema = z
  .strictObject(fields)
  .refine(precosConcordam, precoRule)
  .transform(({ preco, valorVenda, ...rest }) => ({ ...rest, preco: valorVenda ?? preco ?? 0 }));
export type ServicoCreateInput = z.input<typeof servicoCreateSchema>;
export type ServicoCreate = z.output<typeof servicoCreateSchema>;

/** PUT /api/servicos/{id}: nome is required; a field left out keeps its stored value. */
export const servicoUpdateSchema = z
  .strictObject(fields)
  .partial({
    codigoInterno: true,
    categoria: true,
    valorCusto: true,
    comissao: true,
    duracao: true,
    descricao: true,
    ativo: true,
    ncm: true,
    cfop: true,
    aliquotaIcms: true,
    aliquotaIpi: true,
    codigoTributacaoNacional: true,
    codigoNbs: true,
    aliquotaIss: true,
    localIncidenciaIss: true,
    issRetido: true,
    fornecedorId: true,
    codigoFornecedor: true,
  })
  .refine(precosConcordam, precoRule)
  .transform(unirPreco);
export type ServicoUpdateInput = z.input<typeof servicoUpdateSchema>;
export type ServicoUpdate = z.output<typeof servicoUpdateSchema>;

const flag = z
  .enum(['true', 'false'], { error: 'Use true ou false' })
  .transform((v) => v === 'true');

/** Sort keys of GET /api/servicos (a whitelist: each names one server-side ORDER BY). */
export const SERVICO_SORTS = ['nome', 'categoria', 'preco', 'duracao'] as const;
export type ServicoSort = (typeof SERVICO_SORTS)[number];

/**
 * GET /api/servicos?q=&categoria=&ativo=&sort=&order=&limit=&offset=: q searches nome and
 * categoria (accents and case ignored); sorted by nome unless `sort` says otherwise; with limit, one page and the total in X-Total-Count; without it, the
 * spec's whole array.
 */
export const servicoListQuerySchema = z.strictObject({
  q: trimmedString().max(100, { error: 'Máximo de 100 caracteres' }).optional(),
  categoria: trimmedString().max(120, { error: 'Máximo de 120 caracteres' }).optional(),
  ativo: flag.optional(),
  ...sortQuery(SERVICO_SORTS),
  ...optionalPageQuery(SERVICOS_LIMIT_MAX),
});
export type ServicoListQueryInput = z.input<typeof servicoListQuerySchema>;
export type ServicoListQuery = z.output<typeof servicoListQuerySchema>;

const valor = z.number().min(0).max(MAX_MONEY);

/** What another document (a service order line, a sale) shows of a service. */
export const servicoResumoSchema = z.object({
  id: z.number(),
  nome: z.string(),
  preco: valor,
  ativo: z.boolean(),
});
export type ServicoResumo = z.infer<typeof servicoResumoSchema>;

/** GET /api/servicos: section 3.7's list (id, nome, categoria, preco, duracao) and more. */
export const servicoListItemSchema = servicoResumoSchema.extend({
  codigoInterno: z.string().nullable(),
  categoria: z.string(),
  /** Minutes. */
  duracao: z.number(),
});
export type ServicoListItem = z.infer<typeof servicoListItemSchema>;
export const servicoListSchema = z.array(servicoListItemSchema);

/** GET /api/servicos/{id} and the answer of POST and PUT: every field the form shows. */
export const servicoSchema = servicoListItemSchema.extend({
  valorCusto: valor,
  /** The same as preco, by the spec's name. */
  valorVenda: valor,
  comissao: z.number(),
  descricao: z.string().nullable(),
  ncm: z.string().nullable(),
  cfop: z.string().nullable(),
  aliquotaIcms: z.number().nullable(),
  aliquotaIpi: z.number().nullable(),
  codigoTributacaoNacional: z.string().nullable(),
  codigoNbs: z.string().nullable(),
  aliquotaIss: z.number().nullable(),
  localIncidenciaIss: z.enum(LOCAIS_INCIDENCIA_ISS),
  issRetido: z.boolean(),
  fornecedorId: z.number().nullable(),
  fornecedorNome: z.string().nullable(),
  codigoFornecedor: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Servico = z.infer<typeof servicoSchema>;
