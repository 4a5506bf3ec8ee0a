// Secrets at rest (ARCHITECTURE.md, "Outside services"): the A1 certificate, its password, the
// CSC and the mail server's password are stored encrypted (AES-256-GCM) with a key that is never
// in the database: the environment's PRUMO_CHAVE_SEGREDOS (32 bytes in base64 or hex), or a 0600
// file in the data folder made on first use. Losing the key loses the secrets, not the data: the
// certificate and the password are entered again. Shared by the modules that keep secrets
// (fiscal, emails), so it lives outside them.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSAO = 'v1';
export const ARQUIVO_CHAVE = 'segredos.key';

export class CofreIndisponivel extends Error {}

function chaveDoTexto(texto: string): Buffer {
  const limpo = texto.trim();
  const chave = /^[0-9a-f]{64}$/i.test(limpo)
    ? Buffer.from(limpo, 'hex')
    : Buffer.from(limpo, 'base64');
  if (chave.length !== 32) {
    throw new CofreIndisponivel('PRUMO_CHAVE_SEGREDOS deve ter 32 bytes (base64 ou hexadecimal)');
  }
  return chave;
}

/** The key: from the environment, else DATA_DIR/segredos.key (created 0600 when missing). */
export function carregarChaveCofre(opcoes: { env?: string; dataDir: string }): Buffer {
  if (opcoes.env) return chaveDoTexto(opcoes.env);
  const arquivo = path.join(opcoes.dataDir, ARQUIVO_CHAVE);
  try {
    return chaveDoTexto(readFileSync(arquivo, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(opcoes.dataDir, { recursive: true });
  const nova = randomBytes(32);
  // 'wx': two processes starting together never overwrite each other's key.
  try {
    writeFileSync(arquivo, nova.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    return nova;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return chaveDoTexto(readFileSync(arquivo, 'utf8'));
  }
}

export interface Cofre {
  cifrar(dado: Buffer | string): string;
  decifrar(cifrado: string): Buffer;
}

export function criarCofre(chave: Buffer): Cofre {
  return {
    cifrar(dado) {
      const iv = randomBytes(12);
      const cifra = createCipheriv('aes-256-gcm', chave, iv);
      const corpo = Buffer.concat([cifra.update(dado), cifra.final()]);
      return `${VERSAO}:${Buffer.concat([iv, cifra.getAuthTag(), corpo]).toString('base64')}`;
    },
    decifrar(cifrado) {
      const [versao, base64] = cifrado.split(':');
      if (versao !== VERSAO || !base64)
        throw new CofreIndisponivel('Segredo em formato desconhecido');
      const bruto = Buffer.from(base64, 'base64');
      const decifra = createDecipheriv('aes-256-gcm', chave, bruto.subarray(0, 12));
      decifra.setAuthTag(bruto.subarray(12, 28));
      try {
        return Buffer.concat([decifra.update(bruto.subarray(28)), decifra.final()]);
      } catch {
        throw new CofreIndisponivel(
          'Não foi possível abrir um segredo guardado: a chave dos segredos mudou. Informe-o de novo.',
        );
      }
    },
  };
}
