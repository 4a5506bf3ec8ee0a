import { isValidCnpj, isValidCpf, normalizeCnpj, normalizeCpf } from '../brasil';
import { fromCentavos, toCentavos } from '../money';

/**
 * The static PIX BR Code ("copia e cola") of the Banco Central's Manual de Padrões para
 * Iniciação do Pix: EMV QRCPS-MPM fields as ID + two-digit length + value, closed by a CRC16.
 */
export const PIX_TIPOS = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const;
export type PixTipo = (typeof PIX_TIPOS)[number];

export const PIX_TIPO_LABELS: Record<PixTipo, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  telefone: 'Telefone',
  aleatoria: 'Chave aleatória',
};

/** Most characters of the merchant name (field 59) and city (field 60). */
export const PIX_NOME_MAX = 25;
export const PIX_CIDADE_MAX = 15;

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key as the PIX directory keeps it, or null when it is not a key of that type. */
export function normalizePixChave(tipo: PixTipo, chave: string): string | null {
  const valor = chave.trim();
  switch (tipo) {
    case 'cpf':
      return isValidCpf(valor) ? normalizeCpf(valor) : null;
    case 'cnpj':
      return isValidCnpj(valor) ? normalizeCnpj(valor) : null;
    case 'email': {
      const email = valor.toLowerCase();
      return email.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
    }
    case 'telefone': {
      // "+55 (11) 98765-4321", "11987654321": +55, DDD and 8 or 9 digits.
      const digitos = valor.replace(/[\s()+.-]/g, '');
      if (!/^\d+$/.test(digitos)) return null;
      const nacional = digitos.length > 11 && digitos.startsWith('55') ? digitos.slice(2) : digitos;
      return /^[1-9]{2}9?\d{8}$/.test(nacional) ? `+55${nacional}` : null;
    }
    case 'aleatoria': {
      const evp = valor.toLowerCase();
      return EVP.test(evp) ? evp : null;
    }
  }
}

/** ASCII without accents, cut to `max` characters: what a BR Code text may hold. */
export function textoPix(texto: string, max: number): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,\-/&]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) in four upper-case hex digits. */
export function crc16Pix(texto: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(texto)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const campo = (id: string, valor: string) =>
  `${id}${String(valor.length).padStart(2, '0')}${valor}`;

export interface PixCobranca {
  /** The key, already normalised (normalizePixChave). */
  chave: string;
  nome: string;
  cidade: string;
  /** Reais; absent or zero leaves the amount to the payer. */
  valor?: number;
  /** Up to 25 letters and digits; "***" (none) by default. */
  txid?: string;
}

/** The static BR Code payload of a PIX charge, CRC included. */
export function pixPayload({ chave, nome, cidade, valor, txid }: PixCobranca): string {
  const centavos = valor ? toCentavos(valor) : 0;
  const id = (txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const semCrc = [
    campo('00', '01'),
    campo('26', campo('00', 'br.gov.bcb.pix') + campo('01', chave)),
    campo('52', '0000'),
    campo('53', '986'),
    centavos > 0 ? campo('54', fromCentavos(centavos).toFixed(2)) : '',
    campo('58', 'BR'),
    campo('59', textoPix(nome, PIX_NOME_MAX)),
    campo('60', textoPix(cidade, PIX_CIDADE_MAX)),
    campo('62', campo('05', id)),
    '6304',
  ].join('');
  return semCrc + crc16Pix(semCrc);
}
