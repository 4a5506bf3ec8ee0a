import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A mail server on this machine for the tests (the `smtp-server` package): it takes what the
 * outbox sends, optionally asks for a user and password, refuses recipients when told to, and
 * keeps every message it received, read back into headers, text and attachments.
 */

export interface AnexoRecebido {
  nome: string;
  tipo: string;
  conteudo: Buffer;
}

export interface EmailRecebido {
  de: string;
  para: string[];
  assunto: string;
  messageId: string;
  texto: string;
  anexos: AnexoRecebido[];
}

export interface SmtpTeste {
  porta: number;
  recebidos: EmailRecebido[];
  /** From now on RCPT TO is answered with this code (451: try later; 550: refused), or accepted. */
  recusar(codigo: number | null): void;
  parar(): Promise<void>;
}

export async function iniciarSmtpTeste(
  credenciais: { usuario: string; senha: string } | null = null,
): Promise<SmtpTeste> {
  const recebidos: EmailRecebido[] = [];
  let recusa: number | null = null;
  const servidor = new SMTPServer({
    // Plain text on the loopback: the client is set to 'nenhuma' (no STARTTLS).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: credenciais === null,
    logger: false,
    onAuth(auth, _session, callback) {
      if (
        credenciais &&
        auth.username === credenciais.usuario &&
        auth.password === credenciais.senha
      ) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('5.7.8 Authentication credentials invalid'));
      }
    },
    onRcptTo(_address, _session, callback) {
      if (recusa === null) return callback();
      const erro = Object.assign(new Error(`Recusado pelo teste (${recusa})`), {
        responseCode: recusa,
      });
      callback(erro);
    },
    onData(stream, session, callback) {
      const partes: Buffer[] = [];
      stream.on('data', (parte: Buffer) => partes.push(parte));
      stream.on('end', () => {
        const mensagem = lerMensagem(Buffer.concat(partes).toString('latin1'));
        recebidos.push({
          de: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          para: session.envelope.rcptTo.map((endereco) => endereco.address),
          ...mensagem,
        });
        callback();
      });
    },
  });
  // A sender that dies mid-conversation (the crash test kills the server while its outbox sends)
  // resets the connection: that message was not received, and the error, emitted by the server,
  // must not end the test process as an uncaught exception.
  servidor.on('error', () => undefined);
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const porta = (servidor.server.address() as AddressInfo).port;
  return {
    porta,
    recebidos,
    recusar(codigo) {
      recusa = codigo;
    },
    parar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading a message back (RFC 5322 headers, RFC 2047 words, RFC 2231 parameters, MIME parts).

type Cabecalhos = Map<string, string>;

function separar(bruto: string): { cabecalhos: Cabecalhos; corpo: string } {
  const fim = bruto.indexOf('\r\n\r\n');
  const topo = fim < 0 ? bruto : bruto.slice(0, fim);
  const cabecalhos: Cabecalhos = new Map();
  for (const linha of topo.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const doisPontos = linha.indexOf(':');
    if (doisPontos > 0) {
      cabecalhos.set(
        linha.slice(0, doisPontos).trim().toLowerCase(),
        linha.slice(doisPontos + 1).trim(),
      );
    }
  }
  return { cabecalhos, corpo: fim < 0 ? '' : bruto.slice(fim + 4) };
}

/** Bytes of a quoted-printable text (Q words use _ for a space). */
function quotedPrintable(texto: string, palavra = false): Buffer {
  const limpo = (palavra ? texto.replace(/_/g, ' ') : texto).replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < limpo.length; i++) {
    const hex = limpo.slice(i + 1, i + 3);
    if (limpo[i] === '=' && /^[\dA-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(limpo.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

/** "=?UTF-8?Q?Or=C3=A7amento?=" and its neighbours as the text they encode. */
function palavras(valor: string): string {
  const partes: Buffer[] = [];
  const juntas = valor.replace(/\?=\s+=\?/g, '?==?');
  let resto = 0;
  for (const m of juntas.matchAll(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi)) {
    partes.push(Buffer.from(juntas.slice(resto, m.index), 'latin1'));
    partes.push(
      m[1]!.toUpperCase() === 'B' ? Buffer.from(m[2]!, 'base64') : quotedPrintable(m[2]!, true),
    );
    resto = m.index + m[0].length;
  }
  partes.push(Buffer.from(juntas.slice(resto), 'latin1'));
  return Buffer.concat(partes).toString('utf8');
}

/** A header parameter (boundary, filename), also when split in RFC 2231 pieces. */
function parametro(valor: string | undefined, nome: string): string | undefined {
  if (!valor) return undefined;
  const simples = new RegExp(`;\\s*${nome}="?([^";]+)"?`, 'i').exec(valor);
  if (simples) return palavras(simples[1]!);
  const pedacos = [...valor.matchAll(new RegExp(`;\\s*${nome}\\*(\\d*)(\\*?)="?([^";]*)"?`, 'gi'))]
    .sort((a, b) => Number(a[1] || 0) - Number(b[1] || 0))
    .map((m) => (m[2] ? decodeURIComponent(m[3]!.replace(/^[\w-]*'[\w-]*'/, '')) : m[3]!));
  return pedacos.length ? pedacos.join('') : undefined;
}

function decodificar(corpo: string, codificacao: string | undefined): Buffer {
  const tipo = codificacao?.toLowerCase();
  if (tipo === 'base64') return Buffer.from(corpo.replace(/\s/g, ''), 'base64');
  if (tipo === 'quoted-printable') return quotedPrintable(corpo);
  return Buffer.from(corpo, 'latin1');
}

function lerMensagem(bruto: string): Omit<EmailRecebido, 'de' | 'para'> {
  const { cabecalhos } = separar(bruto);
  const anexos: AnexoRecebido[] = [];
  let texto = '';
  const lerParte = (parte: string) => {
    const { cabecalhos: h, corpo } = separar(parte);
    const tipo = h.get('content-type') ?? 'text/plain';
    const fronteira = parametro(tipo, 'boundary');
    if (fronteira) {
      for (const filha of corpo.split(`--${fronteira}`).slice(1, -1))
        lerParte(filha.replace(/^\r\n/, ''));
      return;
    }
    const conteudo = decodificar(corpo.replace(/\r\n$/, ''), h.get('content-transfer-encoding'));
    const nome = parametro(h.get('content-disposition'), 'filename') ?? parametro(tipo, 'name');
    if (nome) anexos.push({ nome, tipo: tipo.split(';')[0]!.trim(), conteudo });
    else texto += conteudo.toString('utf8').replace(/\r\n/g, '\n');
  };
  lerParte(bruto);
  return {
    assunto: palavras(cabecalhos.get('subject') ?? ''),
    messageId: cabecalhos.get('message-id') ?? '',
    texto,
    anexos,
  };
}
