import { listQuerySchema, requiredText, trimmedString, z } from '../validation';
import { ROLES } from './auth.constants';

/*
 * Users (admin only, /api/usuarios) and the signed-in user's own profile (/api/perfil), issue 16
 * parts 1, 2 and 8. Passwords travel only in requests and are stored as argon2id hashes.
 */

export const SENHA_MIN = 8;
const SENHA_MAX = 1024;

export const USUARIO_MESSAGES = {
  nomeObrigatorio: 'Nome é obrigatório',
  emailObrigatorio: 'E-mail é obrigatório',
  emailInvalido: 'E-mail inválido',
  papelInvalido: 'Escolha o perfil de acesso',
  ativoInvalido: 'Informe se o usuário está ativo',
  senhaCurta: `A senha deve ter pelo menos ${SENHA_MIN} caracteres`,
  senhaLonga: `A senha deve ter no máximo ${SENHA_MAX} caracteres`,
  senhaAtualObrigatoria: 'Informe a senha atual',
  senhaAtualIncorreta: 'A senha atual está incorreta',
  confirmacaoDiferente: 'A confirmação não confere com a nova senha',
  emailDuplicado: 'Já existe um usuário com este e-mail',
  naoEncontrado: 'Usuário não encontrado.',
  ultimoAdmin:
    'É preciso manter pelo menos um administrador ativo: o último não pode ser desativado nem deixar de ser administrador.',
  propriaSenha: 'Para trocar a sua própria senha, use o Perfil (a senha atual é pedida).',
  sessaoNaoEncontrada: 'Sessão não encontrada.',
} as const;
const M = USUARIO_MESSAGES;

const nome = requiredText(M.nomeObrigatorio, 120);
const email = trimmedString({ error: M.emailObrigatorio })
  .min(1, { error: M.emailObrigatorio })
  .max(254, { error: 'Máximo de 254 caracteres' })
  .refine((value) => z.regexes.email.test(value), { error: M.emailInvalido });
const role = z.enum(ROLES, { error: M.papelInvalido });
const senha = z
  .string({ error: M.senhaCurta })
  .min(SENHA_MIN, { error: M.senhaCurta })
  .max(SENHA_MAX, { error: M.senhaLonga });

/** POST /api/usuarios. */
export const usuarioCreateSchema = z.strictObject({ nome, email, role, senha });
export type UsuarioCreate = z.infer<typeof usuarioCreateSchema>;

/** PUT /api/usuarios/{id}: every field, as the edit form holds them. */
export const usuarioUpdateSchema = z.strictObject({
  nome,
  email,
  role,
  ativo: z.boolean({ error: M.ativoInvalido }),
});
export type UsuarioUpdate = z.infer<typeof usuarioUpdateSchema>;

/** POST /api/usuarios/{id}/senha: an administrator sets a new password. */
export const usuarioSenhaSchema = z.strictObject({ senha });
export type UsuarioSenha = z.infer<typeof usuarioSenhaSchema>;

/** One user as the API answers it (never its password hash). */
export const usuarioSchema = z.object({
  id: z.number(),
  nome: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  ativo: z.boolean(),
  /** The user signs in with an authenticator app code too. */
  dois_fatores: z.boolean(),
});
export type Usuario = z.infer<typeof usuarioSchema>;

/** GET /api/usuarios (admin only). */
export const usuarioListSchema = z.array(usuarioSchema);

/**
 * GET /api/usuarios/vendedores: the active users by name, the sellers a report filters by
 * (any signed-in user reads it; nothing but the name).
 */
export const vendedorListSchema = z.array(z.object({ id: z.number(), nome: z.string() }));
export type Vendedor = z.infer<typeof vendedorListSchema>[number];

/** Sort keys of GET /api/usuarios. */
export const USUARIO_SORTS = ['nome', 'email'] as const;
export type UsuarioSort = (typeof USUARIO_SORTS)[number];

/** GET /api/usuarios?q=&sort=&order=&limit=&offset=: `q` searches the name and the e-mail. */
export const usuarioListQuerySchema = listQuerySchema(USUARIO_SORTS);
export type UsuarioListQuery = z.output<typeof usuarioListQuerySchema>;

/** PUT /api/perfil: the signed-in user's own nome and e-mail. */
export const perfilUpdateSchema = z.strictObject({ nome, email });
export type PerfilUpdate = z.infer<typeof perfilUpdateSchema>;

/** POST /api/perfil/senha. */
export const perfilSenhaSchema = z.strictObject({
  senha_atual: z
    .string({ error: M.senhaAtualObrigatoria })
    .min(1, { error: M.senhaAtualObrigatoria })
    .max(SENHA_MAX, { error: M.senhaLonga }),
  nova_senha: senha,
});
export type PerfilSenha = z.infer<typeof perfilSenhaSchema>;

/** The Perfil form: the new password typed twice. */
export const perfilSenhaFormSchema = perfilSenhaSchema
  .extend({ confirmacao: z.string() })
  .refine((value) => value.confirmacao === value.nova_senha, {
    error: M.confirmacaoDiferente,
    path: ['confirmacao'],
  });
export type PerfilSenhaForm = z.infer<typeof perfilSenhaFormSchema>;

/** GET /api/perfil/sessoes: the user's open sessions; `atual` marks the one asking. */
export const sessaoListSchema = z.array(
  z.object({
    id: z.number(),
    created_at: z.string(),
    last_seen_at: z.string(),
    expires_at: z.string(),
    /** The browser that opened it (trimmed to 300 characters) and its IP; null when unknown. */
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
    atual: z.boolean(),
  }),
);
export type Sessao = z.infer<typeof sessaoListSchema>[number];
