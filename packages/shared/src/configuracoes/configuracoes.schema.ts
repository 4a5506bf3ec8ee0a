import { isValidCnpj, isValidCpf, normalizeCnpj, normalizeCpf } from '../brasil';
import {
  cep,
  checkedText,
  email,
  inscricaoEstadual,
  telefone,
  uf,
} from '../cadastros/cadastro.schema';
import { optionalText, requiredText, z } from '../validation';
import { BACKUP_MENSAGENS } from './backup.schema';
import {
  normalizePixChave,
  PIX_CIDADE_MAX,
  PIX_NOME_MAX,
  PIX_TIPOS,
  PIX_TIPO_LABELS,
  type PixTipo,
} from './pix';

/**
 * The company (issue 16, part 3) and its PIX key (part 4): one record, printed on every document
 * and read by the screens that show a PIX QR code. GET by anyone signed in; PUT by admins.
 */
export const EMPRESA_MENSAGENS = {
  razaoSocial: 'Razão social é obrigatória',
  documento: 'CNPJ ou CPF inválido',
  pixTipo: 'Selecione o tipo da chave PIX',
  pixChave: (tipo: PixTipo) => `Chave PIX inválida para o tipo ${PIX_TIPO_LABELS[tipo]}`,
  pixChaveObrigatoria: 'Informe a chave PIX',
  pixNomeObrigatorio: 'Informe o nome do recebedor do PIX',
  pixCidadeObrigatoria: 'Informe a cidade do recebedor do PIX',
  logoNaoEncontrado: 'A empresa não tem logotipo.',
} as const;
const M = EMPRESA_MENSAGENS;

/** CNPJ (numeric or alphanumeric) or CPF, stored without punctuation. */
const documento = () =>
  checkedText({
    invalid: M.documento,
    max: 24,
    check: (value) => isValidCnpj(value) || isValidCpf(value),
    normalize: (value) => (isValidCnpj(value) ? normalizeCnpj(value) : normalizeCpf(value)),
  });

const camposEmpresa = {
  razao_social: requiredText(M.razaoSocial, 150),
  nome_fantasia: optionalText(150),
  documento: documento(),
  inscricao_estadual: inscricaoEstadual(),
  cep: cep(),
  logradouro: optionalText(150),
  numero: optionalText(20),
  complemento: optionalText(100),
  bairro: optionalText(100),
  cidade: optionalText(100),
  uf: uf(),
  telefone: telefone(),
  email: email(),
  pix_tipo: z
    .enum(PIX_TIPOS, { error: M.pixTipo })
    .nullish()
    .transform((v) => v ?? null),
  pix_chave: optionalText(77),
  pix_nome: optionalText(PIX_NOME_MAX),
  pix_cidade: optionalText(PIX_CIDADE_MAX),
};

/** PUT /api/configuracoes/empresa: every field; a PIX key needs its type, name and city. */
export const empresaUpdateSchema = z.strictObject(camposEmpresa).transform((value, ctx) => {
  const falta = (path: string, message: string) =>
    ctx.issues.push({ code: 'custom', path: [path], message, input: value });
  if (!value.pix_chave) return { ...value, pix_tipo: null, pix_nome: null, pix_cidade: null };
  if (!value.pix_tipo) {
    falta('pix_tipo', M.pixTipo);
    return z.NEVER;
  }
  const chave = normalizePixChave(value.pix_tipo, value.pix_chave);
  if (!chave) falta('pix_chave', M.pixChave(value.pix_tipo));
  if (!value.pix_nome) falta('pix_nome', M.pixNomeObrigatorio);
  if (!value.pix_cidade) falta('pix_cidade', M.pixCidadeObrigatoria);
  return chave ? { ...value, pix_chave: chave } : z.NEVER;
});
export type EmpresaInput = z.input<typeof empresaUpdateSchema>;

/** GET /api/configuracoes/empresa. */
export const empresaSchema = z.object({
  razao_social: z.string(),
  nome_fantasia: z.string().nullable(),
  documento: z.string().nullable(),
  inscricao_estadual: z.string().nullable(),
  cep: z.string().nullable(),
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  telefone: z.string().nullable(),
  email: z.string().nullable(),
  pix_tipo: z.enum(PIX_TIPOS).nullable(),
  pix_chave: z.string().nullable(),
  pix_nome: z.string().nullable(),
  pix_cidade: z.string().nullable(),
  /** Whether a logo is stored (GET /api/configuracoes/empresa/logo answers it). */
  tem_logo: z.boolean(),
});
export type Empresa = z.infer<typeof empresaSchema>;

/** Minutes of inactivity after which a session ends (issue 16, part 7). */
export const INATIVIDADE_MIN = 5;
export const INATIVIDADE_MAX = 7 * 24 * 60;
export const INATIVIDADE_PADRAO = 8 * 60;

export const TEMAS = ['light', 'dark'] as const;
export type Tema = (typeof TEMAS)[number];

const inatividadeMensagem = `Informe de ${INATIVIDADE_MIN} a ${INATIVIDADE_MAX} minutos`;

/**
 * GET/PUT /api/configuracoes/preferencias: the company's switches (spec part 2, section 2.14),
 * idle logout, mandatory two-factor sign-in and the daily backup of the embedded database, set
 * by admins; GET also carries the signed-in user's own `tema`.
 */
export const preferenciasSchema = z.object({
  notificacoes_email: z.boolean(),
  alertas_vencimento: z.boolean(),
  relatorios_automaticos: z.boolean(),
  inatividade_minutos: z.number().int(),
  dois_fatores_obrigatorio: z.boolean(),
  backup_automatico: z.boolean(),
  /** Hour of the day (0..23, company time zone) of the daily backup. */
  backup_hora: z.number().int(),
  tema: z.enum(TEMAS),
});
export type Preferencias = z.infer<typeof preferenciasSchema>;

export const preferenciasUpdateSchema = z.strictObject({
  notificacoes_email: z.boolean({ error: 'Informe verdadeiro ou falso' }),
  alertas_vencimento: z.boolean({ error: 'Informe verdadeiro ou falso' }),
  relatorios_automaticos: z.boolean({ error: 'Informe verdadeiro ou falso' }),
  inatividade_minutos: z
    .number({ error: inatividadeMensagem })
    .int({ error: inatividadeMensagem })
    .min(INATIVIDADE_MIN, { error: inatividadeMensagem })
    .max(INATIVIDADE_MAX, { error: inatividadeMensagem }),
  // Added after the first four: a client that leaves them out keeps what is stored.
  dois_fatores_obrigatorio: z.boolean({ error: 'Informe verdadeiro ou falso' }).optional(),
  backup_automatico: z.boolean({ error: 'Informe verdadeiro ou falso' }).optional(),
  backup_hora: z
    .number({ error: BACKUP_MENSAGENS.hora })
    .int({ error: BACKUP_MENSAGENS.hora })
    .min(0, { error: BACKUP_MENSAGENS.hora })
    .max(23, { error: BACKUP_MENSAGENS.hora })
    .optional(),
});
export type PreferenciasInput = z.infer<typeof preferenciasUpdateSchema>;

/** PUT /api/configuracoes/tema: the signed-in user's colour scheme, remembered on the server. */
export const temaUpdateSchema = z.strictObject({
  tema: z.enum(TEMAS, { error: 'Tema inválido: use light ou dark' }),
});

/** The PIX charge of a document for `valor`, or null when the company has no PIX key. */
export function pixDaEmpresa(
  empresa: Pick<Empresa, 'pix_chave' | 'pix_nome' | 'pix_cidade'> | undefined,
) {
  return empresa?.pix_chave && empresa.pix_nome && empresa.pix_cidade
    ? { chave: empresa.pix_chave, nome: empresa.pix_nome, cidade: empresa.pix_cidade }
    : null;
}
