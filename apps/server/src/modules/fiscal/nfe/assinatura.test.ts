import { createVerify, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { gerarCertificadoTeste } from '../certificado/certificado-teste';
import { assinarTexto, assinarXml, assinaturaValida, digestValue } from './assinatura';
import { validarXml } from './esquemas';
import type { CertificadoPem } from './nfe-dados';
import { notaDeExemplo } from './nfe-exemplo';
import { montarNfe } from './nfe-xml';

let certificado: CertificadoPem;
let outro: CertificadoPem;
let nota: string;
let assinado: string;

beforeAll(() => {
  certificado = gerarCertificadoTeste({ cnpj: '11222333000181', razaoSocial: 'LOJA EXEMPLO' }).pem;
  outro = gerarCertificadoTeste({ cnpj: '11444777000161', razaoSocial: 'OUTRA EMPRESA' }).pem;
  nota = montarNfe(notaDeExemplo()).xml;
  assinado = assinarXml(nota, 'infNFe', certificado);
});

const INUTILIZACAO =
  '<inutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">' +
  '<infInut Id="ID35261122233300018155001000000010000000012"><tpAmb>2</tpAmb>' +
  '<xServ>INUTILIZAR</xServ><cUF>35</cUF><ano>26</ano><CNPJ>11222333000181</CNPJ><mod>55</mod>' +
  '<serie>1</serie><nNFIni>10</nNFIni><nNFFin>12</nNFFin>' +
  '<xJust>Numeração pulada por falha no sistema</xJust></infInut></inutNFe>';

describe('assinarXml', () => {
  it('signs infNFe as SEFAZ fixes it: C14N, RSA-SHA1, SHA-1, the certificate in KeyInfo', () => {
    const chave = /Id="(NFe\d{44})"/.exec(nota)![1];
    const assinatura = assinado.slice(assinado.indexOf('<Signature'));
    expect(assinatura).toMatch(
      /^<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"><SignedInfo>/,
    );
    expect(assinatura).toContain(
      '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>',
    );
    expect(assinatura).toContain(
      '<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>',
    );
    expect(assinatura).toContain(`<Reference URI="#${chave}">`);
    expect(assinatura).toContain(
      '<Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>' +
        '<Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>',
    );
    expect(assinatura).toContain(
      '<DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>',
    );
    const corpo = certificado.certificadoPem.replace(/-----[^-]+-----|\s/g, '');
    expect(assinatura).toContain(
      `<KeyInfo><X509Data><X509Certificate>${corpo}</X509Certificate></X509Data></KeyInfo>`,
    );
    // The signature is the last child of NFe and nothing else changed.
    expect(assinado.endsWith('</Signature></NFe>')).toBe(true);
    expect(assinado.slice(0, assinado.indexOf('<Signature'))).toBe(nota.slice(0, -'</NFe>'.length));
  });

  it('gives a document valid against the schema and a verifying signature', async () => {
    expect(await validarXml(assinado, 'nfe')).toEqual({ valido: true, erros: [] });
    expect(assinaturaValida(assinado)).toBe(true);
    expect(assinaturaValida(assinado, 'infNFe')).toBe(true);
  });

  it('signs an inutilização (infInut), valid against inutNFe', async () => {
    const inut = assinarXml(INUTILIZACAO, 'infInut', certificado);
    expect(await validarXml(inut, 'inutNFe')).toEqual({ valido: true, erros: [] });
    expect(assinaturaValida(inut, 'infInut')).toBe(true);
    expect(assinaturaValida(inut, 'infNFe')).toBe(false);
  });
});

describe('assinaturaValida', () => {
  it('fails a tampered note (a value, an item, the signed digest or the signature value)', () => {
    expect(assinaturaValida(assinado.replace('<vNF>', '<vNF>1'))).toBe(false);
    expect(assinaturaValida(assinado.replace('<qCom>2.0000</qCom>', '<qCom>3.0000</qCom>'))).toBe(
      false,
    );
    const digest = digestValue(assinado);
    expect(assinaturaValida(assinado.replace(digest, `A${digest.slice(1)}`))).toBe(false);
    const valor = /<SignatureValue>([^<]+)</.exec(assinado)![1]!;
    const trocado = valor.startsWith('A') ? `B${valor.slice(1)}` : `A${valor.slice(1)}`;
    expect(assinaturaValida(assinado.replace(valor, trocado))).toBe(false);
  });

  it("fails another certificate in KeyInfo, a missing signature and what isn't XML", () => {
    const corpo = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
    const trocado = assinado.replace(
      corpo(certificado.certificadoPem),
      corpo(outro.certificadoPem),
    );
    expect(assinaturaValida(trocado)).toBe(false);
    expect(assinaturaValida(nota)).toBe(false);
    expect(assinaturaValida('não é XML')).toBe(false);
    expect(assinaturaValida('')).toBe(false);
  });

  it('refuses a signature over an element that is not its sibling (signature wrapping)', () => {
    const infNFe = assinado.slice(assinado.indexOf('<infNFe'), assinado.indexOf('</infNFe>') + 9);
    const embrulhado = assinado
      .replace('<Signature', `<infNFeSupl><qrCode>x</qrCode></infNFeSupl><Signature`)
      .replace(
        '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">',
        `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><outro>${infNFe}</outro>`,
      );
    expect(assinaturaValida(embrulhado)).toBe(false);
  });

  it('verifies every signature of a batch (enviNFe with two notes)', () => {
    const segunda = assinarXml(montarNfe(notaDeExemplo({ numero: 2 })).xml, 'infNFe', certificado);
    const lote = (a: string, b: string) =>
      `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>1</idLote><indSinc>0</indSinc>${a}${b}</enviNFe>`;
    expect(assinaturaValida(lote(assinado, segunda))).toBe(true);
    expect(assinaturaValida(lote(assinado, segunda.replace('<vNF>', '<vNF>9')))).toBe(false);
  });
});

describe('digestValue and assinarTexto', () => {
  it('reads the DigestValue SEFAZ answers as digVal', () => {
    expect(digestValue(assinado)).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(() => digestValue(nota)).toThrow(/assinatura/);
  });

  it('signs a text with RSA-SHA1 in base64, verifiable with the certificate', () => {
    const assinatura = assinarTexto('chave|3|2|27|10.00||', certificado);
    const publica = new X509Certificate(certificado.certificadoPem).publicKey;
    expect(
      createVerify('RSA-SHA1').update('chave|3|2|27|10.00||').verify(publica, assinatura, 'base64'),
    ).toBe(true);
  });
});
