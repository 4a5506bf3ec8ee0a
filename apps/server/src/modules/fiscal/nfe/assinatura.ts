// The XMLDSig signature SEFAZ fixes for NF-e, NFC-e, inutilização and events: enveloped on the
// element's Id, C14N 1.0 (inclusive), RSA-SHA1 and SHA-1, the signer's certificate in KeyInfo
// (xmldsig-core-schema_v1.01.xsd fixes each algorithm; anything else fails the schema).
import { createSign } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { CertificadoPem } from './nfe-dados';

/** The signed elements: the NF-e's, its events' and inutilização's; the NFS-e's DPS, note and events. */
export type ElementoAssinado =
  'infNFe' | 'infInut' | 'infEvento' | 'infDPS' | 'infPedReg' | 'infNFSe';

const XMLDSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

/** The certificate's base64 body, as KeyInfo carries it (no PEM armour, no line breaks). */
function corpoDoCertificado(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/**
 * Signs the (single) `elemento` of `xml` with the A1 and returns the whole document with
 * `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">` as the last child of the element's
 * parent (after infNFeSupl on an NFC-e). The element must carry its Id already.
 */
export function assinarXml(
  xml: string,
  elemento: ElementoAssinado,
  certificado: CertificadoPem,
): string {
  const corpo = corpoDoCertificado(certificado.certificadoPem);
  const assinador = new SignedXml({
    privateKey: certificado.chavePrivadaPem,
    publicCert: certificado.certificadoPem,
    signatureAlgorithm: RSA_SHA1,
    canonicalizationAlgorithm: C14N,
    getKeyInfoContent: () => `<X509Data><X509Certificate>${corpo}</X509Certificate></X509Data>`,
  });
  // The signed element is a child of the document's root (NFe, inutNFe, evento): saying so spares
  // the xpath library a walk over every node, most of the signing time.
  const alvo = `/*/*[local-name(.)='${elemento}']`;
  assinador.addReference({
    xpath: alvo,
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: SHA1,
  });
  assinador.computeSignature(xml, { location: { reference: `${alvo}/..`, action: 'append' } });
  return assinador.getSignedXml();
}

/** The element named `elemento` among the signature's siblings whose Id is the reference's URI. */
function assinadoAoLado(assinatura: Element, uri: string, elemento?: ElementoAssinado) {
  for (let no = assinatura.parentNode?.firstChild ?? null; no; no = no.nextSibling) {
    if (no.nodeType !== no.ELEMENT_NODE) continue;
    const irmao = no as Element;
    if (`#${irmao.getAttribute('Id') ?? ''}` !== uri) continue;
    if (elemento === undefined || irmao.localName === elemento) return irmao;
  }
  return undefined;
}

/**
 * Whether every XMLDSig signature in the document verifies with the certificate in its own
 * KeyInfo, and signs (by URI "#Id") a sibling element — `elemento` when given. A document with no
 * signature is not valid. The certificate's chain is not judged here.
 */
export function assinaturaValida(xmlAssinado: string, elemento?: ElementoAssinado): boolean {
  let documento: Document;
  try {
    documento = new DOMParser({ onError: () => undefined }).parseFromString(
      xmlAssinado,
      'text/xml',
    );
  } catch {
    return false;
  }
  const assinaturas = Array.from(documento.getElementsByTagNameNS(XMLDSIG, 'Signature'));
  if (assinaturas.length === 0) return false;
  for (const assinatura of assinaturas) {
    const referencias = assinatura.getElementsByTagNameNS(XMLDSIG, 'Reference');
    if (referencias.length !== 1) return false;
    const uri = referencias[0]!.getAttribute('URI') ?? '';
    // The reference must name a sibling of the signature: no signature over some other copy.
    if (uri.length < 2 || !assinadoAoLado(assinatura, uri, elemento)) return false;
    const verificador = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
    // SEFAZ's documents name their Id "Id": one lookup instead of three walks over the document
    // (two elements with the same Id still fail, against signature wrapping).
    verificador.idAttributes = ['Id'];
    try {
      verificador.loadSignature(assinatura);
      if (!verificador.checkSignature(xmlAssinado)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** The DigestValue of the document's (first) signature: SEFAZ echoes it as digVal. */
export function digestValue(xmlAssinado: string): string {
  const encontrado = /<(?:\w+:)?DigestValue>([^<]+)<\/(?:\w+:)?DigestValue>/.exec(xmlAssinado);
  if (!encontrado) throw new Error('O XML não tem assinatura (DigestValue)');
  return encontrado[1]!.trim();
}

/** RSA-SHA1 of a text with the A1's key, in base64 (the offline NFC-e QR code's signature). */
export function assinarTexto(texto: string, certificado: CertificadoPem): string {
  return createSign('RSA-SHA1').update(texto, 'utf8').sign(certificado.chavePrivadaPem, 'base64');
}
