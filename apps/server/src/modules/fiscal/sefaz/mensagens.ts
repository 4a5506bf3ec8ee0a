// The messages sent to the NF-e web services (layout 4.00; events 1.00) and the authorized
// documents kept afterwards. The signed note goes into enviNFe and nfeProc exactly as signed: a
// reformatted note no longer matches its DigestValue (SEFAZ answers 297).
import { UFS } from '@prumo/shared/brasil';
import { isoComFuso } from '@prumo/shared/dates';
import { CONDICOES_DE_USO_CCE, type ModeloFiscal } from '@prumo/shared/fiscal';
import { assinarXml } from '../nfe/assinatura';
import type { CertificadoPem } from '../nfe/nfe-dados';
import type { TpAmb } from './sefaz-urls';
import { escaparXml, NS_NFE, semDeclaracao } from './soap';

export const VERSAO_NFE = '4.00';
export const VERSAO_EVENTO = '1.00';
export const EVENTO_CANCELAMENTO = '110111';
export const EVENTO_CARTA_CORRECAO = '110110';
const DECLARACAO = '<?xml version="1.0" encoding="UTF-8"?>';

/** The IBGE code of a UF (cUF), e.g. 35 for SP. */
export function codigoUf(uf: string): number {
  const achada = UFS.find((u) => u.sigla === uf.toUpperCase());
  if (!achada) throw new Error(`UF desconhecida: ${uf}`);
  return achada.ibge;
}

const doisDigitos = (valor: number) => String(valor).padStart(2, '0');

/**
 * Free texts (xJust 15 to 255 characters, xCorrecao 15 to 1,000) travel on one line, without
 * spaces at the ends.
 */
function textoLivre(texto: string): string {
  return escaparXml(texto.replace(/\s+/g, ' ').trim());
}

/** NFeStatusServico4. */
export function consStatServ(p: { tpAmb: TpAmb; cUF: number }): string {
  return (
    `<consStatServ xmlns="${NS_NFE}" versao="${VERSAO_NFE}">` +
    `<tpAmb>${p.tpAmb}</tpAmb><cUF>${p.cUF}</cUF><xServ>STATUS</xServ></consStatServ>`
  );
}

/**
 * NFeAutorizacao4: a batch of one signed note, answered synchronously (indSinc 1; a batch of one
 * sent with indSinc 0 is refused with 452 since NT 2025.001).
 */
export function enviNFe(xmlAssinado: string, idLote: string, indSinc: 0 | 1 = 1): string {
  return (
    `<enviNFe xmlns="${NS_NFE}" versao="${VERSAO_NFE}">` +
    `<idLote>${idLote}</idLote><indSinc>${indSinc}</indSinc>${semDeclaracao(xmlAssinado)}</enviNFe>`
  );
}

/** NFeRetAutorizacao4: the result of a batch answered with a receipt (103). */
export function consReciNFe(p: { tpAmb: TpAmb; nRec: string }): string {
  return (
    `<consReciNFe xmlns="${NS_NFE}" versao="${VERSAO_NFE}">` +
    `<tpAmb>${p.tpAmb}</tpAmb><nRec>${p.nRec}</nRec></consReciNFe>`
  );
}

/** NFeConsultaProtocolo4: what SEFAZ knows of a key. */
export function consSitNFe(p: { tpAmb: TpAmb; chave: string }): string {
  return (
    `<consSitNFe xmlns="${NS_NFE}" versao="${VERSAO_NFE}">` +
    `<tpAmb>${p.tpAmb}</tpAmb><xServ>CONSULTAR</xServ><chNFe>${p.chave}</chNFe></consSitNFe>`
  );
}

export interface PedidoInutilizacao {
  tpAmb: TpAmb;
  cUF: number;
  /** The year of the numbers (2026 or 26). */
  ano: number;
  cnpj: string;
  modelo: ModeloFiscal;
  serie: number;
  inicio: number;
  fim: number;
  justificativa: string;
}

/** The Id of infInut: "ID" + cUF + AA + CNPJ + modelo + série (3) + first and last number (9). */
export function idInutilizacao(p: PedidoInutilizacao): string {
  return (
    `ID${doisDigitos(p.cUF)}${doisDigitos(p.ano % 100)}${p.cnpj}${p.modelo}` +
    `${String(p.serie).padStart(3, '0')}${String(p.inicio).padStart(9, '0')}` +
    String(p.fim).padStart(9, '0')
  );
}

/** NFeInutilizacao4: numbers of a série that will never be used, signed on infInut. */
export function inutNFe(p: PedidoInutilizacao, certificado: CertificadoPem): string {
  const xml =
    `<inutNFe xmlns="${NS_NFE}" versao="${VERSAO_NFE}"><infInut Id="${idInutilizacao(p)}">` +
    `<tpAmb>${p.tpAmb}</tpAmb><xServ>INUTILIZAR</xServ><cUF>${p.cUF}</cUF>` +
    `<ano>${doisDigitos(p.ano % 100)}</ano><CNPJ>${p.cnpj}</CNPJ><mod>${p.modelo}</mod>` +
    `<serie>${p.serie}</serie><nNFIni>${p.inicio}</nNFIni><nNFFin>${p.fim}</nNFFin>` +
    `<xJust>${textoLivre(p.justificativa)}</xJust></infInut></inutNFe>`;
  return assinarXml(xml, 'infInut', certificado);
}

/** What every event of a note carries (the part of infEvento before detEvento). */
interface PedidoEvento {
  tpAmb: TpAmb;
  chave: string;
  cnpj: string;
  dhEvento: Date;
  timeZone?: string;
  /** 1 for a cancellation; 1 to 20 for correction letters. */
  nSeqEvento?: number;
}

export interface PedidoCancelamento extends PedidoEvento {
  /** nProt of the authorization. */
  protocolo: string;
  justificativa: string;
}

export interface PedidoCartaCorrecao extends PedidoEvento {
  correcao: string;
}

/** The Id of infEvento: "ID" + tpEvento + key + nSeqEvento (2). */
export function idEvento(tpEvento: string, chave: string, nSeqEvento: number): string {
  return `ID${tpEvento}${chave}${doisDigitos(nSeqEvento)}`;
}

/** An event signed on infEvento, sent to the key's own UF (cOrgao); `detalhe` goes in detEvento. */
function evento(
  tpEvento: string,
  p: PedidoEvento,
  detalhe: string,
  certificado: CertificadoPem,
): string {
  const nSeq = p.nSeqEvento ?? 1;
  const xml =
    `<evento xmlns="${NS_NFE}" versao="${VERSAO_EVENTO}">` +
    `<infEvento Id="${idEvento(tpEvento, p.chave, nSeq)}">` +
    `<cOrgao>${p.chave.slice(0, 2)}</cOrgao><tpAmb>${p.tpAmb}</tpAmb><CNPJ>${p.cnpj}</CNPJ>` +
    `<chNFe>${p.chave}</chNFe><dhEvento>${isoComFuso(p.dhEvento, p.timeZone)}</dhEvento>` +
    `<tpEvento>${tpEvento}</tpEvento><nSeqEvento>${nSeq}</nSeqEvento>` +
    `<verEvento>${VERSAO_EVENTO}</verEvento><detEvento versao="${VERSAO_EVENTO}">` +
    `${detalhe}</detEvento></infEvento></evento>`;
  return assinarXml(xml, 'infEvento', certificado);
}

/** The cancellation event (110111): the authorization's protocol and the justification. */
export function eventoCancelamento(p: PedidoCancelamento, certificado: CertificadoPem): string {
  const detalhe =
    `<descEvento>Cancelamento</descEvento><nProt>${p.protocolo}</nProt>` +
    `<xJust>${textoLivre(p.justificativa)}</xJust>`;
  return evento(EVENTO_CANCELAMENTO, p, detalhe, certificado);
}

/** The correction letter (110110): the correction and the fixed condições de uso. */
export function eventoCartaCorrecao(p: PedidoCartaCorrecao, certificado: CertificadoPem): string {
  const detalhe =
    `<descEvento>Carta de Correção</descEvento>` +
    `<xCorrecao>${textoLivre(p.correcao)}</xCorrecao>` +
    `<xCondUso>${escaparXml(CONDICOES_DE_USO_CCE)}</xCondUso>`;
  return evento(EVENTO_CARTA_CORRECAO, p, detalhe, certificado);
}

/** NFeRecepcaoEvento4: a batch of signed events. */
export function envEvento(eventosAssinados: string[], idLote: string): string {
  return (
    `<envEvento xmlns="${NS_NFE}" versao="${VERSAO_EVENTO}"><idLote>${idLote}</idLote>` +
    `${eventosAssinados.map(semDeclaracao).join('')}</envEvento>`
  );
}

/** The authorized note as it is kept and handed out: the signed NFe and its protNFe, unchanged. */
export function montarNfeProc(xmlAssinado: string, protNFeXml: string): string {
  return (
    `${DECLARACAO}<nfeProc xmlns="${NS_NFE}" versao="${VERSAO_NFE}">` +
    `${semDeclaracao(xmlAssinado)}${semDeclaracao(protNFeXml)}</nfeProc>`
  );
}

/** A registered event as it is kept: the signed evento and SEFAZ's retEvento, unchanged. */
export function montarProcEvento(eventoXml: string, retEventoXml: string): string {
  return (
    `${DECLARACAO}<procEventoNFe xmlns="${NS_NFE}" versao="${VERSAO_EVENTO}">` +
    `${semDeclaracao(eventoXml)}${semDeclaracao(retEventoXml)}</procEventoNFe>`
  );
}

/** A homologated inutilização as it is kept: the signed inutNFe and SEFAZ's retInutNFe, unchanged. */
export function montarProcInutNFe(inutNFeXml: string, retInutNFeXml: string): string {
  return (
    `${DECLARACAO}<ProcInutNFe xmlns="${NS_NFE}" versao="${VERSAO_NFE}">` +
    `${semDeclaracao(inutNFeXml)}${semDeclaracao(retInutNFeXml)}</ProcInutNFe>`
  );
}
