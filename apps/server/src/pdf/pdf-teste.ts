// For the document tests: read a PDF back the way a person would see it, with pdftotext
// and pdftoppm (Debian poppler-utils, which scripts/test.mjs installs when missing).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { ContextoDocumento } from './documento';

export const CONTEXTO_TESTE: ContextoDocumento = {
  empresa: {
    nome: 'Padaria Pão Quente Ltda',
    cnpj: '11222333000181',
    endereco: 'Rua das Flores, 123 - Centro - Curitiba/PR - CEP 80010-000',
    telefone: '(41) 3333-4444',
  },
  timeZone: 'America/Sao_Paulo',
  agora: new Date('2026-03-10T17:30:00Z'),
};

function rodar(comando: string, args: string[]): string {
  const result = spawnSync(comando, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

function comArquivo<T>(pdf: Uint8Array, usar: (arquivo: string, pasta: string) => T): T {
  const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'prumo-pdf-'));
  try {
    const arquivo = path.join(pasta, 'documento.pdf');
    fs.writeFileSync(arquivo, pdf);
    return usar(arquivo, pasta);
  } finally {
    fs.rmSync(pasta, { recursive: true, force: true });
  }
}

/** The text of the whole PDF or of one page (1-based), columns kept, with plain spaces. */
export function textoDoPdf(pdf: Uint8Array, pagina?: number): string {
  const paginas = pagina ? ['-f', String(pagina), '-l', String(pagina)] : [];
  const texto = comArquivo(pdf, (arquivo) =>
    rodar('pdftotext', ['-layout', ...paginas, arquivo, '-']),
  );
  // Intl puts a no-break space in "R$ 1,00".
  return texto.replace(/\u00a0/g, ' ');
}

/** One page (1-based) rendered by pdftoppm: width, height and RGB bytes. */
export function imagemDaPagina(pdf: Uint8Array, pagina: number, dpi = 30) {
  return comArquivo(pdf, (arquivo, pasta) => {
    const saida = path.join(pasta, 'pagina');
    const numero = String(pagina);
    rodar('pdftoppm', [
      '-r',
      String(dpi),
      '-f',
      numero,
      '-l',
      numero,
      '-singlefile',
      arquivo,
      saida,
    ]);
    const dados = fs.readFileSync(`${saida}.ppm`);
    const cabecalho = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(dados.subarray(0, 64).toString('latin1'));
    if (!cabecalho) throw new Error('PPM inesperado');
    return {
      largura: Number(cabecalho[1]),
      altura: Number(cabecalho[2]),
      rgb: dados.subarray(cabecalho[0].length),
    };
  });
}

/** Each page's width and height in points. */
export async function paginasDoPdf(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => ({ largura: page.getWidth(), altura: page.getHeight() }));
}

/** Runs `gerar` once to warm up, then `vezes` times; the median in milliseconds. */
export async function medianaMs(gerar: () => Promise<unknown>, vezes = 9): Promise<number> {
  await gerar();
  const tempos: number[] = [];
  for (let i = 0; i < vezes; i++) {
    const inicio = performance.now();
    await gerar();
    tempos.push(performance.now() - inicio);
  }
  tempos.sort((a, b) => a - b);
  return tempos[Math.floor(tempos.length / 2)]!;
}
