import { describe, expect, it } from 'vitest';
import {
  perfilSenhaFormSchema,
  usuarioCreateSchema,
  usuarioUpdateSchema,
  USUARIO_MESSAGES,
} from './usuario.schema';

const messages = (result: {
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('usuario schemas', () => {
  it('trims and accepts a new user; refuses a short password, a bad e-mail and a role not known', () => {
    const ok = usuarioCreateSchema.parse({
      nome: '  Bia ',
      email: ' bia@empresa.com.br ',
      role: 'manager',
      senha: '12345678',
    });
    expect(ok).toEqual({
      nome: 'Bia',
      email: 'bia@empresa.com.br',
      role: 'manager',
      senha: '12345678',
    });
    const bad = usuarioCreateSchema.safeParse({
      nome: '',
      email: 'x',
      role: 'dono',
      senha: '1234567',
    });
    expect(messages(bad)).toEqual({
      nome: USUARIO_MESSAGES.nomeObrigatorio,
      email: USUARIO_MESSAGES.emailInvalido,
      role: USUARIO_MESSAGES.papelInvalido,
      senha: USUARIO_MESSAGES.senhaCurta,
    });
  });

  it('requires ativo on an update and never takes a password there', () => {
    const base = { nome: 'Bia', email: 'bia@empresa.com.br', role: 'user' };
    expect(messages(usuarioUpdateSchema.safeParse(base))).toEqual({
      ativo: USUARIO_MESSAGES.ativoInvalido,
    });
    expect(usuarioUpdateSchema.safeParse({ ...base, ativo: true, senha: '12345678' }).success).toBe(
      false,
    );
  });

  it('asks the new password twice on the Perfil form', () => {
    const form = { senha_atual: 'antiga', nova_senha: 'nova-senha', confirmacao: 'outra-coisa' };
    expect(messages(perfilSenhaFormSchema.safeParse(form))).toEqual({
      confirmacao: USUARIO_MESSAGES.confirmacaoDiferente,
    });
    expect(perfilSenhaFormSchema.safeParse({ ...form, confirmacao: 'nova-senha' }).success).toBe(
      true,
    );
  });
});
