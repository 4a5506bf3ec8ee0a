// For the DANFE and DANFCE tests: what a scanner reads on a page (zbarimg, Debian zbar-tools)
// and where the words are (pdftotext -bbox), beside pdf/pdf-teste.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function comPasta<T>(usar: (pasta: string) => T): T {
  const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'prumo-danfe-'));
  try {
    return usar(pasta);
  } finally {
    fs.rmSync(pasta, { recursive: true, force: true });
  }
}

function rodar(comando: string, args: string[], aceitos = [0]): string {
  const result = spawnSync(comando, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (!aceitos.includes(result.status ?? -1)) throw new Error(result.stderr);
  return result.stdout;
}

/** The codes zbarimg reads on one page rendered at `dpi`, as "TYPE:data" ("QR-Code:http..."). */
export function codigosDaPagina(pdf: Uint8Array, pagina = 1, dpi = 300): string[] {
  return comPasta((pasta) => {
    const arquivo = path.join(pasta, 'documento.pdf');
    fs.writeFileSync(arquivo, pdf);
    const saida = path.join(pasta, 'pagina');
    const numero = String(pagina);
    rodar('pdftoppm', [
      '-r',
      String(dpi),
      '-f',
      numero,
      '-l',
      numero,
      '-png',
      '-singlefile',
      arquivo,
      saida,
    ]);
    // zbarimg exits with 4 when it finds nothing.
    const xml = rodar('zbarimg', ['--xml', '-q', `${saida}.png`], [0, 4]);
    return [
      ...xml.matchAll(/<symbol type='([^']+)'[^>]*><data><!\[CDATA\[(.*?)\]\]><\/data>/g),
    ].map(([, tipo, dados]) => `${tipo}:${dados}`);
  });
}

export interface Palavra {
  texto: string;
  /** Points from the page's top-left corner. */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of one page with its box (pdftotext -bbox). */
export function palavrasDaPagina(pdf: Uint8Array, pagina = 1): Palavra[] {
  return comPasta((pasta) => {
    const arquivo = path.join(pasta, 'documento.pdf');
    fs.writeFileSync(arquivo, pdf);
    const numero = String(pagina);
    const html = rodar('pdftotext', ['-bbox', '-f', numero, '-l', numero, arquivo, '-']);
    return [
      ...html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map(([, xMin, yMin, xMax, yMax, texto]) => ({
      texto: texto!,
      xMin: Number(xMin),
      yMin: Number(yMin),
      xMax: Number(xMax),
      yMax: Number(yMax),
    }));
  });
}

/** Text with every run of white space as one space: lines wrapped anywhere still match. */
export const corrido = (texto: string) => texto.replace(/\s+/g, ' ');
