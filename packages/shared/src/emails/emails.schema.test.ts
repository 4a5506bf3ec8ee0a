import { describe, expect, it } from 'vitest';
import { textoDoEmail } from './emails.rules';
import {
  configuracaoEmailUpdateSchema,
  EMAIL_MENSAGENS,
  enviarPorEmailSchema,
  emailTesteSchema,
} from './emails.schema';

const SERVIDOR = {
  host: 'smtp.empresa.com.br',
  porta: 587,
  seguranca: 'starttls',
  usuario: 'loja@empresa.com.br',
  senha: 'segredo',
  remetente_nome: 'Loja',
  remetente_email: 'loja@empresa.com.br',
  enviar_nota_automaticamente: true,
};

const erros = (resultado: {
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((resultado.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('mail server settings', () => {
  it('takes host names, IPv4 and IPv6 addresses, and refuses anything else with pt-BR messages', () => {
    for (const host of ['smtp.empresa.com.br', 'localhost', '127.0.0.1', '::1', 'mail-1.x.io']) {
      expect(configuracaoEmailUpdateSchema.safeParse({ ...SERVIDOR, host }).success, host).toBe(
        true,
      );
    }
    const resultado = configuracaoEmailUpdateSchema.safeParse({
      ...SERVIDOR,
      host: 'smtp empresa',
      porta: 70000,
      seguranca: 'ssl',
      remetente_nome: '  ',
      remetente_email: 'loja@',
      extra: 1,
    });
    expect(erros(resultado)).toMatchObject({
      host: EMAIL_MENSAGENS.host,
      porta: EMAIL_MENSAGENS.porta,
      seguranca: EMAIL_MENSAGENS.seguranca,
      remetente_nome: EMAIL_MENSAGENS.remetenteNome,
      remetente_email: EMAIL_MENSAGENS.emailInvalido,
    });
  });

  it('keeps a blank user as null and the password as typed', () => {
    const dados = configuracaoEmailUpdateSchema.parse({
      ...SERVIDOR,
      usuario: ' ',
      senha: ' a b ',
    });
    expect(dados).toMatchObject({ usuario: null, senha: ' a b ' });
  });
});

describe('sending by e-mail', () => {
  it('takes an empty body, a blank recipient as the customer’s, and refuses a bad address', () => {
    expect(enviarPorEmailSchema.parse(undefined)).toEqual({ para: null, mensagem: null });
    expect(enviarPorEmailSchema.parse({ para: ' ', mensagem: ' ' })).toEqual({
      para: null,
      mensagem: null,
    });
    expect(enviarPorEmailSchema.parse({ para: ' ana@exemplo.com.br ' }).para).toBe(
      'ana@exemplo.com.br',
    );
    expect(erros(enviarPorEmailSchema.safeParse({ para: 'ana@' }))).toEqual({
      para: EMAIL_MENSAGENS.emailInvalido,
    });
    expect(erros(emailTesteSchema.safeParse({ para: '' }))).toEqual({ para: EMAIL_MENSAGENS.para });
  });

  it('greets the customer, puts the sender’s words first and signs with the company', () => {
    const { assunto, corpo } = textoDoEmail({
      documento: 'Orçamento nº 000012',
      documentoComArtigo: 'o orçamento nº 000012',
      destinatario: 'Maria',
      mensagem: 'Conforme combinamos.',
      empresa: { nome: 'Loja Prumo', telefone: '(11) 3000-0000', email: 'loja@prumo.com.br' },
    });
    expect(assunto).toBe('Orçamento nº 000012 — Loja Prumo');
    expect(corpo).toBe(
      'Olá, Maria!\n\nConforme combinamos.\n\nSegue em anexo o orçamento nº 000012.\n\n' +
        'Atenciosamente,\nLoja Prumo\n(11) 3000-0000 · loja@prumo.com.br',
    );
    expect(
      textoDoEmail({ documento: 'x'.repeat(300), documentoComArtigo: 'x', empresa: { nome: 'L' } })
        .assunto,
    ).toHaveLength(200);
  });
});
