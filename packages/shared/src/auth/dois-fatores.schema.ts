import { z } from '../validation';
import { sessionUserSchema } from './auth.schema';
import { DOIS_FATORES_MESSAGES } from './dois-fatores.constants';

/*
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 30 s steps, 6 digits, SHA-1) and
 * one-time recovery codes, issue 16 item 7. The secret and the codes travel only once, in the
 * answers that create them; the database keeps the secret for checking and only hashes of codes.
 */

const M = DOIS_FATORES_MESSAGES;

/** A TOTP code as typed: spaces are dropped, then exactly 6 digits. */
const codigoTotp = z
  .string({ error: M.codigoObrigatorio })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: M.codigoObrigatorio })
      .regex(/^\d{6}$/, { error: M.codigoFormato }),
  );

/** GET /api/perfil/dois-fatores. */
export const doisFatoresStatusSchema = z.object({
  ativado: z.boolean(),
  ativado_em: z.string().nullable(),
  /** Recovery codes not used yet. */
  codigos_restantes: z.number(),
  /** The company requires every user to have it (Configurações → Preferências). */
  obrigatorio: z.boolean(),
});
export type DoisFatoresStatus = z.infer<typeof doisFatoresStatusSchema>;

/** POST /api/perfil/dois-fatores/configurar: a new secret, pending until confirmed. */
export const doisFatoresConfigurarSchema = z.object({
  segredo: z.string(),
  otpauth_url: z.string(),
});
export type DoisFatoresConfigurar = z.infer<typeof doisFatoresConfigurarSchema>;

/** POST /api/perfil/dois-fatores/ativar. */
export const doisFatoresAtivarSchema = z.strictObject({ codigo: codigoTotp });
export type DoisFatoresAtivar = z.input<typeof doisFatoresAtivarSchema>;

/** The answer of the activation: the recovery codes, shown this once. */
export const doisFatoresAtivadoSchema = z.object({
  codigos_recuperacao: z.array(z.string()),
});
export type DoisFatoresAtivado = z.infer<typeof doisFatoresAtivadoSchema>;

/** POST /api/perfil/dois-fatores/desativar. */
export const doisFatoresDesativarSchema = z.strictObject({
  senha_atual: z
    .string({ error: 'Informe a senha atual' })
    .min(1, { error: 'Informe a senha atual' })
    .max(1024),
});
export type DoisFatoresDesativar = z.infer<typeof doisFatoresDesativarSchema>;

/** POST /api/auth/login/dois-fatores: the challenge and a TOTP or recovery code. */
export const loginDoisFatoresSchema = z.strictObject({
  desafio: z.string({ error: M.desafioExpirado }).min(1, { error: M.desafioExpirado }).max(200),
  codigo: z
    .string({ error: M.codigoObrigatorio })
    .trim()
    .min(1, { error: M.codigoObrigatorio })
    .max(40, { error: M.codigoInvalido }),
});
export type LoginDoisFatores = z.infer<typeof loginDoisFatoresSchema>;

/** POST /api/auth/login for a user with two factors: no session yet, a challenge instead. */
export const loginDesafioSchema = z.object({
  dois_fatores: z.literal(true),
  desafio: z.string(),
});
export type LoginDesafio = z.infer<typeof loginDesafioSchema>;

/** Every answer of POST /api/auth/login: a session, or the second step's challenge. */
export const loginAnswerSchema = z.union([
  z.object({ token: z.string(), user: sessionUserSchema }),
  loginDesafioSchema,
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
