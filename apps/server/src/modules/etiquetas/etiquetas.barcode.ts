import bwipjs from 'bwip-js/node';
import { gtinCheckDigit } from '@prumo/shared/produtos';

/** A linear barcode as module widths, ready to draw as rectangles. */
export interface CodigoBarras {
  tipo: 'EAN-13' | 'Code 128';
  /** What a scanner reads. */
  texto: string;
  /** Widths in modules, alternating bar, space, bar... starting with a bar. */
  larguras: number[];
  /** Modules of the symbol, without the quiet zones. */
  modulos: number;
  /** Quiet zones (blank modules) the symbology needs on each side. */
  zonaEsquerda: number;
  zonaDireita: number;
}

/** A 13-digit GTIN with the right check digit. */
export function isEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && gtinCheckDigit(code.slice(0, 12)) === Number(code[12]);
}

const cache = new Map<string, CodigoBarras | null>();

function encode(bcid: 'ean13' | 'code128', text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid, text }) as Array<{ sbs?: number[] }>;
  if (!symbol?.sbs) throw new Error(`bwip-js não gerou ${bcid}`);
  return symbol.sbs;
}

/**
 * EAN-13 for a valid 13-digit GTIN, Code 128 for anything else (internal codes, EAN-8, UPC-A,
 * texts). Code 128 carries printable ASCII only: accents are dropped first, and a code that still
 * cannot be encoded gets no barcode (null). Encodings are cached: a sheet repeats its products.
 */
export function codificarCodigoBarras(code: string): CodigoBarras | null {
  const cached = cache.get(code);
  if (cached !== undefined) return cached;
  let result: CodigoBarras | null = null;
  try {
    if (isEan13(code)) {
      const larguras = encode('ean13', code);
      result = {
        tipo: 'EAN-13',
        texto: code,
        larguras,
        modulos: sum(larguras),
        zonaEsquerda: 11,
        zonaDireita: 7,
      };
    } else {
      const texto = code.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (/^[\x20-\x7e]+$/.test(texto)) {
        const larguras = encode('code128', texto);
        result = {
          tipo: 'Code 128',
          texto,
          larguras,
          modulos: sum(larguras),
          zonaEsquerda: 10,
          zonaDireita: 10,
        };
      }
    }
  } catch {
    result = null;
  }
  if (cache.size > 50_000) cache.clear();
  cache.set(code, result);
  return result;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
