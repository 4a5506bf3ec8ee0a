// The company's A1 certificate (.pfx / .p12): read with node-forge, which also opens the legacy
// RC2/3DES files Node 20's TLS refuses ("Unsupported PKCS12 PFX data"); TLS and the XML
// signature then get PEM.
import forge from 'node-forge';
import { FISCAL_MENSAGENS } from '@prumo/shared/fiscal';
import type { CertificadoPem } from '../nfe/nfe-dados';

export interface CertificadoInfoA1 {
  /** The holder's name (the CN before ":CNPJ" in an e-CNPJ). */
  titular: string;
  /** 14 characters, or null when the certificate names none. */
  cnpj: string | null;
  emitidoPor: string;
  validoDe: Date;
  validoAte: Date;
  /** Made by Prumo for the ambiente de simulação (its issuer is the simulation's CA). */
  simulacao: boolean;
}

export class CertificadoInvalido extends Error {}

/** The simulation's CA names itself with this, so a simulation certificate is recognised. */
export const AC_SIMULACAO = 'AC Prumo Simulacao SEM VALOR FISCAL';

/** ICP-Brasil's OID for a legal person's CNPJ in subjectAltName's otherName. */
const OID_CNPJ = '2.16.76.1.3.3';

/** forge types its OID table loosely; these three are always there. */
const OIDS = forge.pki.oids as Record<'pkcs8ShroudedKeyBag' | 'keyBag' | 'certBag', string>;

export function lerCertificadoA1(
  pfx: Buffer,
  senha: string,
): { pem: CertificadoPem; info: CertificadoInfoA1 } {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, senha);
  } catch {
    throw new CertificadoInvalido(FISCAL_MENSAGENS.certificadoSenha);
  }
  const bolsas = (tipo: string) => p12.getBags({ bagType: tipo })[tipo] ?? [];
  const chave = [...bolsas(OIDS.pkcs8ShroudedKeyBag), ...bolsas(OIDS.keyBag)].find((bag) => bag.key)
    ?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!chave) throw new CertificadoInvalido(FISCAL_MENSAGENS.certificadoSemChave);
  const certificados = bolsas(OIDS.certBag)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined);
  // The holder's certificate is the one whose public key matches the private key; the others
  // are its chain (the ICP-Brasil intermediates and root).
  const doTitular = certificados.find((cert) => {
    const publica = cert.publicKey as forge.pki.rsa.PublicKey;
    return publica.n?.equals(chave.n) && publica.e?.equals(chave.e);
  });
  if (!doTitular) throw new CertificadoInvalido(FISCAL_MENSAGENS.certificadoSemChave);

  const cn = String(doTitular.subject.getField('CN')?.value ?? '');
  const [nomeDoCn, cnpjDoCn] = cn.split(':');
  const emitidoPor = String(doTitular.issuer.getField('CN')?.value ?? '');
  return {
    pem: {
      chavePrivadaPem: forge.pki.privateKeyToPem(chave),
      certificadoPem: forge.pki.certificateToPem(doTitular),
      cadeiaPem: certificados
        .filter((cert) => cert !== doTitular)
        .map((cert) => forge.pki.certificateToPem(cert)),
    },
    info: {
      titular: (nomeDoCn ?? cn).trim(),
      cnpj: cnpjDoAltName(doTitular) ?? normalizarCnpj(cnpjDoCn),
      emitidoPor,
      validoDe: doTitular.validity.notBefore,
      validoAte: doTitular.validity.notAfter,
      simulacao: emitidoPor === AC_SIMULACAO,
    },
  };
}

function normalizarCnpj(texto: string | undefined): string | null {
  const cnpj = (texto ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return cnpj.length === 14 ? cnpj : null;
}

/** The CNPJ in subjectAltName's otherName 2.16.76.1.3.3, as an ICP-Brasil e-CNPJ carries it. */
function cnpjDoAltName(cert: forge.pki.Certificate): string | null {
  const ext = cert.getExtension('subjectAltName') as { value?: string } | undefined;
  if (!ext?.value) return null;
  try {
    const nomes = forge.asn1.fromDer(ext.value);
    for (const nome of nomes.value as forge.asn1.Asn1[]) {
      // otherName: [0] { type-id OID, [0] EXPLICIT value }
      if (nome.type !== 0 || !Array.isArray(nome.value)) continue;
      const [oid, valor] = nome.value as forge.asn1.Asn1[];
      if (!oid || forge.asn1.derToOid(forge.util.createBuffer(oid.value as string)) !== OID_CNPJ) {
        continue;
      }
      const texto = (valor?.value as forge.asn1.Asn1[] | undefined)?.[0]?.value;
      if (typeof texto === 'string') return normalizarCnpj(texto);
    }
  } catch {
    return null;
  }
  return null;
}
