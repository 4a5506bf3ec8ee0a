import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { FISCAL_MENSAGENS } from '@prumo/shared/fiscal';
import { CertificadoInvalido, lerCertificadoA1 } from './certificado';
import forge from 'node-forge';
import { gerarCertificadoTeste, numeroDeSerie } from './certificado-teste';

const CNPJ = '12345678000195';

describe('certificado A1', () => {
  it('reads holder, CNPJ, issuer and validity, and hands PEM to TLS', () => {
    const validoAte = new Date('2027-03-01T12:00:00Z');
    const teste = gerarCertificadoTeste({ cnpj: CNPJ, razaoSocial: 'PRUMO LTDA', validoAte });
    const { pem, info } = lerCertificadoA1(teste.pfx, teste.senha);
    expect(info).toMatchObject({ titular: 'PRUMO LTDA', cnpj: CNPJ, simulacao: true });
    expect(info.validoAte.toISOString()).toBe(validoAte.toISOString());
    expect(pem.cadeiaPem).toHaveLength(1);
    expect(() =>
      createSecureContext({ key: pem.chavePrivadaPem, cert: pem.certificadoPem }),
    ).not.toThrow();
  });

  it("makes a readable certificate whatever the company's name holds (emoji, invisible characters, 200 letters)", () => {
    const teste = gerarCertificadoTeste({
      cnpj: CNPJ,
      razaoSocial: '😀 Padaria\u200b Pão Quente\u0000 Ltda',
    });
    expect(lerCertificadoA1(teste.pfx, teste.senha).info.titular).toBe('Padaria Pao Quente Ltda');
    const longo = gerarCertificadoTeste({ cnpj: CNPJ, razaoSocial: 'Á'.repeat(200) });
    const { info } = lerCertificadoA1(longo.pfx, longo.senha);
    expect(`${info.titular}:${CNPJ}`).toHaveLength(64);
  });

  it('gives serial numbers that OpenSSL reads, whatever the random bytes', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const chave = forge.pki.privateKeyFromPem(privateKey);
    const nome = [{ name: 'commonName', value: 'SERIAL' }];
    // The first bytes that broke the old serials (a leading zero, a high bit) and their edges.
    for (const inicio of [0x00, 0x01, 0x05, 0x0f, 0x10, 0x7f, 0x80, 0x8f, 0xff]) {
      for (const segundo of [0x00, 0x05, 0x7f, 0x80, 0xff]) {
        const bytes = Buffer.alloc(16, 0xab);
        bytes[0] = inicio;
        bytes[1] = segundo;
        const cert = forge.pki.createCertificate();
        cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
        cert.serialNumber = numeroDeSerie(bytes);
        cert.validity.notBefore = new Date();
        cert.validity.notAfter = new Date(Date.now() + 86_400_000);
        cert.setSubject(nome);
        cert.setIssuer(nome);
        cert.sign(chave, forge.md.sha256.create());
        const lido = new X509Certificate(forge.pki.certificateToPem(cert));
        expect(lido.serialNumber.toLowerCase()).toBe(cert.serialNumber);
      }
    }
  });

  it('opens a legacy RC2-40/3DES .pfx that Node TLS refuses', async () => {
    // fixtures/legado-rc2.pfx: made once with `openssl pkcs12 -export -legacy -certpbe
    // PBE-SHA1-RC2-40 -keypbe PBE-SHA1-3DES` (password "legado"), self-signed, valid nowhere.
    const pfx = await readFile(new URL('./fixtures/legado-rc2.pfx', import.meta.url));
    expect(() => createSecureContext({ pfx, passphrase: 'legado' })).toThrow(/Unsupported PKCS12/);
    const { pem, info } = lerCertificadoA1(pfx, 'legado');
    expect(info).toMatchObject({ titular: 'LEGADO RC2 LTDA', cnpj: CNPJ, simulacao: false });
    expect(() =>
      createSecureContext({ key: pem.chavePrivadaPem, cert: pem.certificadoPem }),
    ).not.toThrow();
  });

  it('refuses a wrong password and a file that is not a certificate, in pt-BR', () => {
    const teste = gerarCertificadoTeste({ cnpj: CNPJ, razaoSocial: 'X' });
    expect(() => lerCertificadoA1(teste.pfx, 'errada')).toThrow(CertificadoInvalido);
    expect(() => lerCertificadoA1(Buffer.from('não é um pfx'), 'x')).toThrow(
      FISCAL_MENSAGENS.certificadoSenha,
    );
  });
});
