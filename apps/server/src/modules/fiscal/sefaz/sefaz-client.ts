// The SEFAZ client: SOAP 1.2 over mutual TLS with the company's A1, one keep-alive connection
// pool per client. Every message is validated against its official schema before it leaves: a
// message that fails the schema is never sent.
//
// Trust: SEFAZ servers present certificates of the ICP-Brasil chain, which Node's bundled CA
// store does not hold. `ca` adds roots to Node's (it does not replace them): for production and
// homologação, the ICP-Brasil root and intermediate certificates published by the ITI
// (https://www.gov.br/iti → Repositório → ACcompactado.zip), as PEM or DER files read with
// `lerCertificadosCa(pasta)`; for the ambiente de simulação, the simulator's CA.
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import type { Element } from '@xmldom/xmldom';
import { DEFAULT_TIME_ZONE } from '@prumo/shared/dates';
import { FISCAL_MENSAGENS, type ModeloFiscal } from '@prumo/shared/fiscal';
import { validarXml, type EsquemaNfe } from '../nfe/esquemas';
import type { CertificadoPem } from '../nfe/nfe-dados';
import {
  codigoUf,
  consReciNFe,
  consSitNFe,
  consStatServ,
  envEvento,
  eventoCancelamento,
  eventoCartaCorrecao,
  enviNFe,
  inutNFe,
  montarProcEvento,
} from './mensagens';
import { urlsSefaz, type ServicoSefaz, type TpAmb, type UrlsSefaz } from './sefaz-urls';
import {
  envelopeSoap,
  FalhaSoap,
  filhos,
  lerEnvelopeSoap,
  primeiroFilho,
  serializar,
  textoFilho,
  tipoConteudoSoap,
} from './soap';

/** Answer codes the callers act on (Manual de Orientação do Contribuinte, tabela de códigos). */
export const CSTAT = {
  autorizada: 100,
  cancelada: 101,
  inutilizacaoHomologada: 102,
  loteRecebido: 103,
  loteProcessado: 104,
  loteEmProcessamento: 105,
  emOperacao: 107,
  paralisadaMomentaneamente: 108,
  paralisadaSemPrevisao: 109,
  loteEventoProcessado: 128,
  eventoRegistrado: 135,
  autorizadaForaDePrazo: 150,
  eventoRegistradoSemVinculo: 155,
  duplicidade: 204,
  naoConsta: 217,
  eventoDuplicado: 573,
} as const;

export class SefazErro extends Error {}

/** No answer within the time limit: the request may or may not have reached SEFAZ. */
export class SefazSemResposta extends SefazErro {}

/** SEFAZ could not be reached or refused the connection (nothing was processed). */
export class SefazIndisponivel extends SefazErro {}

/** The message failed its schema and was not sent. */
export class SefazMensagemInvalida extends SefazErro {
  constructor(readonly erros: string[]) {
    super(FISCAL_MENSAGENS.esquema(erros[0] ?? 'erro desconhecido'));
  }
}

export interface ProtocoloNfe {
  cStat: number;
  xMotivo: string;
  chNFe: string;
  /** Only when authorized (or denied). */
  nProt: string | null;
  dhRecbto: string;
  digVal: string | null;
  /** The protNFe element as received, for the nfeProc (montarNfeProc). */
  xml: string;
}

export interface RetornoStatus {
  cStat: number;
  xMotivo: string;
  /** Average answer time, in seconds. */
  tMed: number | null;
  dhRecbto: string;
  xObs: string | null;
  xml: string;
}

export interface RetornoAutorizacao {
  /** The batch's: 104 processed (the note's result is in protNFe), or a refusal of the batch. */
  cStat: number;
  xMotivo: string;
  dhRecbto: string;
  /** The receipt, when SEFAZ answered 103 and the result came from NFeRetAutorizacao4. */
  nRec: string | null;
  protNFe: ProtocoloNfe | null;
  /** SEFAZ's answer (retEnviNFe or retConsReciNFe), for the note's history. */
  xml: string;
}

export interface RetornoRecibo {
  cStat: number;
  xMotivo: string;
  nRec: string;
  protocolos: ProtocoloNfe[];
  xml: string;
}

export interface RetornoConsulta {
  /** 100 authorized, 101 cancelled, 217 unknown to SEFAZ, … */
  cStat: number;
  xMotivo: string;
  chNFe: string;
  protNFe: ProtocoloNfe | null;
  /** The events registered on the note (its procEventoNFe elements). */
  eventos: EventoConsultado[];
  xml: string;
}

/** A registered event as the protocol query answers it. */
export interface EventoConsultado {
  tpEvento: string;
  nSeqEvento: number;
  /** The justification (xJust) or the correction (xCorrecao) the event carries. */
  texto: string | null;
  cStat: number;
  xMotivo: string;
  nProt: string | null;
  dhRegEvento: string | null;
  /** The procEventoNFe as received. */
  xml: string;
}

export interface PedidoInutilizar {
  modelo: ModeloFiscal;
  serie: number;
  inicio: number;
  fim: number;
  justificativa: string;
  ano: number;
  cnpj: string;
}

export interface RetornoInutilizacao {
  cStat: number;
  xMotivo: string;
  nProt: string | null;
  dhRecbto: string;
  /** The signed inutNFe sent and the retInutNFe received. */
  xmlPedido: string;
  xml: string;
}

export interface PedidoCancelar {
  chave: string;
  protocolo: string;
  justificativa: string;
  cnpj: string;
  dhEvento?: Date;
  nSeqEvento?: number;
}

export interface PedidoCorrigir {
  chave: string;
  correcao: string;
  /** 1 to 20: one more than the note's last registered correction. */
  nSeqEvento: number;
  cnpj: string;
  dhEvento?: Date;
}

export interface RetornoEvento {
  /** The batch's (128 processed). */
  cStat: number;
  xMotivo: string;
  /** The event's own result: 135 registered, 155 registered out of time, 573 duplicate, … */
  evento: {
    cStat: number;
    xMotivo: string;
    nProt: string | null;
    dhRegEvento: string | null;
  } | null;
  /** The signed evento sent. */
  xmlEvento: string;
  /** The procEventoNFe to keep when the event was registered (135/155), else null. */
  procEvento: string | null;
  xml: string;
}

export interface OpcoesSefazClient {
  /** The company's UF: it picks the authorizer (its own, SVRS or SVAN). */
  uf: string;
  tpAmb: TpAmb;
  certificado: CertificadoPem;
  /** Roots trusted besides Node's: the ICP-Brasil chain, or the simulator's CA. */
  ca?: string[];
  /** No answer within this time: SefazSemResposta. */
  timeoutMs?: number;
  /** Replaces the official table (the simulator serves every service of every UF). */
  urls?: UrlsSefaz;
  /** dhEvento's clock. */
  timeZone?: string;
}

/** Most SEFAZ close an idle connection within a minute: drop ours first. */
const OCIOSO_MS = 20_000;
/** An answer 103 (batch received) is followed by at most this many receipt queries. */
const CONSULTAS_DE_RECIBO = 5;

export class SefazClient {
  private readonly agente: https.Agent;
  private readonly timeoutMs: number;
  private readonly cUF: number;

  constructor(private readonly opcoes: OpcoesSefazClient) {
    this.cUF = codigoUf(opcoes.uf);
    this.timeoutMs = opcoes.timeoutMs ?? 15_000;
    const { certificado } = opcoes;
    this.agente = new https.Agent({
      keepAlive: true,
      timeout: OCIOSO_MS,
      maxSockets: 4,
      key: certificado.chavePrivadaPem,
      // The chain goes with the certificate: some SEFAZ do not know the intermediate CAs.
      cert: [certificado.certificadoPem, ...certificado.cadeiaPem].join('\n'),
      ca: opcoes.ca?.length ? [...tls.rootCertificates, ...opcoes.ca] : undefined,
      minVersion: 'TLSv1.2',
    });
  }

  /** Closes the pooled connections. */
  fechar(): void {
    this.agente.destroy();
  }

  async statusServico(modelo: ModeloFiscal = 55): Promise<RetornoStatus> {
    const mensagem = consStatServ({ tpAmb: this.opcoes.tpAmb, cUF: this.cUF });
    const ret = await this.enviar('NFeStatusServico4', modelo, mensagem, 'consStatServ');
    const tMed = textoFilho(ret, 'tMed');
    return {
      ...situacao(ret),
      tMed: tMed === null ? null : Number(tMed),
      dhRecbto: textoFilho(ret, 'dhRecbto') ?? '',
      xObs: textoFilho(ret, 'xObs'),
      xml: serializar(ret),
    };
  }

  /**
   * Sends one signed note (enviNFe, indSinc 1). SEFAZ answers 104 with the note's protNFe (100
   * authorized, or a rejection), or refuses the batch (protNFe null). An authorizer that still
   * answers 103 (received) is asked for the receipt's result.
   */
  async autorizar(xmlAssinado: string, idLote: string): Promise<RetornoAutorizacao> {
    const modelo = modeloDoXml(xmlAssinado);
    const ret = await this.enviar(
      'NFeAutorizacao4',
      modelo,
      enviNFe(xmlAssinado, idLote),
      'enviNFe',
    );
    const { cStat, xMotivo } = situacao(ret);
    const dhRecbto = textoFilho(ret, 'dhRecbto') ?? '';
    if (cStat !== CSTAT.loteRecebido) {
      const prot = primeiroFilho(ret, 'protNFe');
      return {
        cStat,
        xMotivo,
        dhRecbto,
        nRec: null,
        protNFe: prot ? lerProtocolo(prot) : null,
        xml: serializar(ret),
      };
    }
    const infRec = primeiroFilho(ret, 'infRec');
    const nRec = infRec ? textoFilho(infRec, 'nRec') : null;
    if (!nRec) throw new SefazErro('A SEFAZ recebeu o lote mas não informou o recibo');
    const espera = Math.min(Math.max(Number(textoFilho(infRec!, 'tMed') ?? 1) * 1000, 250), 5000);
    for (let tentativa = 0; tentativa < CONSULTAS_DE_RECIBO; tentativa++) {
      await new Promise((pronto) => setTimeout(pronto, espera));
      const recibo = await this.consultarRecibo(nRec, modelo);
      if (recibo.cStat !== CSTAT.loteEmProcessamento) {
        return {
          cStat: recibo.cStat,
          xMotivo: recibo.xMotivo,
          dhRecbto,
          nRec,
          protNFe: recibo.protocolos[0] ?? null,
          xml: recibo.xml,
        };
      }
    }
    throw new SefazSemResposta(
      `A SEFAZ ainda processa o lote (recibo ${nRec}). Consulte a nota antes de reenviar.`,
    );
  }

  /** NFeRetAutorizacao4: the result of a batch answered with a receipt. */
  async consultarRecibo(nRec: string, modelo: ModeloFiscal = 55): Promise<RetornoRecibo> {
    const mensagem = consReciNFe({ tpAmb: this.opcoes.tpAmb, nRec });
    const ret = await this.enviar('NFeRetAutorizacao4', modelo, mensagem, 'consReciNFe');
    return {
      ...situacao(ret),
      nRec,
      protocolos: filhos(ret, 'protNFe').map(lerProtocolo),
      xml: serializar(ret),
    };
  }

  /** NFeConsultaProtocolo4: asked before resending a note whose sending got no answer. */
  async consultarProtocolo(chave: string): Promise<RetornoConsulta> {
    const mensagem = consSitNFe({ tpAmb: this.opcoes.tpAmb, chave });
    const ret = await this.enviar(
      'NFeConsultaProtocolo4',
      modeloDaChave(chave),
      mensagem,
      'consSitNFe',
    );
    const prot = primeiroFilho(ret, 'protNFe');
    return {
      ...situacao(ret),
      chNFe: textoFilho(ret, 'chNFe') ?? chave,
      protNFe: prot ? lerProtocolo(prot) : null,
      eventos: filhos(ret, 'procEventoNFe').flatMap(lerProcEvento),
      xml: serializar(ret),
    };
  }

  /** NFeInutilizacao4: numbers of a série that will not be used (102 homologated). */
  async inutilizar(pedido: PedidoInutilizar): Promise<RetornoInutilizacao> {
    const xmlPedido = inutNFe(
      { ...pedido, tpAmb: this.opcoes.tpAmb, cUF: this.cUF },
      this.opcoes.certificado,
    );
    const ret = await this.enviar('NFeInutilizacao4', pedido.modelo, xmlPedido, 'inutNFe');
    const inf = primeiroFilho(ret, 'infInut') ?? ret;
    return {
      ...situacao(inf),
      nProt: textoFilho(inf, 'nProt'),
      dhRecbto: textoFilho(inf, 'dhRecbto') ?? '',
      xmlPedido,
      xml: serializar(ret),
    };
  }

  /** NFeRecepcaoEvento4 with the cancellation event (110111) of an authorized note. */
  cancelar(pedido: PedidoCancelar): Promise<RetornoEvento> {
    const xmlEvento = eventoCancelamento(
      { ...pedido, ...this.autorDoEvento(pedido.dhEvento) },
      this.opcoes.certificado,
    );
    return this.registrarEvento(pedido.chave, xmlEvento, 'envEventoCancNFe');
  }

  /** NFeRecepcaoEvento4 with a correction letter (110110, CC-e) of an authorized NF-e. */
  corrigir(pedido: PedidoCorrigir): Promise<RetornoEvento> {
    const xmlEvento = eventoCartaCorrecao(
      { ...pedido, ...this.autorDoEvento(pedido.dhEvento) },
      this.opcoes.certificado,
    );
    return this.registrarEvento(pedido.chave, xmlEvento, 'envCCe');
  }

  private autorDoEvento(dhEvento: Date | undefined) {
    return {
      tpAmb: this.opcoes.tpAmb,
      dhEvento: dhEvento ?? new Date(),
      timeZone: this.opcoes.timeZone ?? DEFAULT_TIME_ZONE,
    };
  }

  /** Sends one signed event; its procEventoNFe is built when SEFAZ registered it (135/155). */
  private async registrarEvento(
    chave: string,
    xmlEvento: string,
    esquema: EsquemaNfe,
  ): Promise<RetornoEvento> {
    const idLote = String(Date.now()).slice(-15);
    const ret = await this.enviar(
      'NFeRecepcaoEvento4',
      modeloDaChave(chave),
      envEvento([xmlEvento], idLote),
      esquema,
    );
    const retEvento = primeiroFilho(ret, 'retEvento');
    const inf = retEvento ? primeiroFilho(retEvento, 'infEvento') : undefined;
    const evento = inf
      ? {
          ...situacao(inf),
          nProt: textoFilho(inf, 'nProt'),
          dhRegEvento: textoFilho(inf, 'dhRegEvento'),
        }
      : null;
    const registrado =
      evento?.cStat === CSTAT.eventoRegistrado ||
      evento?.cStat === CSTAT.eventoRegistradoSemVinculo;
    return {
      ...situacao(ret),
      evento,
      xmlEvento,
      procEvento:
        registrado && retEvento ? montarProcEvento(xmlEvento, serializar(retEvento)) : null,
      xml: serializar(ret),
    };
  }

  private async enviar(
    servico: ServicoSefaz,
    modelo: ModeloFiscal,
    mensagem: string,
    esquema: EsquemaNfe,
  ): Promise<Element> {
    const validacao = await validarXml(mensagem, esquema);
    if (!validacao.valido) throw new SefazMensagemInvalida(validacao.erros);
    const url = (this.opcoes.urls ?? urlsSefaz(this.opcoes.uf, modelo, this.opcoes.tpAmb))[servico];
    const resposta = await this.postar(url, servico, envelopeSoap(servico, mensagem));
    try {
      return lerEnvelopeSoap(resposta, 'nfeResultMsg');
    } catch (erro) {
      // Sent and answered with something unreadable: whether it was processed is unknown.
      throw new SefazSemResposta(
        `A SEFAZ deu uma resposta ilegível (${erro instanceof FalhaSoap ? erro.message : String(erro)}). Consulte antes de reenviar.`,
      );
    }
  }

  private postar(url: string, servico: ServicoSefaz, corpo: string): Promise<string> {
    const segundos = Math.ceil(this.timeoutMs / 1000);
    return new Promise((resolve, reject) => {
      // Once the TLS session is up and the request written, a failure leaves its fate unknown.
      let conectado = false;
      const falhar = (erro: Error) => {
        clearTimeout(limite);
        reject(erro instanceof SefazErro ? erro : classificar(erro, conectado));
        pedido.destroy();
      };
      const pedido = https.request(
        url,
        {
          method: 'POST',
          agent: this.agente,
          headers: {
            'Content-Type': tipoConteudoSoap(servico),
            'Content-Length': Buffer.byteLength(corpo),
          },
        },
        (resposta) => {
          const partes: Buffer[] = [];
          resposta.on('data', (parte: Buffer) => partes.push(parte));
          resposta.on('error', falhar);
          resposta.on('end', () => {
            clearTimeout(limite);
            const texto = Buffer.concat(partes).toString('utf8');
            const status = resposta.statusCode ?? 0;
            if (status >= 200 && status < 300) return resolve(texto);
            const detalhe = motivoDaFalha(texto);
            const http = `HTTP ${status}${detalhe ? `: ${detalhe}` : ''}`;
            reject(
              status >= 500
                ? new SefazIndisponivel(`A SEFAZ está indisponível (${http}).`)
                : new SefazErro(`A SEFAZ recusou o pedido (${http}).`),
            );
          });
        },
      );
      const limite = setTimeout(() => {
        falhar(
          conectado
            ? new SefazSemResposta(
                `A SEFAZ não respondeu em ${segundos} s. O pedido pode ter chegado: consulte antes de reenviar.`,
              )
            : new SefazIndisponivel(`A SEFAZ não aceitou a conexão em ${segundos} s.`),
        );
      }, this.timeoutMs);
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

/** A network or TLS error as the caller must act on it. */
function classificar(erro: NodeJS.ErrnoException, conectado: boolean): SefazErro {
  const codigo = erro.code ?? '';
  if (/^ERR_SSL|CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS/i.test(codigo) || /alert/i.test(erro.message)) {
    return new SefazIndisponivel(
      `A conexão segura com a SEFAZ falhou (${codigo || erro.message}). Verifique o certificado e a cadeia ICP-Brasil.`,
    );
  }
  if (conectado) {
    return new SefazSemResposta(
      `A conexão com a SEFAZ caiu antes da resposta (${codigo || erro.message}). Consulte antes de reenviar.`,
    );
  }
  const motivos: Record<string, string> = {
    ECONNREFUSED: 'conexão recusada',
    ENOTFOUND: 'endereço não encontrado',
    EAI_AGAIN: 'DNS indisponível',
    ECONNRESET: 'conexão interrompida',
    ENETUNREACH: 'rede inalcançável',
    EHOSTUNREACH: 'servidor inalcançável',
  };
  return new SefazIndisponivel(
    `A SEFAZ está indisponível (${motivos[codigo] ?? (codigo || erro.message)}).`,
  );
}

/** The reason of a SOAP fault in an error answer, when there is one. */
function motivoDaFalha(texto: string): string | null {
  try {
    lerEnvelopeSoap(texto, 'nfeResultMsg');
    return null;
  } catch (erro) {
    return erro instanceof FalhaSoap && !erro.message.startsWith('XML mal formado')
      ? erro.message.slice(0, 200)
      : null;
  }
}

function situacao(elemento: Element): { cStat: number; xMotivo: string } {
  const cStat = textoFilho(elemento, 'cStat');
  if (cStat === null) throw new SefazErro('Resposta da SEFAZ sem cStat');
  return { cStat: Number(cStat), xMotivo: textoFilho(elemento, 'xMotivo') ?? '' };
}

function lerProtocolo(prot: Element): ProtocoloNfe {
  const inf = primeiroFilho(prot, 'infProt');
  if (!inf) throw new SefazErro('protNFe sem infProt');
  return {
    ...situacao(inf),
    chNFe: textoFilho(inf, 'chNFe') ?? '',
    nProt: textoFilho(inf, 'nProt'),
    dhRecbto: textoFilho(inf, 'dhRecbto') ?? '',
    digVal: textoFilho(inf, 'digVal'),
    xml: serializar(prot),
  };
}

/** A procEventoNFe of a protocol query; none when it lacks its event or SEFAZ's answer. */
function lerProcEvento(proc: Element): EventoConsultado[] {
  const evento = primeiroFilho(proc, 'evento');
  const infEvento = evento && primeiroFilho(evento, 'infEvento');
  const retEvento = primeiroFilho(proc, 'retEvento');
  const infRet = retEvento && primeiroFilho(retEvento, 'infEvento');
  const detEvento = infEvento && primeiroFilho(infEvento, 'detEvento');
  if (!infEvento || !detEvento || !infRet) return [];
  return [
    {
      tpEvento: textoFilho(infEvento, 'tpEvento') ?? '',
      nSeqEvento: Number(textoFilho(infEvento, 'nSeqEvento') ?? 0),
      texto: textoFilho(detEvento, 'xCorrecao') ?? textoFilho(detEvento, 'xJust'),
      ...situacao(infRet),
      nProt: textoFilho(infRet, 'nProt'),
      dhRegEvento: textoFilho(infRet, 'dhRegEvento'),
      xml: serializar(proc),
    },
  ];
}

/** Positions 21–22 of the key hold the modelo. */
function modeloDaChave(chave: string): ModeloFiscal {
  return chave.slice(20, 22) === '65' ? 65 : 55;
}

/** The modelo in the note's key (infNFe Id="NFe" + key). */
function modeloDoXml(xml: string): ModeloFiscal {
  const chave = /Id="NFe([0-9A-Z]{44})"/.exec(xml)?.[1];
  if (!chave) throw new SefazErro('A nota não tem a chave de acesso (infNFe Id)');
  return modeloDaChave(chave);
}

/**
 * Reads the CA certificates of a folder (PEM with one or more certificates, or DER .cer/.crt):
 * the ICP-Brasil chain of a production install.
 */
export function lerCertificadosCa(pasta: string): string[] {
  const certificados: string[] = [];
  for (const arquivo of fs.readdirSync(pasta).sort()) {
    if (!/\.(pem|crt|cer)$/i.test(arquivo)) continue;
    const conteudo = fs.readFileSync(path.join(pasta, arquivo));
    const texto = conteudo.toString('latin1');
    if (texto.includes('-----BEGIN CERTIFICATE-----')) {
      certificados.push(
        ...(texto.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []),
      );
    } else {
      certificados.push(new X509Certificate(conteudo).toString());
    }
  }
  return certificados;
}
