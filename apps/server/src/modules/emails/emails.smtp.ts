// The mail server's client: nodemailer's SMTP transport (loaded with the first e-mail, so a start
// does not load it) and what its errors mean, in pt-BR.
import { isIP } from 'node:net';
import type { Transporter } from 'nodemailer';
import type { SegurancaSmtp } from '@prumo/shared/emails';

export interface ServidorSmtp {
  host: string;
  porta: number;
  seguranca: SegurancaSmtp;
  usuario: string | null;
  senha: string | null;
}

/** A failure that says itself in pt-BR (the mail server's own answer is added by mensagemDoErro). */
export class ErroEmail extends Error {}

/** A host on this machine: the only ones EMAIL_SOMENTE_LOCAL (tests) lets the client reach. */
function local(host: string): boolean {
  const nome = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (nome === 'localhost' || nome === '::1') return true;
  return isIP(nome) === 4 && nome.startsWith('127.');
}

/**
 * A transport to the company's server. STARTTLS is required on 587, TLS from the start on 465;
 * certificates are checked. Timeouts short enough that a silent server fails the attempt (the
 * outbox tries again later) instead of holding it.
 */
export async function transporteSmtp(
  servidor: ServidorSmtp,
  somenteLocal: boolean,
): Promise<Transporter> {
  if (somenteLocal && !local(servidor.host)) {
    throw new ErroEmail(
      `Este servidor só envia e-mails a um servidor local (EMAIL_SOMENTE_LOCAL): ${servidor.host} recusado`,
    );
  }
  const nodemailer = (await import('nodemailer')).default;
  return nodemailer.createTransport({
    host: servidor.host,
    port: servidor.porta,
    secure: servidor.seguranca === 'tls',
    requireTLS: servidor.seguranca === 'starttls',
    ignoreTLS: servidor.seguranca === 'nenhuma',
    ...(servidor.usuario ? { auth: { user: servidor.usuario, pass: servidor.senha ?? '' } } : {}),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    dnsTimeout: 10_000,
  });
}

interface ErroSmtp {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

const POR_CODIGO: Record<string, string> = {
  EAUTH: 'O servidor de e-mail recusou o usuário ou a senha',
  ECONNECTION: 'Não foi possível conectar ao servidor de e-mail',
  ETIMEDOUT: 'O servidor de e-mail não respondeu a tempo',
  EDNS: 'Servidor de e-mail não encontrado',
  ETLS: 'Falha na conexão segura (TLS) com o servidor de e-mail',
  ESOCKET: 'A conexão com o servidor de e-mail falhou',
  EENVELOPE: 'O servidor de e-mail recusou o remetente ou o destinatário',
  EMESSAGE: 'O servidor de e-mail recusou a mensagem',
  EPROTOCOL: 'O servidor de e-mail respondeu fora do protocolo SMTP',
};

/** What went wrong, in pt-BR, with the mail server's own answer when it gave one. */
export function mensagemDoErro(erro: unknown): string {
  if (erro instanceof ErroEmail) return erro.message;
  const smtp = (erro ?? {}) as ErroSmtp;
  const texto = (smtp.code && POR_CODIGO[smtp.code]) ?? 'Falha ao enviar o e-mail';
  const resposta = (smtp.response ?? smtp.message ?? '').trim().slice(0, 300);
  return resposta ? `${texto} (${resposta})` : texto;
}

/**
 * A refusal that trying again will not change: the server answered 5xx to the recipient or the
 * message. A refused password or an unreachable server may be fixed meanwhile: those are retried.
 */
export function falhaDefinitiva(erro: unknown): boolean {
  const smtp = (erro ?? {}) as ErroSmtp;
  return (smtp.code === 'EENVELOPE' || smtp.code === 'EMESSAGE') && (smtp.responseCode ?? 0) >= 500;
}
