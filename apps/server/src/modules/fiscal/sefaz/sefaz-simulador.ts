// A SEFAZ that runs in the process: the tests' double and the demo's "ambiente de simulação".
// It speaks the real protocol (HTTPS demanding a client certificate of its CA, SOAP 1.2 with the
// services' actions), validates every message against the official schemas and the signatures,
// and answers with the real codes of the Manual de Orientação do Contribuinte. Every UF is
// served by the same paths; what it authorizes lives in memory only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Element } from '@xmldom/xmldom';
import { UFS } from '@prumo/shared/brasil';
import { DEFAULT_TIME_ZONE, isoComFuso } from '@prumo/shared/dates';
import { chaveValida, PRAZO_CANCELAMENTO_MS, type ModeloFiscal } from '@prumo/shared/fiscal';
import {
  autoridadeTeste,
  gerarCertificadoServidorTeste,
  type AutoridadeTeste,
} from '../certificado/certificado-teste';
import { assinaturaValida, digestValue } from '../nfe/assinatura';
import { validarXml, type EsquemaNfe } from '../nfe/esquemas';
import {
  EVENTO_CANCELAMENTO,
  EVENTO_CARTA_CORRECAO,
  montarProcEvento,
  VERSAO_EVENTO,
  VERSAO_NFE,
} from './mensagens';
import { SERVICOS_SEFAZ, type ServicoSefaz, type UrlsSefaz } from './sefaz-urls';
import {
  acaoSoap,
  envelopeSoap,
  escaparXml,
  falhaSoap,
  filhos,
  lerEnvelopeSoap,
  lerXml,
  NS_NFE,
  primeiroFilho,
  semDeclaracao,
  serializar,
  textoFilho,
} from './soap';

/** How the simulated SEFAZ behaves from now on. */
export type CenarioSefaz =
  | { tipo: 'normal' }
  /** 108 (momentaneamente) or 109 (sem previsão) on every service: drives contingency. */
  | { tipo: 'paralisado'; cStat: 108 | 109 }
  /** Accepts connections and requests and never answers (the network fell mid-way). */
  | { tipo: 'silencio' }
  /** Answers a batch with a receipt (103), as an authorizer that ignores indSinc would. */
  | { tipo: 'assincrono' }
  /** The next note that passes schema and signature is rejected with this code, then normal. */
  | { tipo: 'rejeitar-proxima'; cStat: number; xMotivo: string }
  /**
   * The next event that passes schema and signature is refused with this code (501 late, 573,
   * 580…), then normal: what real clocks and a real SEFAZ's state make hard to reach in a test.
   */
  | { tipo: 'rejeitar-evento'; cStat: number; xMotivo: string }
  /** Processes each request and never answers: the answer lost on its way back. */
  | { tipo: 'perder-resposta' };

export interface NotaAutorizadaSimulador {
  chave: string;
  cnpj: string;
  modelo: number;
  serie: number;
  numero: number;
  nProt: string;
  dhRecbto: string;
  digVal: string;
  /** The signed NFe as received. */
  xml: string;
  protNFe: string;
  cancelamento: EventoRegistrado | null;
  /** Correction letters (CC-e) by nSeqEvento. */
  correcoes: Map<number, EventoRegistrado>;
}

export interface EventoRegistrado {
  nProt: string;
  dhRegEvento: string;
  procEvento: string;
}

/** An event as it arrived and what it was answered (the tests count what reached SEFAZ). */
export interface EventoRecebido {
  chave: string;
  tpEvento: string;
  nSeqEvento: number;
  cStat: number;
}

export interface OpcoesSimuladorSefaz {
  /** 0 (default) picks a free port. */
  porta?: number;
  host?: string;
  /** The CA it trusts clients of and signs its own TLS certificate with (default: the process's test CA). */
  autoridade?: AutoridadeTeste;
  cenario?: CenarioSefaz;
}

export interface SimuladorSefaz {
  /** https://host:port */
  url: string;
  /** The CA of its TLS certificate, for the client's `ca`. */
  caPem: string;
  /** Every service at this server, for the client's `urls`. */
  urls: UrlsSefaz;
  definirCenario(cenario: CenarioSefaz): void;
  notasAutorizadas(): NotaAutorizadaSimulador[];
  /**
   * Takes back notes it authorized before a restart (their nfeProc as the app stored them), so
   * they can still be consulted, cancelled and corrected: a real SEFAZ never forgets them.
   */
  lembrar(nfeProcs: readonly string[]): void;
  /** Every event that passed schema and signature, in the order it arrived. */
  eventosRecebidos(): EventoRecebido[];
  parar(): Promise<void>;
}

const VER_APLIC = 'PRUMO-SIMULACAO';
const CORPO_MAX_BYTES = 5 * 1024 * 1024;
/** When a message does not say its UF (or says an unknown one): the SVRS's own. */
const CUF_PADRAO = '43';
const CODIGOS_UF = new Set(UFS.map((uf) => String(uf.ibge)));
const codigoUf = (valor: string | null | undefined) =>
  valor && CODIGOS_UF.has(valor) ? valor : CUF_PADRAO;

const MOTIVOS: Record<number, string> = {
  100: 'Autorizado o uso da NF-e',
  101: 'Cancelamento de NF-e homologado',
  102: 'Inutilização de número homologado',
  103: 'Lote recebido com sucesso',
  104: 'Lote processado',
  106: 'Lote não localizado',
  107: 'Serviço em Operação',
  108: 'Serviço Paralisado Momentaneamente (curto prazo)',
  109: 'Serviço Paralisado sem Previsão',
  128: 'Lote de Evento Processado',
  135: 'Evento registrado e vinculado a NF-e',
  155: 'Cancelamento homologado fora de prazo',
  206: 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ',
  215: 'Rejeição: Falha no schema XML',
  217: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
  222: 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado',
  225: 'Rejeição: Falha no Schema XML da NFe',
  241: 'Rejeição: Um número da faixa já foi utilizado',
  297: 'Rejeição: Assinatura difere do calculado',
  452: 'Rejeição: Solicitada resposta assíncrona para Lote com somente 1 (uma) NF-e',
  494: 'Rejeição: Chave de Acesso inexistente',
  501: 'Rejeição: Prazo de cancelamento superior ao previsto na Legislação',
  502: 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes',
  563: 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização',
  573: 'Rejeição: Duplicidade de Evento',
  580: 'Rejeição: O evento exige uma NF-e autorizada',
};

/** The event's name in retEvento (xEvento, 5 to 60 characters). */
const X_EVENTO: Record<string, string> = {
  [EVENTO_CANCELAMENTO]: 'Cancelamento registrado',
  [EVENTO_CARTA_CORRECAO]: 'Carta de Correção registrada',
};

/** TMotivo: 1 to 255 characters of Latin-1, no spaces at the ends. */
function motivo(texto: string): string {
  return texto
    .replace(/[^ -ÿ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255)
    .trim();
}

function el(nome: string, valor: string | number | null | undefined): string {
  return valor === null || valor === undefined
    ? ''
    : `<${nome}>${escaparXml(String(valor))}</${nome}>`;
}

const agora = () => isoComFuso(new Date(), DEFAULT_TIME_ZONE);

interface Inutilizacao {
  cnpj: string;
  modelo: string;
  serie: number;
  inicio: number;
  fim: number;
}

/** What the simulated SEFAZ knows, and its answers. */
class Sefaz {
  cenario: CenarioSefaz;
  readonly notas = new Map<string, NotaAutorizadaSimulador>();
  readonly eventos: EventoRecebido[] = [];
  private readonly porNumero = new Map<string, string>();
  private readonly inutilizadas: Inutilizacao[] = [];
  private readonly lotes = new Map<string, { cUF: string; tpAmb: string; protocolos: string[] }>();
  // Protocol numbers start from the clock so a restarted simulation does not repeat them.
  private sequencia = Date.now() % 1_000_000_000;
  private recibos = 0;

  constructor(cenario: CenarioSefaz) {
    this.cenario = cenario;
  }

  async atender(servico: ServicoSefaz, mensagem: Element): Promise<string> {
    switch (servico) {
      case 'NFeStatusServico4':
        return this.status(mensagem);
      case 'NFeAutorizacao4':
        return this.autorizacao(mensagem);
      case 'NFeRetAutorizacao4':
        return this.retAutorizacao(mensagem);
      case 'NFeConsultaProtocolo4':
        return this.consulta(mensagem);
      case 'NFeInutilizacao4':
        return this.inutilizacao(mensagem);
      case 'NFeRecepcaoEvento4':
        return this.evento(mensagem);
    }
  }

  private protocolo(cUF: string): string {
    this.sequencia = (this.sequencia + 1) % 10_000_000_000;
    const ano = new Date().getFullYear() % 100;
    return `1${cUF}${String(ano).padStart(2, '0')}${String(this.sequencia).padStart(10, '0')}`;
  }

  private paralisado(): number | null {
    return this.cenario.tipo === 'paralisado' ? this.cenario.cStat : null;
  }

  /** The message validates against its schema (the root must be the one expected). */
  private async conferir(mensagem: Element, raiz: string, esquema: EsquemaNfe) {
    if (mensagem.localName !== raiz || mensagem.namespaceURI !== NS_NFE) {
      return { valido: false, erro: `esperado ${raiz} no namespace da NF-e` };
    }
    const { valido, erros } = await validarXml(serializar(mensagem), esquema);
    return { valido, erro: erros[0] ?? '' };
  }

  private async status(msg: Element): Promise<string> {
    const tpAmb = tpAmbDe(msg);
    const cUF = codigoUf(textoFilho(msg, 'cUF'));
    const { valido, erro } = await this.conferir(msg, 'consStatServ', 'consStatServ');
    const cStat = !valido ? 215 : (this.paralisado() ?? 107);
    const xMotivo = valido ? MOTIVOS[cStat]! : motivo(`${MOTIVOS[215]} (${erro})`);
    return retorno(
      'retConsStatServ',
      VERSAO_NFE,
      el('tpAmb', tpAmb) +
        el('verAplic', VER_APLIC) +
        el('cStat', cStat) +
        el('xMotivo', xMotivo) +
        el('cUF', cUF) +
        el('dhRecbto', agora()) +
        (cStat === 107 ? el('tMed', 1) : ''),
    );
  }

  private async autorizacao(msg: Element): Promise<string> {
    const notas = filhos(msg, 'NFe');
    const infNFe = notas[0] && primeiroFilho(notas[0], 'infNFe');
    const ide = infNFe && primeiroFilho(infNFe, 'ide');
    const tpAmb = ide ? tpAmbDe(ide) : '2';
    const cUF = codigoUf(ide && textoFilho(ide, 'cUF'));
    const resposta = (cStat: number, xMotivo: string, resto = '') =>
      retorno(
        'retEnviNFe',
        VERSAO_NFE,
        el('tpAmb', tpAmb) +
          el('verAplic', VER_APLIC) +
          el('cStat', cStat) +
          el('xMotivo', xMotivo) +
          el('cUF', cUF) +
          el('dhRecbto', agora()) +
          resto,
      );

    const { valido, erro } = await this.conferir(msg, 'enviNFe', 'enviNFe');
    if (!valido) {
      // 225 when the note itself fails its schema, 215 when the batch around it does.
      const daNota =
        notas.length > 0 &&
        (await Promise.all(notas.map((nfe) => validarXml(serializar(nfe), 'nfe')))).find(
          (resultado) => !resultado.valido,
        );
      return daNota
        ? resposta(225, motivo(`${MOTIVOS[225]} (${daNota.erros[0] ?? ''})`))
        : resposta(215, motivo(`${MOTIVOS[215]} (${erro})`));
    }
    const parado = this.paralisado();
    if (parado) return resposta(parado, MOTIVOS[parado]!);
    const sincrono = textoFilho(msg, 'indSinc') === '1';
    if (!sincrono && notas.length === 1) return resposta(452, MOTIVOS[452]!);
    // Everything below runs without awaiting: two requests with one key cannot both pass.
    const protocolos = notas.map((nfe) => this.processarNota(nfe));
    if (sincrono && notas.length === 1 && this.cenario.tipo !== 'assincrono') {
      return resposta(104, MOTIVOS[104]!, protocolos[0]);
    }
    const nRec = `${cUF}${String(++this.recibos).padStart(13, '0')}`;
    this.lotes.set(nRec, { cUF, tpAmb, protocolos });
    // tMed 0: the batch is processed before the answer leaves.
    return resposta(103, MOTIVOS[103]!, `<infRec>${el('nRec', nRec)}${el('tMed', 0)}</infRec>`);
  }

  /** One note of a batch: its protNFe, authorized (stored) or rejected. */
  private processarNota(nfe: Element): string {
    const xml = serializar(nfe);
    const inf = primeiroFilho(nfe, 'infNFe')!;
    const ide = primeiroFilho(inf, 'ide')!;
    const emit = primeiroFilho(inf, 'emit')!;
    const chave = (inf.getAttribute('Id') ?? '').replace(/^NFe/, '');
    const tpAmb = tpAmbDe(ide);
    const cUF = textoFilho(ide, 'cUF') ?? CUF_PADRAO;
    const modelo = textoFilho(ide, 'mod') ?? '';
    const serie = Number(textoFilho(ide, 'serie'));
    const numero = Number(textoFilho(ide, 'nNF'));
    const cnpj = textoFilho(emit, 'CNPJ') ?? textoFilho(emit, 'CPF') ?? '';
    let digVal: string | null = null;
    try {
      digVal = digestValue(xml);
    } catch {
      digVal = null;
    }
    const protocolo = (cStat: number, xMotivo: string, nProt: string | null = null) =>
      protNFe({ tpAmb, chave, dhRecbto: agora(), nProt, digVal, cStat, xMotivo });

    if (!assinaturaValida(xml, 'infNFe')) return protocolo(297, MOTIVOS[297]!);
    const chaveConfere =
      chaveValida(chave) &&
      chave.slice(0, 2) === cUF &&
      chave.slice(6, 20) === cnpj.padStart(14, '0') &&
      chave.slice(20, 22) === modelo &&
      Number(chave.slice(22, 25)) === serie &&
      Number(chave.slice(25, 34)) === numero;
    if (!chaveConfere) return protocolo(502, MOTIVOS[502]!);
    const anterior = this.notas.get(chave);
    if (anterior) {
      return protocolo(
        204,
        `Rejeição: Duplicidade de NF-e [nProt:${anterior.nProt}][dhAut:${anterior.dhRecbto}]`,
      );
    }
    const numeroChave = `${cnpj}|${modelo}|${serie}|${numero}`;
    const outra = this.notas.get(this.porNumero.get(numeroChave) ?? '');
    if (outra) {
      return protocolo(
        539,
        motivo(
          `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${outra.chave}][nProt:${outra.nProt}][dhAut:${outra.dhRecbto}]`,
        ),
      );
    }
    const inutilizada = this.inutilizadas.some(
      (faixa) =>
        faixa.cnpj === cnpj &&
        faixa.modelo === modelo &&
        faixa.serie === serie &&
        numero >= faixa.inicio &&
        numero <= faixa.fim,
    );
    if (inutilizada) return protocolo(206, MOTIVOS[206]!);
    if (this.cenario.tipo === 'rejeitar-proxima') {
      const { cStat, xMotivo } = this.cenario;
      this.cenario = { tipo: 'normal' };
      return protocolo(cStat, motivo(xMotivo));
    }

    const nProt = this.protocolo(cUF);
    const dhRecbto = agora();
    const prot = protNFe({
      tpAmb,
      chave,
      dhRecbto,
      nProt,
      digVal,
      cStat: 100,
      xMotivo: MOTIVOS[100]!,
    });
    this.notas.set(chave, {
      chave,
      cnpj,
      modelo: Number(modelo),
      serie,
      numero,
      nProt,
      dhRecbto,
      digVal: digVal ?? '',
      xml,
      protNFe: prot,
      cancelamento: null,
      correcoes: new Map(),
    });
    this.porNumero.set(numeroChave, chave);
    return prot;
  }

  /** A note it authorized before, from its nfeProc (the NFe and its protNFe as answered). */
  lembrar(nfeProc: string): void {
    const proc = lerXml(nfeProc).documentElement!;
    const nfe = primeiroFilho(proc, 'NFe');
    const prot = primeiroFilho(proc, 'protNFe');
    const infNFe = nfe && primeiroFilho(nfe, 'infNFe');
    const infProt = prot && primeiroFilho(prot, 'infProt');
    const ide = infNFe && primeiroFilho(infNFe, 'ide');
    const emit = infNFe && primeiroFilho(infNFe, 'emit');
    if (!nfe || !prot || !infProt || !ide || !emit) return;
    const chave = textoFilho(infProt, 'chNFe') ?? '';
    const cnpj = textoFilho(emit, 'CNPJ') ?? textoFilho(emit, 'CPF') ?? '';
    const modelo = textoFilho(ide, 'mod') ?? '';
    const serie = Number(textoFilho(ide, 'serie'));
    const numero = Number(textoFilho(ide, 'nNF'));
    this.notas.set(chave, {
      chave,
      cnpj,
      modelo: Number(modelo),
      serie,
      numero,
      nProt: textoFilho(infProt, 'nProt') ?? '',
      dhRecbto: textoFilho(infProt, 'dhRecbto') ?? '',
      digVal: textoFilho(infProt, 'digVal') ?? '',
      xml: serializar(nfe),
      protNFe: serializar(prot),
      cancelamento: null,
      correcoes: new Map(),
    });
    this.porNumero.set(`${cnpj}|${modelo}|${serie}|${numero}`, chave);
  }

  private async retAutorizacao(msg: Element): Promise<string> {
    const tpAmb = tpAmbDe(msg);
    const nRec = textoFilho(msg, 'nRec') ?? '';
    const lote = this.lotes.get(nRec);
    const { valido, erro } = await this.conferir(msg, 'consReciNFe', 'consReciNFe');
    const parado = this.paralisado();
    const cStat = !valido ? 215 : (parado ?? (lote ? 104 : 106));
    const xMotivo = valido ? MOTIVOS[cStat]! : motivo(`${MOTIVOS[215]} (${erro})`);
    return retorno(
      'retConsReciNFe',
      VERSAO_NFE,
      el('tpAmb', tpAmb) +
        el('verAplic', VER_APLIC) +
        el('nRec', /^\d{15}$/.test(nRec) ? nRec : '0'.repeat(15)) +
        el('cStat', cStat) +
        el('xMotivo', xMotivo) +
        el('cUF', lote?.cUF ?? CUF_PADRAO) +
        el('dhRecbto', agora()) +
        (cStat === 104 && lote ? lote.protocolos.join('') : ''),
    );
  }

  private async consulta(msg: Element): Promise<string> {
    const tpAmb = tpAmbDe(msg);
    const chave = textoFilho(msg, 'chNFe') ?? '';
    const { valido, erro } = await this.conferir(msg, 'consSitNFe', 'consSitNFe');
    const nota = this.notas.get(chave);
    const parado = this.paralisado();
    let cStat: number;
    if (!valido) cStat = 215;
    else if (parado) cStat = parado;
    else if (!nota) cStat = 217;
    else cStat = nota.cancelamento ? 101 : 100;
    const xMotivo = valido ? MOTIVOS[cStat]! : motivo(`${MOTIVOS[215]} (${erro})`);
    const achada = nota && (cStat === 100 || cStat === 101);
    return retorno(
      'retConsSitNFe',
      VERSAO_NFE,
      el('tpAmb', tpAmb) +
        el('verAplic', VER_APLIC) +
        el('cStat', cStat) +
        el('xMotivo', xMotivo) +
        el('cUF', codigoUf(chave.slice(0, 2))) +
        el('dhRecbto', agora()) +
        el('chNFe', valido ? chave : '0'.repeat(44)) +
        (achada ? nota.protNFe : '') +
        (achada
          ? [...nota.correcoes.values(), nota.cancelamento]
              .map((evento) => (evento ? semDeclaracao(evento.procEvento) : ''))
              .join('')
          : ''),
    );
  }

  private async inutilizacao(msg: Element): Promise<string> {
    const inf = primeiroFilho(msg, 'infInut') ?? msg;
    const tpAmb = tpAmbDe(inf);
    const cUF = codigoUf(textoFilho(inf, 'cUF'));
    const { valido, erro } = await this.conferir(msg, 'inutNFe', 'inutNFe');
    const resposta = (cStat: number, xMotivo: string, campos = '', nProt: string | null = null) =>
      retorno(
        'retInutNFe',
        VERSAO_NFE,
        `<infInut${nProt ? ` Id="ID${nProt}"` : ''}>` +
          el('tpAmb', tpAmb) +
          el('verAplic', VER_APLIC) +
          el('cStat', cStat) +
          el('xMotivo', xMotivo) +
          el('cUF', cUF) +
          campos +
          el('dhRecbto', agora()) +
          el('nProt', nProt) +
          '</infInut>',
      );
    if (!valido) return resposta(215, motivo(`${MOTIVOS[215]} (${erro})`));
    const parado = this.paralisado();
    if (parado) return resposta(parado, MOTIVOS[parado]!);

    const faixa: Inutilizacao = {
      cnpj: textoFilho(inf, 'CNPJ')!,
      modelo: textoFilho(inf, 'mod')!,
      serie: Number(textoFilho(inf, 'serie')),
      inicio: Number(textoFilho(inf, 'nNFIni')),
      fim: Number(textoFilho(inf, 'nNFFin')),
    };
    const campos =
      el('ano', textoFilho(inf, 'ano')) +
      el('CNPJ', faixa.cnpj) +
      el('mod', faixa.modelo) +
      el('serie', faixa.serie) +
      el('nNFIni', faixa.inicio) +
      el('nNFFin', faixa.fim);
    if (!assinaturaValida(serializar(msg), 'infInut')) return resposta(297, MOTIVOS[297]!, campos);
    const mesmaSerie = (outra: { cnpj: string; modelo: string | number; serie: number }) =>
      outra.cnpj === faixa.cnpj &&
      String(outra.modelo) === faixa.modelo &&
      outra.serie === faixa.serie;
    const usada = [...this.notas.values()].some(
      (nota) => mesmaSerie(nota) && nota.numero >= faixa.inicio && nota.numero <= faixa.fim,
    );
    if (usada) return resposta(241, MOTIVOS[241]!, campos);
    const repetida = this.inutilizadas.some(
      (outra) => mesmaSerie(outra) && outra.inicio <= faixa.fim && faixa.inicio <= outra.fim,
    );
    if (repetida) return resposta(563, MOTIVOS[563]!, campos);
    this.inutilizadas.push(faixa);
    return resposta(102, MOTIVOS[102]!, campos, this.protocolo(cUF));
  }

  private async evento(msg: Element): Promise<string> {
    const eventos = filhos(msg, 'evento');
    const primeiro = eventos[0] && primeiroFilho(eventos[0], 'infEvento');
    const tpAmb = primeiro ? tpAmbDe(primeiro) : '2';
    const cOrgao = codigoUf(primeiro && textoFilho(primeiro, 'cOrgao'));
    const idLote = textoFilho(msg, 'idLote') ?? '';
    const resposta = (cStat: number, xMotivo: string, retornos = '') =>
      retorno(
        'retEnvEvento',
        VERSAO_EVENTO,
        el('idLote', /^\d{1,15}$/.test(idLote) ? idLote : '0') +
          el('tpAmb', tpAmb) +
          el('verAplic', VER_APLIC) +
          el('cOrgao', cOrgao) +
          el('cStat', cStat) +
          el('xMotivo', xMotivo) +
          retornos,
      );
    // Each event type has its own schema; a batch of another type fails it (215).
    const correcao = primeiro && textoFilho(primeiro, 'tpEvento') === EVENTO_CARTA_CORRECAO;
    const { valido, erro } = await this.conferir(
      msg,
      'envEvento',
      correcao ? 'envCCe' : 'envEventoCancNFe',
    );
    if (!valido) return resposta(215, motivo(`${MOTIVOS[215]} (${erro})`));
    const parado = this.paralisado();
    if (parado) return resposta(parado, MOTIVOS[parado]!);
    return resposta(128, MOTIVOS[128]!, eventos.map((evento) => this.registrar(evento)).join(''));
  }

  /** One event (cancellation or CC-e, as the batch's schema accepted): its retEvento. */
  private registrar(evento: Element): string {
    const xmlEvento = serializar(evento);
    const inf = primeiroFilho(evento, 'infEvento')!;
    const det = primeiroFilho(inf, 'detEvento')!;
    const chave = textoFilho(inf, 'chNFe')!;
    const cOrgao = textoFilho(inf, 'cOrgao')!;
    const tpEvento = textoFilho(inf, 'tpEvento')!;
    const nSeqEvento = textoFilho(inf, 'nSeqEvento')!;
    const retEvento = (
      cStat: number,
      nProt: string | null = null,
      dhRegEvento = agora(),
      xMotivo = MOTIVOS[cStat],
    ) =>
      `<retEvento xmlns="${NS_NFE}" versao="${VERSAO_EVENTO}"><infEvento${nProt ? ` Id="ID${nProt}"` : ''}>` +
      el('tpAmb', tpAmbDe(inf)) +
      el('verAplic', VER_APLIC) +
      el('cOrgao', cOrgao) +
      el('cStat', cStat) +
      el('xMotivo', xMotivo) +
      el('chNFe', chave) +
      el('tpEvento', tpEvento) +
      (nProt ? el('xEvento', X_EVENTO[tpEvento]) : '') +
      el('nSeqEvento', nSeqEvento) +
      el('dhRegEvento', dhRegEvento) +
      el('nProt', nProt) +
      '</infEvento></retEvento>';
    if (!assinaturaValida(xmlEvento, 'infEvento')) return retEvento(297);
    const recebido = { chave, tpEvento, nSeqEvento: Number(nSeqEvento) };
    if (this.cenario.tipo === 'rejeitar-evento') {
      const { cStat, xMotivo } = this.cenario;
      this.cenario = { tipo: 'normal' };
      this.eventos.push({ ...recebido, cStat });
      return retEvento(cStat, null, agora(), motivo(xMotivo));
    }
    const cStat = this.conferirEvento(chave, tpEvento, recebido.nSeqEvento, det);
    this.eventos.push({ ...recebido, cStat });
    if (cStat !== 135) return retEvento(cStat);
    const nota = this.notas.get(chave)!;
    const nProt = this.protocolo(cOrgao);
    const dhRegEvento = agora();
    const ret = retEvento(135, nProt, dhRegEvento);
    const registrado = { nProt, dhRegEvento, procEvento: montarProcEvento(xmlEvento, ret) };
    if (tpEvento === EVENTO_CANCELAMENTO) nota.cancelamento = registrado;
    else nota.correcoes.set(Number(nSeqEvento), registrado);
    return ret;
  }

  /** SEFAZ's rules for an event of a note: 135, or the refusal's code. */
  private conferirEvento(chave: string, tpEvento: string, nSeq: number, det: Element): number {
    const nota = this.notas.get(chave);
    if (!nota) return 494;
    if (tpEvento === EVENTO_CARTA_CORRECAO) {
      if (nota.cancelamento) return 580;
      return nota.correcoes.has(nSeq) ? 573 : 135;
    }
    if (nota.cancelamento) return 573;
    if (textoFilho(det, 'nProt') !== nota.nProt) return 222;
    const prazo = PRAZO_CANCELAMENTO_MS[nota.modelo as ModeloFiscal];
    return Date.now() > Date.parse(nota.dhRecbto) + prazo ? 501 : 135;
  }
}

function tpAmbDe(elemento: Element): string {
  const tpAmb = textoFilho(elemento, 'tpAmb');
  return tpAmb === '1' ? '1' : '2';
}

function retorno(nome: string, versao: string, conteudo: string): string {
  return `<${nome} xmlns="${NS_NFE}" versao="${versao}">${conteudo}</${nome}>`;
}

function protNFe(p: {
  tpAmb: string;
  chave: string;
  dhRecbto: string;
  nProt: string | null;
  digVal: string | null;
  cStat: number;
  xMotivo: string;
}): string {
  return (
    `<protNFe xmlns="${NS_NFE}" versao="${VERSAO_NFE}"><infProt${p.nProt ? ` Id="ID${p.nProt}"` : ''}>` +
    el('tpAmb', p.tpAmb) +
    el('verAplic', VER_APLIC) +
    el('chNFe', /^[0-9A-Z]{44}$/.test(p.chave) ? p.chave : '0'.repeat(44)) +
    el('dhRecbto', p.dhRecbto) +
    el('nProt', p.nProt) +
    el('digVal', p.digVal) +
    el('cStat', p.cStat) +
    el('xMotivo', p.xMotivo) +
    '</infProt></protNFe>'
  );
}

function responder(res: ServerResponse, status: number, corpo: string): void {
  if (res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': 'application/soap+xml; charset=utf-8',
    'Content-Length': Buffer.byteLength(corpo),
  });
  res.end(corpo);
}

function lerCorpo(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    let tamanho = 0;
    req.on('data', (parte: Buffer) => {
      tamanho += parte.length;
      if (tamanho > CORPO_MAX_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      partes.push(parte);
    });
    req.on('end', () => resolve(Buffer.concat(partes).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the simulated SEFAZ on HTTPS; it accepts only clients with a certificate of its CA. */
export async function iniciarSimuladorSefaz(
  opcoes: OpcoesSimuladorSefaz = {},
): Promise<SimuladorSefaz> {
  const autoridade = opcoes.autoridade ?? autoridadeTeste();
  const tlsServidor = gerarCertificadoServidorTeste(autoridade);
  const sefaz = new Sefaz(opcoes.cenario ?? { tipo: 'normal' });

  const atender = async (req: IncomingMessage, res: ServerResponse) => {
    const servico = SERVICOS_SEFAZ.find((nome) => req.url === `/ws/${nome}.asmx`);
    if (!servico) return responder(res, 404, falhaSoap('Serviço inexistente neste endereço'));
    if (req.method !== 'POST') return responder(res, 405, falhaSoap('Use POST'));
    const tipo = req.headers['content-type'] ?? '';
    if (!/^application\/soap\+xml/i.test(tipo) || !tipo.includes(`action="${acaoSoap(servico)}"`)) {
      return responder(
        res,
        415,
        falhaSoap(`Esperado application/soap+xml com action="${acaoSoap(servico)}"`),
      );
    }
    const corpo = await lerCorpo(req);
    if (corpo === null) return responder(res, 413, falhaSoap('Mensagem grande demais'));
    if (sefaz.cenario.tipo === 'silencio') return; // never answered; parar() closes it
    let mensagem: Element;
    try {
      mensagem = lerEnvelopeSoap(corpo, 'nfeDadosMsg');
    } catch (erro) {
      return responder(res, 400, falhaSoap(erro instanceof Error ? erro.message : String(erro)));
    }
    const resposta = await sefaz.atender(servico, mensagem);
    if (sefaz.cenario.tipo === 'perder-resposta') return; // processed, never answered
    responder(res, 200, envelopeSoap(servico, resposta, 'nfeResultMsg'));
  };

  const servidor = https.createServer(
    {
      key: tlsServidor.chavePem,
      cert: tlsServidor.certificadoPem,
      ca: [autoridade.certificadoPem],
      requestCert: true,
      rejectUnauthorized: true,
      // TLS 1.2, which every SEFAZ web service accepts: a refused client certificate then fails
      // the handshake itself (in TLS 1.3 the client would learn it only after writing its request).
      minVersion: 'TLSv1.2',
      maxVersion: 'TLSv1.2',
    },
    (req, res) => {
      atender(req, res).catch((erro: unknown) =>
        responder(
          res,
          500,
          falhaSoap(
            `Falha no simulador: ${erro instanceof Error ? erro.message : String(erro)}`,
            'Receiver',
          ),
        ),
      );
    },
  );
  // A client refused at the handshake is the expected outcome, not a server error.
  servidor.on('tlsClientError', () => undefined);

  const host = opcoes.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(opcoes.porta ?? 0, host, () => {
      servidor.off('error', reject);
      resolve();
    });
  });
  const { port } = servidor.address() as AddressInfo;
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const urls = Object.fromEntries(
    SERVICOS_SEFAZ.map((servico) => [servico, `${url}/ws/${servico}.asmx`]),
  ) as UrlsSefaz;

  return {
    url,
    caPem: autoridade.certificadoPem,
    urls,
    definirCenario(cenario) {
      sefaz.cenario = cenario;
    },
    notasAutorizadas() {
      return [...sefaz.notas.values()].map((nota) => ({
        ...nota,
        cancelamento: nota.cancelamento && { ...nota.cancelamento },
        correcoes: new Map(nota.correcoes),
      }));
    },
    eventosRecebidos() {
      return sefaz.eventos.map((evento) => ({ ...evento }));
    },
    lembrar(nfeProcs) {
      for (const nfeProc of nfeProcs) sefaz.lembrar(nfeProc);
    },
    parar() {
      return new Promise((resolve) => {
        servidor.close(() => resolve());
        servidor.closeAllConnections();
      });
    },
  };
}
