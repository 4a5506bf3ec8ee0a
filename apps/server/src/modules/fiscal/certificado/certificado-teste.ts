// Certificates of the ambiente de simulação and of the tests: an e-CNPJ-shaped A1 signed by a
// CA made here, and the TLS certificate of the SEFAZ simulator signed by the same CA. They are
// valid nowhere else (their CA names itself "SEM VALOR FISCAL").
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import type { CertificadoPem } from '../nfe/nfe-dados';
import { AC_SIMULACAO } from './certificado';

export interface AutoridadeTeste {
  chave: forge.pki.rsa.PrivateKey;
  certificado: forge.pki.Certificate;
  certificadoPem: string;
}

let autoridade: AutoridadeTeste | undefined;

/** Node makes the RSA key (forge's pure-JS generation takes seconds on a small machine). */
function novaChave(): { privada: forge.pki.rsa.PrivateKey; publica: forge.pki.rsa.PublicKey } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    privada: forge.pki.privateKeyFromPem(privateKey),
    publica: forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey,
  };
}

/**
 * A serial number as DER wants it: positive (first bit clear) and minimal (no leading zero
 * byte), unique enough for certificates nobody else trusts. The old '0' + 30 hex digits gave
 * about one certificate in 600 that OpenSSL refuses ("illegal padding"), and with it a
 * simulated SEFAZ that no note of the process reached.
 */
export function numeroDeSerie(aleatorio: Buffer = randomBytes(16)): string {
  const bytes = Buffer.from(aleatorio);
  bytes[0] = bytes[0]! & 0x7f || 0x01;
  return bytes.toString('hex');
}

/** The simulation's CA: one per process (or the one given, to keep a demo's across restarts). */
export function autoridadeTeste(pem?: {
  chavePem: string;
  certificadoPem: string;
}): AutoridadeTeste {
  if (pem) {
    return {
      chave: forge.pki.privateKeyFromPem(pem.chavePem),
      certificado: forge.pki.certificateFromPem(pem.certificadoPem),
      certificadoPem: pem.certificadoPem,
    };
  }
  if (autoridade) return autoridade;
  const { privada, publica } = novaChave();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publica;
  cert.serialNumber = numeroDeSerie();
  cert.validity.notBefore = new Date(Date.now() - 24 * 3_600_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3_600_000);
  const nome = [
    { name: 'commonName', value: AC_SIMULACAO },
    { name: 'organizationName', value: 'Prumo ERP' },
    { name: 'countryName', value: 'BR' },
  ];
  cert.setSubject(nome);
  cert.setIssuer(nome);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privada, forge.md.sha256.create());
  autoridade = {
    chave: privada,
    certificado: cert,
    certificadoPem: forge.pki.certificateToPem(cert),
  };
  return autoridade;
}

/** ASN.1 of subjectAltName's otherName carrying the CNPJ (OID 2.16.76.1.3.3). */
function altNameCnpj(cnpj: string): forge.asn1.Asn1 {
  const { asn1 } = forge;
  return asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(
      asn1.Class.UNIVERSAL,
      asn1.Type.OID,
      false,
      asn1.oidToDer('2.16.76.1.3.3').getBytes(),
    ),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, cnpj),
    ]),
  ]);
}

function emitir(
  ca: AutoridadeTeste,
  sujeito: forge.pki.CertificateField[],
  extensoes: object[],
  validade: { de: Date; ate: Date },
) {
  const { privada, publica } = novaChave();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publica;
  cert.serialNumber = numeroDeSerie();
  cert.validity.notBefore = validade.de;
  cert.validity.notAfter = validade.ate;
  cert.setSubject(sujeito);
  cert.setIssuer(ca.certificado.subject.attributes);
  cert.setExtensions(extensoes);
  cert.sign(ca.chave, forge.md.sha256.create());
  return { privada, cert };
}

/**
 * The holder's name as a certificate's CN carries it: without accents, printable ASCII only
 * (an emoji or an invisible character in the company's name made a .pfx that no reader
 * opens), and short enough that "NAME:CNPJ" stays within X.509's 64 characters.
 */
export function nomeNoCertificado(razaoSocial: string, cnpj: string): string {
  const nome = razaoSocial
    .normalize('NFD')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 63 - cnpj.length)
    .trim();
  return `${nome || 'EMPRESA'}:${cnpj}`;
}

export interface CertificadoTeste {
  pfx: Buffer;
  senha: string;
  pem: CertificadoPem;
}

/**
 * An e-CNPJ A1 of the simulation: CN "RAZAO SOCIAL:CNPJ", the CNPJ also in subjectAltName,
 * client authentication, in a .pfx with its CA.
 */
export function gerarCertificadoTeste(opcoes: {
  cnpj: string;
  razaoSocial: string;
  validoDe?: Date;
  validoAte?: Date;
  senha?: string;
  ca?: AutoridadeTeste;
}): CertificadoTeste {
  const ca = opcoes.ca ?? autoridadeTeste();
  const senha = opcoes.senha ?? 'simulacao';
  const { privada, cert } = emitir(
    ca,
    [
      { name: 'commonName', value: nomeNoCertificado(opcoes.razaoSocial, opcoes.cnpj) },
      { name: 'organizationName', value: 'ICP-Brasil (simulação)' },
      { name: 'countryName', value: 'BR' },
    ],
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
      { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
      { name: 'subjectAltName', altNames: [] },
    ],
    {
      de: opcoes.validoDe ?? new Date(Date.now() - 24 * 3_600_000),
      ate: opcoes.validoAte ?? new Date(Date.now() + 365 * 24 * 3_600_000),
    },
  );
  // forge writes altNames it knows; the otherName with the CNPJ is set by hand and re-signed.
  const ext = cert.getExtension('subjectAltName') as { value: string } | undefined;
  if (ext) {
    ext.value = forge.asn1
      .toDer(
        forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, [
          altNameCnpj(opcoes.cnpj),
        ]),
      )
      .getBytes();
    cert.sign(ca.chave, forge.md.sha256.create());
  }
  const p12 = forge.pkcs12.toPkcs12Asn1(privada, [cert, ca.certificado], senha, {
    algorithm: 'aes256',
    friendlyName: opcoes.razaoSocial,
  });
  return {
    pfx: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    senha,
    pem: {
      chavePrivadaPem: forge.pki.privateKeyToPem(privada),
      certificadoPem: forge.pki.certificateToPem(cert),
      cadeiaPem: [ca.certificadoPem],
    },
  };
}

/** The SEFAZ simulator's TLS certificate for `host` (localhost and 127.0.0.1 by default). */
export function gerarCertificadoServidorTeste(ca: AutoridadeTeste = autoridadeTeste()): {
  chavePem: string;
  certificadoPem: string;
} {
  const { privada, cert } = emitir(
    ca,
    [
      { name: 'commonName', value: 'localhost' },
      { name: 'organizationName', value: 'SEFAZ (simulação)' },
    ],
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
    {
      de: new Date(Date.now() - 24 * 3_600_000),
      ate: new Date(Date.now() + 10 * 365 * 24 * 3_600_000),
    },
  );
  return {
    chavePem: forge.pki.privateKeyToPem(privada),
    certificadoPem: forge.pki.certificateToPem(cert),
  };
}
