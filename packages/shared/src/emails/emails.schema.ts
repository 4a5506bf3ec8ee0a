import {
  optionalText,
  pageQuery,
  requiredText,
  searchQuery,
  trimmedString,
  z,
} from '../validation';

/**
 * E-mail (issue 29, item 6): the company's outgoing mail server (Configurações → E-mail, admins)
 * and the outbox, where every e-mail is written first and sent after by a worker, with retries.
 * Quotes, service orders and fiscal notes are sent from their screens; an authorized note goes to
 * the customer by itself when the settings say so.
 */

/** How the connection is protected: STARTTLS (587), TLS from the start (465) or none (local). */
export const SEGURANCAS_SMTP = ['starttls', 'tls', 'nenhuma'] as const;
export type SegurancaSmtp = (typeof SEGURANCAS_SMTP)[number];
export const SEGURANCA_SMTP_LABELS: Record<SegurancaSmtp, string> = {
  starttls: 'STARTTLS (porta 587)',
  tls: 'TLS/SSL (porta 465)',
  nenhuma: 'Nenhuma (servidor local)',
};
/** The usual port of each kind of connection (the form suggests it). */
export const PORTA_PADRAO_SMTP: Record<SegurancaSmtp, number> = {
  starttls: 587,
  tls: 465,
  nenhuma: 25,
};

export const SITUACOES_EMAIL = ['pendente', 'enviado', 'falhou'] as const;
export type SituacaoEmail = (typeof SITUACOES_EMAIL)[number];
export const SITUACAO_EMAIL_LABELS: Record<SituacaoEmail, string> = {
  pendente: 'Na fila',
  enviado: 'Enviado',
  falhou: 'Não enviado',
};

/** Attempts before an e-mail is given up (falhou) and shown on the bell. */
export const EMAIL_MAX_TENTATIVAS = 8;

export const EMAIL_MENSAGENS = {
  host: 'Informe o servidor SMTP (ex.: smtp.empresa.com.br)',
  porta: 'Informe uma porta de 1 a 65535',
  seguranca: 'Escolha a segurança da conexão',
  remetenteNome: 'Informe o nome do remetente',
  remetenteEmail: 'Informe o e-mail do remetente',
  emailInvalido: 'E-mail inválido',
  para: 'Informe o e-mail do destinatário',
  senha: 'Máximo de 255 caracteres',
  naoConfigurado: 'Configure o servidor de e-mail em Configurações → E-mail antes de enviar.',
  semDestinatario: 'O cliente não tem e-mail no cadastro: informe o destinatário.',
  naoEncontrado: 'E-mail não encontrado',
  naoReenviavel: 'Só um e-mail que não foi enviado pode ser enviado de novo.',
  salvo: 'Servidor de e-mail salvo.',
  testeEnviado: (para: string) => `E-mail de teste enviado para ${para}.`,
  enfileirado: (para: string) => `E-mail na fila de envio para ${para}.`,
  reenfileirado: 'E-mail de volta à fila de envio.',
} as const;
const M = EMAIL_MENSAGENS;

/** A required e-mail address, trimmed (the message says which one is missing). */
function emailObrigatorio(vazio: string) {
  return trimmedString({ error: vazio })
    .min(1, { error: vazio, abort: true })
    .max(254, { error: M.emailInvalido })
    .regex(z.regexes.email, { error: M.emailInvalido });
}

/** A host name ("smtp.empresa.com.br"), an IPv4 address or an IPv6 one. */
const HOST =
  /^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*|[\da-f:]*:[\da-f:.]*)$/i;

/**
 * PUT /api/configuracoes/email (admins). The password goes in and never comes out: left out or
 * blank keeps the stored one, null removes it.
 */
export const configuracaoEmailUpdateSchema = z.strictObject({
  host: requiredText(M.host, 253).regex(HOST, { error: M.host }),
  porta: z
    .number({ error: M.porta })
    .int({ error: M.porta })
    .min(1, { error: M.porta })
    .max(65535, { error: M.porta }),
  seguranca: z.enum(SEGURANCAS_SMTP, { error: M.seguranca }),
  usuario: optionalText(255),
  senha: z.string({ error: M.senha }).max(255, { error: M.senha }).nullish(),
  remetente_nome: requiredText(M.remetenteNome, 120),
  remetente_email: emailObrigatorio(M.remetenteEmail),
  enviar_nota_automaticamente: z.boolean(),
});
export type ConfiguracaoEmailInput = z.input<typeof configuracaoEmailUpdateSchema>;

/**
 * GET /api/configuracoes/email (admins): the settings without the password (`senha_definida`
 * says whether one is stored). Never saved: `configurado` false and the form's starting values
 * (the sender from Configurações → Empresa).
 */
export const configuracaoEmailSchema = z.object({
  configurado: z.boolean(),
  host: z.string(),
  porta: z.number().int(),
  seguranca: z.enum(SEGURANCAS_SMTP),
  usuario: z.string().nullable(),
  senha_definida: z.boolean(),
  remetente_nome: z.string(),
  remetente_email: z.string(),
  enviar_nota_automaticamente: z.boolean(),
});
export type ConfiguracaoEmail = z.infer<typeof configuracaoEmailSchema>;

/** POST /api/configuracoes/email/teste: sent at once with the saved settings, not queued. */
export const emailTesteSchema = z.strictObject({ para: emailObrigatorio(M.para) });
export type EmailTesteInput = z.input<typeof emailTesteSchema>;
export const emailTesteRespostaSchema = z.object({ mensagem: z.string() });

/**
 * POST /api/orcamentos/{id}/email, /api/ordens-servico/{id}/email, /api/notas-fiscais/{id}/email:
 * the document goes to the outbox. `para` left out: the customer's e-mail; `mensagem`: a few
 * words of the sender's own, above the standard text. An empty body sends with the defaults.
 */
export const enviarPorEmailSchema = z
  .strictObject({
    para: trimmedString({ error: M.emailInvalido })
      .max(254, { error: M.emailInvalido })
      .refine((value) => value === '' || z.regexes.email.test(value), {
        error: M.emailInvalido,
      })
      .nullish()
      .transform((value) => value || null),
    mensagem: optionalText(2000),
  })
  .nullish()
  .transform((value) => ({ para: value?.para ?? null, mensagem: value?.mensagem ?? null }));
export type EnviarPorEmailInput = z.input<typeof enviarPorEmailSchema>;

/** An e-mail of the outbox, as the list and the senders answer it (never the attachments' bytes). */
export const emailSchema = z.object({
  id: z.number().int(),
  para: z.string(),
  assunto: z.string(),
  /** The document it carries ("orcamento:7", "nota-fiscal:12"), or null (a plain e-mail). */
  referencia: z.string().nullable(),
  situacao: z.enum(SITUACOES_EMAIL),
  tentativas: z.number().int(),
  proxima_tentativa: z.string().nullable(),
  ultimo_erro: z.string().nullable(),
  enviado_em: z.string().nullable(),
  created_at: z.string(),
  usuario_nome: z.string().nullable(),
  /** The attachments' file names. */
  anexos: z.array(z.string()),
});
export type Email = z.infer<typeof emailSchema>;

/** GET /api/emails (admins): newest first, by situação and text (recipient or subject). */
export const emailsQuerySchema = z.strictObject({
  situacao: z.enum(SITUACOES_EMAIL, { error: 'Situação inválida' }).optional(),
  q: searchQuery,
  ...pageQuery(20, 500),
});
export type EmailsQuery = z.infer<typeof emailsQuerySchema>;
export type EmailsQueryInput = z.input<typeof emailsQuerySchema>;
