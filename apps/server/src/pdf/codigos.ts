// Barcodes and QR codes drawn as vector rectangles (sharp at any printer's resolution, no image
// to encode). bwip-js encodes them; it loads with the first code, so the server starts without it.
import type * as Bwip from 'bwip-js/node';
import type { PDFPage } from 'pdf-lib';

let bwip: Promise<typeof Bwip> | undefined;
/** Its default export is the API (its named `raw` is another thing: the "raw" symbology). */
const carregarBwip = () =>
  (bwip ??= import('bwip-js/node').then(
    (mod) => (mod as unknown as { default?: typeof Bwip }).default ?? mod,
  ));

/** A symbol in module units: its dark rectangles [x, y, largura, altura] on a grid. */
export interface Simbolo {
  colunas: number;
  linhas: number;
  escuros: ReadonlyArray<readonly [number, number, number, number]>;
}

/** CODE-128 of a printable ASCII text (all digits, even count: set C, as the NF-e key needs). */
export async function codigo128(texto: string): Promise<Simbolo> {
  const { raw } = await carregarBwip();
  const [simbolo] = raw('code128', texto, '') as Array<{ sbs?: number[] }>;
  if (!simbolo?.sbs) throw new Error('bwip-js não gerou o código de barras');
  const escuros: Array<[number, number, number, number]> = [];
  let x = 0;
  simbolo.sbs.forEach((largura, indice) => {
    if (indice % 2 === 0) escuros.push([x, 0, largura, 1]);
    x += largura;
  });
  return { colunas: x, linhas: 1, escuros };
}

/** A QR code (error correction M) of a text; each row's dark runs become one rectangle. */
export async function qrCode(texto: string): Promise<Simbolo> {
  const { raw } = await carregarBwip();
  const [simbolo] = raw('qrcode', texto, 'eclevel=M') as Array<{
    pixs?: number[];
    pixx: number;
    pixy: number;
  }>;
  if (!simbolo?.pixs) throw new Error('bwip-js não gerou o QR code');
  const { pixs, pixx, pixy } = simbolo;
  const escuros: Array<[number, number, number, number]> = [];
  for (let y = 0; y < pixy; y++) {
    let inicio = -1;
    for (let x = 0; x <= pixx; x++) {
      const escuro = x < pixx && pixs[y * pixx + x] === 1;
      if (escuro && inicio < 0) inicio = x;
      if (!escuro && inicio >= 0) {
        escuros.push([inicio, y, x - inicio, 1]);
        inicio = -1;
      }
    }
  }
  return { colunas: pixx, linhas: pixy, escuros };
}

/**
 * Draws a symbol stretched to a box whose bottom-left corner is (x, y), in points. The caller
 * leaves the quiet zone around it (10 modules for CODE-128, 4 for a QR code).
 */
export function desenharSimbolo(
  pagina: PDFPage,
  simbolo: Simbolo,
  caixa: { x: number; y: number; largura: number; altura: number },
): void {
  const modulo = caixa.largura / simbolo.colunas;
  const linha = caixa.altura / simbolo.linhas;
  for (const [x, y, largura, altura] of simbolo.escuros) {
    // Without a colour pdf-lib fills in black; the runs overlap a hair so no seam shows.
    pagina.drawRectangle({
      x: caixa.x + x * modulo,
      y: caixa.y + caixa.altura - (y + altura) * linha - 0.01,
      width: largura * modulo,
      height: altura * linha + 0.02,
    });
  }
}
