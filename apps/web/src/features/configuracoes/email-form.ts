import {
  configuracaoEmailUpdateSchema,
  type ConfiguracaoEmail,
  type ConfiguracaoEmailInput,
  type SegurancaSmtp,
} from '@prumo/shared/emails';
import { errosDoSchema } from '../../lib/form-errors';
import { texto } from '../../lib/form-values';

/**
 * Configurações → E-mail as its inputs hold it: blank texts are '', a blank port null, and the
 * password only what is typed now (the stored one is never answered).
 */
export interface EmailFormValues {
  host: string;
  porta: number | null;
  seguranca: SegurancaSmtp;
  usuario: string;
  /** Blank keeps the stored password. */
  senha: string;
  remetente_nome: string;
  remetente_email: string;
  enviar_nota_automaticamente: boolean;
}

export function emailToFormValues(configuracao: ConfiguracaoEmail): EmailFormValues {
  return {
    host: configuracao.host,
    porta: configuracao.porta,
    seguranca: configuracao.seguranca,
    usuario: texto(configuracao.usuario),
    senha: '',
    remetente_nome: configuracao.remetente_nome,
    remetente_email: configuracao.remetente_email,
    enviar_nota_automaticamente: configuracao.enviar_nota_automaticamente,
  };
}

/**
 * What PUT /api/configuracoes/email receives: the password only when typed, and none kept once
 * the user is cleared (the server is then used without signing in).
 */
export function emailParaEnvio(values: EmailFormValues): ConfiguracaoEmailInput {
  const usuario = values.usuario.trim() || null;
  return {
    host: values.host,
    porta: values.porta as number,
    seguranca: values.seguranca,
    usuario,
    ...(usuario === null ? { senha: null } : values.senha ? { senha: values.senha } : {}),
    remetente_nome: values.remetente_nome,
    remetente_email: values.remetente_email,
    enviar_nota_automaticamente: values.enviar_nota_automaticamente,
  };
}

/** The shared schema's messages on what would be sent, by field. */
export function errosEmail(values: EmailFormValues): Record<string, string> {
  return errosDoSchema(configuracaoEmailUpdateSchema, emailParaEnvio(values));
}
