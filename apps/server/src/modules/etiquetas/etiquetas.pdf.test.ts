// The label PDF, checked the way a shop would: pdftoppm (Debian poppler-utils) renders the pages
// and zbarimg (Debian zbar-tools) reads every barcode, label by label, at its expected place.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calcularLayout,
  ETIQUETA_MESSAGES,
  modeloDoPreset,
  posicaoNaFolha,
  type EtiquetaModelo,
  type LayoutFolha,
} from '@prumo/shared/etiquetas';
import { gtinCheckDigit } from '@prumo/shared/produtos';
import { createTestContext, type TestContext } from '../../test/test-app';
import { gerarPdfEtiquetas, type ProdutoEtiqueta } from './etiquetas.pdf';

let ctx: TestContext;
let workDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prumo-etiquetas-'));
});
afterAll(async () => {
  await ctx?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const tag = () => Math.random().toString(36).slice(2, 8);
/** A valid EAN-13 under a made-up prefix, unique per call. */
let eanSeq = Math.floor(Math.random() * 1_000_000);
function ean(): string {
  eanSeq += 1;
  const body = `789${String(eanSeq).padStart(9, '0')}`;
  return body + gtinCheckDigit(body);
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return result.stdout;
}

interface Gray {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** One page as an 8-bit gray image (pdftoppm -gray writes a binary PGM). */
function renderPage(pdf: Uint8Array, page: number, dpi: number): Gray {
  const input = path.join(workDir, `in-${tag()}.pdf`);
  const output = path.join(workDir, `page-${tag()}`);
  fs.writeFileSync(input, pdf);
  run('pdftoppm', [
    '-r',
    String(dpi),
    '-gray',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    input,
    output,
  ]);
  const data = fs.readFileSync(`${output}.pgm`);
  const header = data.subarray(0, 64).toString('latin1');
  const match = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(header);
  if (!match) throw new Error('PGM inesperado');
  const width = Number(match[1]);
  const height = Number(match[2]);
  return {
    width,
    height,
    pixels: data.subarray(match[0].length, match[0].length + width * height),
  };
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function cropToFile(image: Gray, box: Box): string {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const w = Math.min(image.width - x0, Math.ceil(box.w));
  const h = Math.min(image.height - y0, Math.ceil(box.h));
  const body = Buffer.alloc(w * h);
  for (let row = 0; row < h; row++) {
    body.set(
      image.pixels.subarray((y0 + row) * image.width + x0, (y0 + row) * image.width + x0 + w),
      row * w,
    );
  }
  const file = path.join(workDir, `crop-${tag()}.pgm`);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1'), body]));
  return file;
}

/** zbarimg over many images at once: what each one holds, as "TYPE:data". */
function decode(files: string[]): Map<string, string[]> {
  const xml = run('zbarimg', ['--xml', '-q', ...files]);
  const found = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const source of xml.split('<source href=').slice(1)) {
    const file = /^'([^']+)'/.exec(source)?.[1] ?? '';
    const symbols = [
      ...source.matchAll(/<symbol type='([^']+)'[^>]*><data><!\[CDATA\[(.*?)\]\]><\/data>/g),
    ];
    found.set(
      file,
      symbols.map(([, type, data]) => `${type}:${data}`),
    );
  }
  return found;
}

const pxBox = (layout: LayoutFolha, slot: number, dpi: number): Box => {
  const { x, y } = posicaoNaFolha(layout, slot);
  const k = dpi / 25.4;
  return { x: x * k, y: y * k, w: layout.largura * k, h: layout.altura * k };
};

/** Checks ink and barcodes of one page: slots [first, last] hold the expected codes, in order. */
function checkPage(
  pdf: Uint8Array,
  page: number,
  layout: LayoutFolha,
  expected: Map<number, string>,
) {
  const dpi = 300;
  const image = renderPage(pdf, page, dpi);
  // pdftoppm rounds the page size up to whole pixels.
  expect(Math.abs(image.width - (layout.paginaLargura / 25.4) * dpi)).toBeLessThanOrEqual(1);
  const boxes = Array.from({ length: layout.porPagina }, (_, slot) => pxBox(layout, slot, dpi));
  // Every dark pixel falls inside a label that should be printed on this page.
  const inked = new Array<number>(layout.porPagina).fill(0);
  let outside = 0;
  for (let py = 0; py < image.height; py++) {
    for (let px = 0; px < image.width; px++) {
      if (image.pixels[py * image.width + px]! >= 128) continue;
      const slot = boxes.findIndex(
        (box) =>
          px >= box.x - 1 && px <= box.x + box.w + 1 && py >= box.y - 1 && py <= box.y + box.h + 1,
      );
      if (slot < 0 || !expected.has(slot)) outside++;
      else inked[slot]!++;
    }
  }
  expect(outside, 'tinta fora das etiquetas esperadas').toBe(0);
  for (const slot of expected.keys())
    expect(inked[slot], `etiqueta ${slot + 1}`).toBeGreaterThan(500);
  // Each label, cut at its published place, scans as its product's code.
  const files = [...expected.keys()].map((slot) => cropToFile(image, boxes[slot]!));
  const decoded = decode(files);
  [...expected.values()].forEach((code, index) => {
    expect(decoded.get(files[index]!), `etiqueta ${[...expected.keys()][index]! + 1}`).toEqual([
      code,
    ]);
  });
}

async function createProduto(payload: Record<string, unknown>) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/produtos',
    payload: { nome: `Produto ${tag()}`, ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{
    id: number;
    nome: string;
    codigo_barras: string | null;
    codigo_interno: string | null;
  }>();
}

function imprimir(payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/etiquetas/imprimir', payload });
}

describe('POST /api/etiquetas/imprimir', () => {
  it('prints a Pimaco 6180 sheet from label 4: two pages, each label at its place, every barcode readable', async () => {
    const a = await createProduto({
      nome: 'Café Torrado e Moído 500g Tradicional',
      codigo_barras: ean(),
      codigo_interno: `CAF-${tag()}`,
    });
    const b = await createProduto({ nome: 'Açúcar Cristal 1kg', codigo_barras: ean() });
    const c = await createProduto({
      nome: 'Pão de Queijo Congelado',
      codigo_interno: `PQ-${tag()}`,
    });
    const d = await createProduto({ nome: 'Sabonete', codigo_barras: '036000291452' }); // UPC-A → Code 128
    const itens = [
      { produto_id: a.id, quantidade: 10 },
      { produto_id: b.id, quantidade: 10 },
      { produto_id: c.id, quantidade: 8 },
      { produto_id: d.id, quantidade: 7 },
    ];
    const response = await imprimir({ modelo: 'pimaco-6180', itens, posicao_inicial: 4 });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('etiquetas.pdf');
    expect(response.headers['x-total-etiquetas']).toBe('35');
    expect(response.headers['x-total-paginas']).toBe('2');
    const pdf = response.rawPayload;
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(612, 1); // Carta: 215,9 × 279,4 mm
    expect(height).toBeCloseTo(792, 1);

    const codes = [
      ...Array<string>(10).fill(`EAN-13:${a.codigo_barras}`),
      ...Array<string>(10).fill(`EAN-13:${b.codigo_barras}`),
      ...Array<string>(8).fill(`CODE-128:${c.codigo_interno}`),
      ...Array<string>(7).fill('CODE-128:036000291452'),
    ];
    const result = calcularLayout(modeloDoPreset('pimaco-6180'));
    if (!result.ok) throw new Error(result.erro);
    // Page 1: labels 4 to 30 (slots 3–29); page 2: slots 0–7.
    checkPage(
      pdf,
      1,
      result.layout,
      new Map(codes.slice(0, 27).map((code, index) => [index + 3, code])),
    );
    checkPage(pdf, 2, result.layout, new Map(codes.slice(27).map((code, index) => [index, code])));
  });

  it('prints a saved template on A4 (Pimaco A4260 geometry) with the price of a price table', async () => {
    const custo = (
      await ctx.request({
        method: 'POST',
        url: '/api/custos-adicionais',
        payload: { nome: `Embalagem ${tag()}`, tipo: 'fixo', valor_fixo: 1 },
      })
    ).json<{ id: number }>();
    const tabela = (
      await ctx.request({
        method: 'POST',
        url: '/api/tabelas-precos',
        payload: { nome: `Etiquetas ${tag()}`, custos_adicionais: [custo.id] },
      })
    ).json<{ id: number }>();
    const comPreco = await createProduto({ custo: 10, preco: 99.9, codigo_barras: ean() });
    const semPreco = await createProduto({ custo: 10, preco: 12.34, codigo_barras: ean() });
    await ctx.request({
      method: 'POST',
      url: `/api/produtos/${comPreco.id}/precos`,
      payload: { tabela_preco_id: tabela.id, margem: 50 },
    });
    const template = (
      await ctx.request({
        method: 'POST',
        url: '/api/etiquetas',
        payload: {
          ...modeloDoPreset('pimaco-a4260'),
          nome: `A4260 ${tag()}`,
          exibirNumeroCodigoBarras: 'sim',
          posicaoCodigoBarras: 'superior',
          fonteEtiqueta: 'times',
        },
      })
    ).json<{ id: number }>();
    const response = await imprimir({
      etiqueta_id: template.id,
      itens: [
        { produto_id: comPreco.id, quantidade: 1 },
        { produto_id: semPreco.id, quantidade: 1 },
      ],
      tabela_preco_id: tabela.id,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const pdfFile = path.join(workDir, `precos-${tag()}.pdf`);
    fs.writeFileSync(pdfFile, response.rawPayload);
    const text = run('pdftotext', ['-layout', pdfFile, '-']).replace(/\u00a0/g, ' ');
    expect(text).toContain('R$ 16,00'); // 10 × 1,5 + 1,00 from the table
    expect(text).toContain('R$ 12,34'); // no price in the table: the product's own
    expect(text).not.toContain('R$ 99,90');
    expect(text).toContain(comPreco.codigo_barras!); // the number under the bars
    const doc = await PDFDocument.load(response.rawPayload);
    expect(doc.getPage(0).getSize().width).toBeCloseTo((210 / 25.4) * 72, 1);
    const result = calcularLayout(modeloDoPreset('pimaco-a4260'));
    if (!result.ok) throw new Error(result.erro);
    checkPage(
      response.rawPayload,
      1,
      result.layout,
      new Map([
        [0, `EAN-13:${comPreco.codigo_barras}`],
        [1, `EAN-13:${semPreco.codigo_barras}`],
      ]),
    );
  });

  it('leaves out what the template hides', async () => {
    const produto = await createProduto({
      codigo_barras: ean(),
      codigo_interno: `OCU-${tag()}`,
      preco: 7.5,
    });
    const template = (
      await ctx.request({
        method: 'POST',
        url: '/api/etiquetas',
        payload: {
          nome: `Só nome ${tag()}`,
          exibirCodigoBarras: 'nao',
          exibirValorProduto: 'nao',
          exibirCodigoInterno: 'nao',
        },
      })
    ).json<{ id: number }>();
    const response = await imprimir({
      etiqueta_id: template.id,
      itens: [{ produto_id: produto.id, quantidade: 2 }],
    });
    expect(response.statusCode).toBe(200);
    const pdfFile = path.join(workDir, `oculto-${tag()}.pdf`);
    fs.writeFileSync(pdfFile, response.rawPayload);
    const text = run('pdftotext', [pdfFile, '-']);
    expect(text).toContain(produto.nome);
    expect(text).not.toContain('R$');
    expect(text).not.toContain(produto.codigo_interno!);
    const image = path.join(workDir, `oculto-${tag()}`);
    run('pdftoppm', ['-r', '150', '-png', '-singlefile', pdfFile, image]);
    expect(decode([`${image}.png`]).get(`${image}.png`)).toEqual([]);
  });

  it('prints every active product of a group, the given number of times each', async () => {
    const grupo = (
      await ctx.request({
        method: 'POST',
        url: '/api/categorias',
        payload: { nome: `Etiquetas ${tag()}` },
      })
    ).json<{ id: number }>();
    await createProduto({ categoria_id: grupo.id, codigo_barras: ean() });
    await createProduto({ categoria_id: grupo.id, codigo_barras: ean() });
    await createProduto({ categoria_id: grupo.id, ativo: false });
    const response = await imprimir({
      modelo: 'pimaco-6187',
      categoria_id: grupo.id,
      quantidade_por_produto: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-etiquetas']).toBe('6');
    expect(response.headers['x-total-paginas']).toBe('1');
    const empty = (
      await ctx.request({
        method: 'POST',
        url: '/api/categorias',
        payload: { nome: `Vazio ${tag()}` },
      })
    ).json<{ id: number }>();
    const none = await imprimir({ modelo: 'pimaco-6187', categoria_id: empty.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ETIQUETA_MESSAGES.semProdutos);
  });

  it('answers clear errors', async () => {
    const produto = await createProduto({});
    const itens = [{ produto_id: produto.id, quantidade: 1 }];
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ etiqueta_id: 999999, itens }, 404, 'Etiqueta não encontrada'],
      [
        { modelo: 'pimaco-6180', itens: [{ produto_id: 999999, quantidade: 1 }] },
        400,
        'Produto não encontrado (código 999999).',
      ],
      [
        { modelo: 'pimaco-6180', itens, posicao_inicial: 31 },
        400,
        'A primeira etiqueta deve estar entre 1 e 30 (etiquetas por folha)',
      ],
      [
        { modelo: 'pimaco-6180', itens, tabela_preco_id: 999999 },
        400,
        'Tabela de preços não encontrada.',
      ],
      [{ modelo: 'pimaco-6180', categoria_id: 999999 }, 400, 'Grupo de produtos não encontrado.'],
      [{ itens }, 400, ETIQUETA_MESSAGES.modeloObrigatorio],
      [{ modelo: 'pimaco-6180' }, 400, ETIQUETA_MESSAGES.produtosObrigatorios],
      [{ modelo: 'pimaco-9999', itens }, 400, 'Folha Pimaco inválida'],
      [
        { modelo: 'pimaco-6180', itens: [{ produto_id: produto.id, quantidade: 0 }] },
        400,
        'A quantidade deve ser no mínimo 1',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await imprimir(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const tooWide = (
      await ctx.request({
        method: 'POST',
        url: '/api/etiquetas',
        payload: { nome: `Larga ${tag()}`, colunasPagina: 4, larguraEtiqueta: 60 },
      })
    ).json<{ id: number }>();
    const wide = await imprimir({ etiqueta_id: tooWide.id, itens });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toContain('As etiquetas não cabem na largura da página');
  });
});

describe('gerarPdfEtiquetas', () => {
  it('places labels by the template and builds 1,000 labels quickly', async () => {
    const modelo: EtiquetaModelo = modeloDoPreset('pimaco-6180');
    const produtos: ProdutoEtiqueta[] = Array.from({ length: 1000 }, (_, index) => ({
      nome: `Produto de teste número ${index + 1} com um nome comprido para quebrar em duas linhas`,
      codigoInterno: `PRD-${String(index + 1).padStart(4, '0')}`,
      codigoBarras: index % 2 === 0 ? ean() : null,
      preco: 1 + index / 100,
    }));
    // Warm-up (first load of the fonts and encoders), then the measured run.
    await gerarPdfEtiquetas(modelo, produtos.slice(0, 30));
    const started = performance.now();
    const { pdf, layout, posicoes } = await gerarPdfEtiquetas(modelo, produtos);
    const ms = performance.now() - started;
    console.log(
      `PDF de 1.000 etiquetas (Pimaco 6180): ${ms.toFixed(0)} ms, ${(pdf.length / 1024).toFixed(0)} KB`,
    );
    expect(ms).toBeLessThan(10_000);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(34);
    expect(posicoes).toHaveLength(1000);
    expect(posicoes[31]).toEqual({ pagina: 1, ...pick(posicaoNaFolha(layout, 1)) });
  });
});

function pick({ x, y }: { x: number; y: number }) {
  return { x, y };
}
