// The national NFS-e issuer's API (Sefin Nacional, research/fiscal.md section 5): REST with JSON,
// the documents gzipped and in base64, over mutual TLS with the company's A1. What a failure
// means for the caller is in the error's class: SefinRecusa (answered: the document is wrong,
// with the national codes), SefinIndisponivel (nothing was processed: try later), SefinSemResposta
// (sent, fate unknown: query the DPS's id before sending it again).
import https from 'node:https';
import tls from 'node:tls';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CertificadoPem } from '../nfe/nfe-dados';

/** The national issuer's addresses: produção, and produção restrita (its homologação). */
export const URLS_SEFIN: Record<1 | 2, string> = {
  1: 'https://sefin.nfse.gov.br/SefinNacional',
  2: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
};

export class SefinErro extends Error {}
/** Nothing reached the issuer, or it said it is down: nothing was processed. */
export class SefinIndisponivel extends SefinErro {}
/** Sent, and no (readable) answer: the DPS may have become an NFS-e. */
export class SefinSemResposta extends SefinErro {}

/** One error of the national list: code, description and, when given, the detail. */
export interface ErroSefin {
  codigo: string;
  descricao: string;
  complemento?: string;
}

/** The issuer answered and refused: what was wrong, in its codes. */
export class SefinRecusa extends SefinErro {
  constructor(
    readonly status: number,
    readonly erros: ErroSefin[],
  ) {
    super(
      erros.length
        ? erros
            .map((e) => `${e.codigo}: ${e.descricao}${e.complemento ? ` (${e.complemento})` : ''}`)
            .join('; ')
        : `O emissor nacional recusou o pedido (HTTP ${status})`,
    );
  }
}

/** gzip + base64, as the API carries documents. */
export const empacotar = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
export const desempacotar = (b64: string) =>
  gunzipSync(Buffer.from(b64, 'base64')).toString('utf8');

export interface OpcoesSefinClient {
  tpAmb: 1 | 2;
  certificado: CertificadoPem;
  /** Roots trusted besides Node's (the simulation's CA). */
  ca?: string[];
  timeoutMs?: number;
  /** Replaces the official address (the simulation's). */
  url?: string;
}

interface Resposta {
  status: number;
  corpo: Record<string, unknown> | null;
}

/** An NFS-e the issuer generated: its key and the signed XML. */
export interface NfseEmitida {
  chave: string;
  xml: string;
  idDps: string;
}

export class SefinClient {
  private readonly agente: https.Agent;
  private readonly url: string;
  private readonly timeoutMs: number;

  constructor(opcoes: OpcoesSefinClient) {
    this.url = opcoes.url ?? URLS_SEFIN[opcoes.tpAmb];
    this.timeoutMs = opcoes.timeoutMs ?? 15_000;
    this.agente = new https.Agent({
      keepAlive: true,
      maxSockets: 4,
      key: opcoes.certificado.chavePrivadaPem,
      cert: [opcoes.certificado.certificadoPem, ...opcoes.certificado.cadeiaPem].join('\n'),
      ca: opcoes.ca?.length ? [...tls.rootCertificates, ...opcoes.ca] : undefined,
      minVersion: 'TLSv1.2',
    });
  }

  fechar(): void {
    this.agente.destroy();
  }

  /** POST /nfse: the signed DPS; answers the NFS-e. */
  async emitir(dpsAssinada: string): Promise<NfseEmitida> {
    const { status, corpo } = await this.pedir('POST', '/nfse', {
      dpsXmlGZipB64: empacotar(dpsAssinada),
    });
    if (status !== 200 && status !== 201) throw recusa(status, corpo);
    return {
      chave: String(corpo?.chaveAcesso ?? ''),
      xml: desempacotar(String(corpo?.nfseXmlGZipB64 ?? '')),
      idDps: String(corpo?.idDps ?? ''),
    };
  }

  /** GET /dps/{id}: the key of the NFS-e a DPS became, or null when it became none. */
  async chaveDaDps(idDps: string): Promise<string | null> {
    const { status, corpo } = await this.pedir('GET', `/dps/${encodeURIComponent(idDps)}`);
    if (status === 404) return null;
    if (status !== 200) throw recusa(status, corpo);
    return String(corpo?.chaveAcesso ?? '') || null;
  }

  /** GET /nfse/{chave}: the NFS-e's XML, or null when the key is unknown. */
  async consultarNfse(chave: string): Promise<string | null> {
    const { status, corpo } = await this.pedir('GET', `/nfse/${encodeURIComponent(chave)}`);
    if (status === 404) return null;
    if (status !== 200) throw recusa(status, corpo);
    return desempacotar(String(corpo?.nfseXmlGZipB64 ?? ''));
  }

  /** POST /nfse/{chave}/eventos: a signed event request; answers the registered event's XML. */
  async registrarEvento(chave: string, pedidoAssinado: string): Promise<string> {
    const { status, corpo } = await this.pedir(
      'POST',
      `/nfse/${encodeURIComponent(chave)}/eventos`,
      {
        pedidoRegistroEventoXmlGZipB64: empacotar(pedidoAssinado),
      },
    );
    if (status !== 200 && status !== 201) throw recusa(status, corpo);
    return desempacotar(String(corpo?.eventoXmlGZipB64 ?? ''));
  }

  private pedir(metodo: 'GET' | 'POST', caminho: string, json?: unknown): Promise<Resposta> {
    const corpo = json === undefined ? undefined : JSON.stringify(json);
    const segundos = Math.ceil(this.timeoutMs / 1000);
    return new Promise((resolve, reject) => {
      let conectado = false;
      const falhar = (erro: Error) => {
        clearTimeout(limite);
        pedido.destroy();
        reject(erro instanceof SefinErro ? erro : classificar(erro, conectado));
      };
      const pedido = https.request(
        `${this.url}${caminho}`,
        {
          method: metodo,
          agent: this.agente,
          headers: {
            Accept: 'application/json',
            ...(corpo
              ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(corpo) }
              : {}),
          },
        },
        (resposta) => {
          const partes: Buffer[] = [];
          resposta.on('data', (parte: Buffer) => partes.push(parte));
          resposta.on('error', falhar);
          resposta.on('end', () => {
            clearTimeout(limite);
            const status = resposta.statusCode ?? 0;
            if (status >= 500) {
              return reject(
                new SefinIndisponivel(`O emissor nacional está indisponível (HTTP ${status}).`),
              );
            }
            const texto = Buffer.concat(partes).toString('utf8');
            try {
              resolve({
                status,
                corpo: texto ? (JSON.parse(texto) as Record<string, unknown>) : null,
              });
            } catch {
              reject(
                metodo === 'POST'
                  ? new SefinSemResposta(
                      'O emissor nacional deu uma resposta ilegível. Consulte antes de reenviar.',
                    )
                  : new SefinIndisponivel('O emissor nacional deu uma resposta ilegível.'),
              );
            }
          });
        },
      );
      const limite = setTimeout(
        () =>
          falhar(
            conectado && metodo === 'POST'
              ? new SefinSemResposta(
                  `O emissor nacional não respondeu em ${segundos} s. O pedido pode ter chegado: consulte antes de reenviar.`,
                )
              : new SefinIndisponivel(`O emissor nacional não respondeu em ${segundos} s.`),
          ),
        this.timeoutMs,
      );
      pedido.on('socket', (socket) => {
        const tlsSocket = socket as tls.TLSSocket;
        if (!tlsSocket.connecting && tlsSocket.encrypted) conectado = true;
        else tlsSocket.once('secureConnect', () => (conectado = true));
      });
      pedido.on('error', falhar);
      pedido.end(corpo);
    });
  }
}

function recusa(status: number, corpo: Record<string, unknown> | null): SefinRecusa {
  const lista = Array.isArray(corpo?.erros) ? (corpo.erros as Array<Record<string, unknown>>) : [];
  return new SefinRecusa(
    status,
    lista.map((erro) => ({
      codigo: String(erro.Codigo ?? erro.codigo ?? ''),
      descricao: String(erro.Descricao ?? erro.descricao ?? ''),
      complemento:
        erro.Complemento || erro.complemento
          ? String(erro.Complemento ?? erro.complemento)
          : undefined,
    })),
  );
}

/** A network or TLS error as the caller must act on it. */
function classificar(erro: NodeJS.ErrnoException, conectado: boolean): SefinErro {
  const codigo = erro.code ?? erro.message;
  if (/^ERR_SSL|CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS/i.test(codigo) || /alert/i.test(erro.message)) {
    return new SefinIndisponivel(
      `A conexão segura com o emissor nacional falhou (${codigo}). Verifique o certificado A1.`,
    );
  }
  return conectado
    ? new SefinSemResposta(
        `A conexão com o emissor nacional caiu antes da resposta (${codigo}). Consulte antes de reenviar.`,
      )
    : new SefinIndisponivel(`O emissor nacional está indisponível (${codigo}).`);
}
