import {
  concatTransformationMatrix,
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import {
  calcularLayout,
  posicaoNaFolha,
  TAMANHOS_FONTE_VALOR,
  type EtiquetaModelo,
  type FonteEtiqueta,
  type LayoutFolha,
} from '@prumo/shared/etiquetas';
import { formatMoney } from '@prumo/shared/money';
import { badRequest } from '../../http/errors';
import { codificarCodigoBarras, type CodigoBarras } from './etiquetas.barcode';

/** Points per millimetre (PDF user space is 1/72 inch). */
const MM = 72 / 25.4;

/** The standard PDF fonts of each template font (Arial prints as its metric twin Helvetica). */
const FONTES: Record<FonteEtiqueta, [StandardFonts, StandardFonts]> = {
  helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  arial: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  courier: [StandardFonts.Courier, StandardFonts.CourierBold],
};

/** Narrowest bar we print (0,33 mm is EAN-13's nominal module; scanners read down to ~0,19). */
const MODULO_NOMINAL_MM = 0.33;
/** Bars never grow taller than this, however big the label. */
const ALTURA_MAXIMA_BARRAS_MM = 22;
const ALTURA_MINIMA_BARRAS_MM = 3;
const PRETO = rgb(0, 0, 0);

export interface ProdutoEtiqueta {
  nome: string;
  codigoInterno: string | null;
  codigoBarras: string | null;
  /** The price to print (the product's, or its price in the chosen table). */
  preco: number;
}

interface Fontes {
  texto: PDFFont;
  negrito: PDFFont;
  /** Replaces what the standard fonts cannot print (outside Windows-1252) by "?". */
  limpar: (text: string) => string;
}

/** A block of the label, drawn top to bottom. */
type Bloco =
  | { tipo: 'texto'; linhas: string[]; fonte: PDFFont; tamanho: number }
  | { tipo: 'barras'; codigo: CodigoBarras; numero: boolean };

const alturaLinha = (tamanho: number) => tamanho * 1.18;

/** Truncates to the template's character limit (0 = none) with an ellipsis. */
function limitar(text: string, limite: number): string {
  return limite > 0 && text.length > limite
    ? `${text.slice(0, Math.max(1, limite - 1)).trimEnd()}…`
    : text;
}

/** Cuts a line to a width, ending in an ellipsis. */
function caber(text: string, fonte: PDFFont, tamanho: number, largura: number): string {
  if (fonte.widthOfTextAtSize(text, tamanho) <= largura) return text;
  let end = text.length;
  while (end > 1 && fonte.widthOfTextAtSize(`${text.slice(0, end).trimEnd()}…`, tamanho) > largura)
    end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Word-wraps into at most `maxLinhas` lines; the last one ends in an ellipsis when cut. */
function quebrar(
  text: string,
  fonte: PDFFont,
  tamanho: number,
  largura: number,
  maxLinhas: number,
) {
  const words = text.split(/\s+/).filter(Boolean);
  const linhas: string[] = [];
  let atual = '';
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const tentativa = atual ? `${atual} ${word}` : word;
    if (fonte.widthOfTextAtSize(tentativa, tamanho) <= largura || !atual) {
      atual = tentativa;
      continue;
    }
    linhas.push(atual);
    atual = word;
    if (linhas.length === maxLinhas) {
      const resto = [word, ...words.slice(index + 1)].join(' ');
      linhas[maxLinhas - 1] = caber(`${linhas[maxLinhas - 1]} ${resto}`, fonte, tamanho, largura);
      return linhas;
    }
  }
  if (atual) linhas.push(atual);
  return linhas.map((linha) => caber(linha, fonte, tamanho, largura));
}

function alturaBloco(bloco: Bloco, tamanhoNumero: number): number {
  if (bloco.tipo === 'texto') return bloco.linhas.length * alturaLinha(bloco.tamanho);
  return bloco.numero ? alturaLinha(tamanhoNumero) : 0; // the bars take what is left
}

/**
 * The blocks of one label in order. The middle follows the barcode position: superior puts the
 * bars above the internal code and the price, inferior below them, centro between them. The
 * product name comes first when descricaoTopo is on, last otherwise.
 */
function montarBlocos(
  modelo: EtiquetaModelo,
  produto: ProdutoEtiqueta,
  fontes: Fontes,
  largura: number,
  alturaDisponivel: number,
): { blocos: Bloco[]; tamanhoNumero: number } {
  const tamanho = modelo.tamanhoFonte;
  const fator =
    TAMANHOS_FONTE_VALOR.find((item) => item.value === modelo.tamanhoFonteValor)?.fator ?? 1;
  const tamanhoValor = tamanho * fator;
  const tamanhoNumero = Math.max(5, tamanho - 1);

  const codigo =
    modelo.exibirCodigoBarras === 'sim'
      ? codificarCodigoBarras(produto.codigoBarras || produto.codigoInterno || '')
      : null;
  const barras: Bloco | null = codigo
    ? { tipo: 'barras', codigo, numero: modelo.exibirNumeroCodigoBarras === 'sim' }
    : null;
  const interno =
    modelo.exibirCodigoInterno === 'sim' && produto.codigoInterno
      ? fontes.limpar(`Cód. ${produto.codigoInterno}`)
      : null;
  const codigoBloco: Bloco | null = interno
    ? {
        tipo: 'texto',
        linhas: [caber(interno, fontes.texto, tamanho, largura)],
        fonte: fontes.texto,
        tamanho,
      }
    : null;
  let precoBloco: Bloco | null = null;
  if (modelo.exibirValorProduto === 'sim') {
    const preco = fontes.limpar(formatMoney(produto.preco));
    // A price is never cut: it shrinks to fit the width.
    const larguraPreco = fontes.negrito.widthOfTextAtSize(preco, tamanhoValor);
    const tamanhoPreco =
      larguraPreco > largura ? (tamanhoValor * largura) / larguraPreco : tamanhoValor;
    precoBloco = { tipo: 'texto', linhas: [preco], fonte: fontes.negrito, tamanho: tamanhoPreco };
  }

  const nomeLimpo = fontes.limpar(limitar(produto.nome.trim(), modelo.limiteCaracteres));
  const fixos = [codigoBloco, precoBloco, barras].filter((bloco): bloco is Bloco => bloco !== null);
  const ocupado =
    fixos.reduce((total, bloco) => total + alturaBloco(bloco, tamanhoNumero), 0) +
    (barras ? ALTURA_MINIMA_BARRAS_MM * MM : 0);
  // The name takes two lines when they fit beside the rest, else one.
  const maxLinhas = alturaDisponivel - ocupado >= 2 * alturaLinha(tamanho) ? 2 : 1;
  const nome: Bloco = {
    tipo: 'texto',
    linhas: quebrar(nomeLimpo, fontes.texto, tamanho, largura, maxLinhas),
    fonte: fontes.texto,
    tamanho,
  };

  const meio =
    modelo.posicaoCodigoBarras === 'superior'
      ? [barras, codigoBloco, precoBloco]
      : modelo.posicaoCodigoBarras === 'centro'
        ? [codigoBloco, barras, precoBloco]
        : [codigoBloco, precoBloco, barras];
  const ordem = modelo.descricaoTopo ? [nome, ...meio] : [...meio, nome];
  return { blocos: ordem.filter((bloco): bloco is Bloco => bloco !== null), tamanhoNumero };
}

/**
 * Draws the bars as one filled path of rectangles (vector, so any printer keeps them sharp).
 * The path is written in module units under a scaling matrix: small integers, compact PDF.
 */
function desenharBarras(
  page: PDFPage,
  codigo: CodigoBarras,
  centroX: number,
  base: number,
  larguraMaxima: number,
  altura: number,
) {
  const modulosTotais = codigo.modulos + codigo.zonaEsquerda + codigo.zonaDireita;
  const modulo = Math.min(MODULO_NOMINAL_MM * MM, larguraMaxima / modulosTotais);
  const inicio = centroX - (codigo.modulos * modulo) / 2;
  const operators = [
    pushGraphicsState(),
    concatTransformationMatrix(round(modulo), 0, 0, round(altura), round(inicio), round(base)),
    setFillingColor(PRETO),
  ];
  let x = 0;
  codigo.larguras.forEach((largura, index) => {
    if (index % 2 === 0) operators.push(rectangle(x, 0, largura, 1));
    x += largura;
  });
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}

/** Four decimals of a point are far below any printer's resolution. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

function desenharEtiqueta(
  page: PDFPage,
  modelo: EtiquetaModelo,
  produto: ProdutoEtiqueta,
  fontes: Fontes,
  caixa: { x: number; y: number; largura: number; altura: number },
) {
  // Inner padding: 6 % of the smaller side, between 0,8 and 2 mm.
  const padding = Math.min(
    2 * MM,
    Math.max(0.8 * MM, Math.min(caixa.largura, caixa.altura) * 0.06),
  );
  const largura = caixa.largura - 2 * padding;
  const alturaUtil = caixa.altura - 2 * padding;
  const centroX = caixa.x + caixa.largura / 2;
  const { blocos, tamanhoNumero } = montarBlocos(modelo, produto, fontes, largura, alturaUtil);

  const textos = blocos.reduce((total, bloco) => total + alturaBloco(bloco, tamanhoNumero), 0);
  const barras = blocos.some((bloco) => bloco.tipo === 'barras');
  const alturaBarras = barras
    ? Math.max(
        ALTURA_MINIMA_BARRAS_MM * MM,
        Math.min(ALTURA_MAXIMA_BARRAS_MM * MM, alturaUtil - textos),
      )
    : 0;
  const total = textos + alturaBarras;
  // The stack is centred vertically in the label.
  let topo = caixa.y + caixa.altura - padding - Math.max(0, (alturaUtil - total) / 2);

  for (const bloco of blocos) {
    if (bloco.tipo === 'texto') {
      for (const linha of bloco.linhas) {
        const lh = alturaLinha(bloco.tamanho);
        const width = bloco.fonte.widthOfTextAtSize(linha, bloco.tamanho);
        page.drawText(linha, {
          x: centroX - width / 2,
          y: topo - lh + (lh - bloco.tamanho) / 2 + bloco.tamanho * 0.22,
          size: bloco.tamanho,
          font: bloco.fonte,
          color: PRETO,
        });
        topo -= lh;
      }
      continue;
    }
    desenharBarras(page, bloco.codigo, centroX, topo - alturaBarras, largura, alturaBarras);
    topo -= alturaBarras;
    if (bloco.numero) {
      const lh = alturaLinha(tamanhoNumero);
      const texto = caber(bloco.codigo.texto, fontes.texto, tamanhoNumero, largura);
      const width = fontes.texto.widthOfTextAtSize(texto, tamanhoNumero);
      page.drawText(texto, {
        x: centroX - width / 2,
        y: topo - lh + tamanhoNumero * 0.3,
        size: tamanhoNumero,
        font: fontes.texto,
        color: PRETO,
      });
      topo -= lh;
    }
  }
}

/** Where each label went: page (0-based) and its box in mm from the sheet's top-left corner. */
export interface EtiquetaPosicionada {
  pagina: number;
  x: number;
  y: number;
}

/**
 * A PDF of labels laid out by the template: page size, margins, gaps, rows and columns, label
 * size, font and size, character limit, the fields to show and the barcode position. Labels are
 * placed row by row from `posicaoInicial` (1 = top-left), so a part-used sheet can be reused.
 */
export async function gerarPdfEtiquetas(
  modelo: EtiquetaModelo,
  produtos: readonly ProdutoEtiqueta[],
  posicaoInicial = 1,
): Promise<{ pdf: Uint8Array; layout: LayoutFolha; posicoes: EtiquetaPosicionada[] }> {
  const resultado = calcularLayout(modelo);
  if (!resultado.ok) throw badRequest(resultado.erro);
  const { layout } = resultado;
  if (posicaoInicial < 1 || posicaoInicial > layout.porPagina) {
    const message = `A primeira etiqueta deve estar entre 1 e ${layout.porPagina} (etiquetas por folha)`;
    throw badRequest(message, { posicao_inicial: message });
  }

  const doc = await PDFDocument.create();
  doc.setTitle('Etiquetas');
  doc.setCreator('Prumo ERP');
  doc.setProducer('Prumo ERP (pdf-lib)');
  const [regular, bold] = FONTES[modelo.fonteEtiqueta];
  const texto = await doc.embedFont(regular);
  const negrito = await doc.embedFont(bold);
  const suportados = new Set(texto.getCharacterSet());
  const fontes: Fontes = {
    texto,
    negrito,
    limpar: (text) =>
      Array.from(text.normalize('NFC'), (char) =>
        suportados.has(char.codePointAt(0)!) ? char : '?',
      ).join(''),
  };

  const larguraPagina = layout.paginaLargura * MM;
  const alturaPagina = layout.paginaAltura * MM;
  const posicoes: EtiquetaPosicionada[] = [];
  let page: PDFPage | undefined;
  let paginaAtual = -1;
  produtos.forEach((produto, index) => {
    const slot = index + posicaoInicial - 1;
    const pagina = Math.floor(slot / layout.porPagina);
    if (pagina !== paginaAtual) {
      page = doc.addPage([larguraPagina, alturaPagina]);
      paginaAtual = pagina;
    }
    const { x, y } = posicaoNaFolha(layout, slot % layout.porPagina);
    posicoes.push({ pagina, x, y });
    desenharEtiqueta(page!, modelo, produto, fontes, {
      x: x * MM,
      y: alturaPagina - (y + layout.altura) * MM,
      largura: layout.largura * MM,
      altura: layout.altura * MM,
    });
  });
  if (produtos.length === 0) doc.addPage([larguraPagina, alturaPagina]);
  return { pdf: await doc.save(), layout, posicoes };
}
