// SOAP 1.2 as the NF-e web services speak it (Manual de Orientação do Contribuinte 4.00): no
// header, the message inside <nfeDadosMsg> in the service's WSDL namespace, the answer inside
// <nfeResultMsg>, and the action in the content type instead of a SOAPAction header.
import {
  DOMParser,
  onErrorStopParsing,
  XMLSerializer,
  type Document,
  type Element,
} from '@xmldom/xmldom';
import { OPERACOES_SEFAZ, type ServicoSefaz } from './sefaz-urls';

export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
export const NS_SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const NS_WSDL = 'http://www.portalfiscal.inf.br/nfe/wsdl/';

type Envoltorio = 'nfeDadosMsg' | 'nfeResultMsg';

/** The SOAP 1.2 action of a service: the WSDL namespace and the operation. */
export function acaoSoap(servico: ServicoSefaz): string {
  return `${NS_WSDL}${servico}/${OPERACOES_SEFAZ[servico]}`;
}

export function tipoConteudoSoap(servico: ServicoSefaz): string {
  return `application/soap+xml;charset=utf-8;action="${acaoSoap(servico)}"`;
}

/** The envelope around a message (a request's nfeDadosMsg or an answer's nfeResultMsg). */
export function envelopeSoap(
  servico: ServicoSefaz,
  mensagem: string,
  envoltorio: Envoltorio = 'nfeDadosMsg',
): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="${NS_SOAP12}">` +
    `<soap12:Body><${envoltorio} xmlns="${NS_WSDL}${servico}">${semDeclaracao(mensagem)}</${envoltorio}></soap12:Body>` +
    '</soap12:Envelope>'
  );
}

/** A SOAP fault: the service could not read the request or failed inside. */
export function falhaSoap(motivo: string, codigo: 'Sender' | 'Receiver' = 'Sender'): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap12:Envelope xmlns:soap12="${NS_SOAP12}"><soap12:Body><soap12:Fault>` +
    `<soap12:Code><soap12:Value>soap12:${codigo}</soap12:Value></soap12:Code>` +
    `<soap12:Reason><soap12:Text xml:lang="pt-BR">${escaparXml(motivo)}</soap12:Text></soap12:Reason>` +
    '</soap12:Fault></soap12:Body></soap12:Envelope>'
  );
}

export class FalhaSoap extends Error {}

/** Parses XML, refusing anything not well formed (xmldom would otherwise recover silently). */
export function lerXml(texto: string): Document {
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(texto, 'text/xml');
  } catch (erro) {
    throw new FalhaSoap(`XML mal formado: ${erro instanceof Error ? erro.message : String(erro)}`);
  }
}

/**
 * The message inside an envelope: the first element in nfeDadosMsg (a request) or nfeResultMsg
 * (an answer). A SOAP fault throws FalhaSoap with its reason.
 */
export function lerEnvelopeSoap(texto: string, envoltorio: Envoltorio): Element {
  const documento = lerXml(texto);
  const fault = documento.getElementsByTagNameNS(NS_SOAP12, 'Fault')[0];
  if (fault) {
    const motivo = fault.getElementsByTagNameNS(NS_SOAP12, 'Text')[0]?.textContent?.trim();
    throw new FalhaSoap(motivo || 'Falha SOAP sem motivo');
  }
  const corpo = documento.getElementsByTagNameNS(NS_SOAP12, 'Body')[0];
  // Matched by local name: some authorizers answer with a prefix or without the WSDL namespace.
  const envelope = corpo ? primeiroFilho(corpo, envoltorio) : undefined;
  const mensagem = envelope ? primeiroFilho(envelope) : undefined;
  if (!mensagem) throw new FalhaSoap(`Envelope SOAP 1.2 sem ${envoltorio}`);
  return mensagem;
}

/** The first child element (with that local name, when given). */
export function primeiroFilho(pai: Element, nome?: string): Element | undefined {
  for (let no = pai.firstChild; no; no = no.nextSibling) {
    if (no.nodeType === no.ELEMENT_NODE && (!nome || (no as Element).localName === nome)) {
      return no as Element;
    }
  }
  return undefined;
}

/** The children with a local name, in order. */
export function filhos(pai: Element, nome: string): Element[] {
  const lista: Element[] = [];
  for (let no = pai.firstChild; no; no = no.nextSibling) {
    if (no.nodeType === no.ELEMENT_NODE && (no as Element).localName === nome) {
      lista.push(no as Element);
    }
  }
  return lista;
}

/** The text of the first child with a local name, or null when there is none. */
export function textoFilho(pai: Element, nome: string): string | null {
  const achado = primeiroFilho(pai, nome);
  return achado ? (achado.textContent ?? '') : null;
}

/** An element as XML text, with the namespace declarations it needs to stand alone. */
export function serializar(elemento: Element): string {
  return new XMLSerializer().serializeToString(elemento);
}

export function semDeclaracao(xml: string): string {
  return xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');
}

export function escaparXml(valor: string): string {
  return valor
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
