// Where the labels of a template fall on its sheet, in millimetres from the sheet's top-left
// corner. The PDF builder prints with it and the screens preview with it.
import { formatDecimal } from '../money';
import { ETIQUETA_MESSAGES, TAMANHOS_PAGINA, type GeometriaEtiqueta } from './etiqueta.options';

export interface LayoutFolha {
  paginaLargura: number;
  paginaAltura: number;
  colunas: number;
  linhas: number;
  /** Label size actually printed (after the 0 = automatic rules). */
  largura: number;
  altura: number;
  margemSuperior: number;
  margemLateral: number;
  espacoHorizontal: number;
  espacoVertical: number;
  porPagina: number;
}

export type ResultadoLayout = { ok: true; layout: LayoutFolha } | { ok: false; erro: string };

/** Rounding slack of published sheet sizes (hundredths of a millimetre). */
const FOLGA_MM = 0.05;

const mm = (value: number) => `${formatDecimal(value, 2)} mm`;

export function dimensoesPagina(tamanho: GeometriaEtiqueta['tamanhoPagina']) {
  const pagina = TAMANHOS_PAGINA.find((item) => item.value === tamanho) ?? TAMANHOS_PAGINA[0];
  return { largura: pagina.largura, altura: pagina.altura };
}

/**
 * The sheet's grid. Zero means automatic: a width of 0 shares the usable width among the
 * columns; a height of 0 shares the usable height among linhasPagina rows; 0 rows print as many
 * rows as fit (with the top margin repeated at the foot). Answers why when the labels do not fit.
 */
export function calcularLayout(geometria: GeometriaEtiqueta): ResultadoLayout {
  const { largura: paginaLargura, altura: paginaAltura } = dimensoesPagina(geometria.tamanhoPagina);
  const colunas = Math.max(1, Math.trunc(geometria.colunasPagina));
  const margemSuperior = geometria.margemSuperior;
  const margemLateral = geometria.margemLateral;
  const espacoHorizontal = geometria.densidadeHorizontal;
  const espacoVertical = geometria.densidadeVertical;

  const larguraUtil = paginaLargura - 2 * margemLateral - (colunas - 1) * espacoHorizontal;
  const largura = geometria.larguraEtiqueta > 0 ? geometria.larguraEtiqueta : larguraUtil / colunas;
  if (!(largura > 0)) {
    return { ok: false, erro: 'As margens e os espaços não deixam largura para as etiquetas' };
  }

  let linhas = Math.max(0, Math.trunc(geometria.linhasPagina));
  let altura = geometria.alturaEtiqueta;
  if (linhas === 0 && altura <= 0) return { ok: false, erro: ETIQUETA_MESSAGES.alturaOuLinhas };
  if (altura <= 0) {
    altura = (paginaAltura - 2 * margemSuperior - (linhas - 1) * espacoVertical) / linhas;
    if (!(altura > 0)) {
      return { ok: false, erro: 'As margens e os espaços não deixam altura para as etiquetas' };
    }
  }
  if (linhas === 0) {
    const alturaUtil = paginaAltura - 2 * margemSuperior;
    linhas = Math.floor((alturaUtil + espacoVertical + FOLGA_MM) / (altura + espacoVertical));
    if (linhas < 1) {
      return { ok: false, erro: 'A etiqueta é mais alta que a área útil da página' };
    }
  }

  const larguraTotal = margemLateral + colunas * largura + (colunas - 1) * espacoHorizontal;
  if (larguraTotal > paginaLargura + FOLGA_MM) {
    return {
      ok: false,
      erro: `As etiquetas não cabem na largura da página: ocupam ${mm(larguraTotal)} e a página tem ${mm(paginaLargura)}`,
    };
  }
  const alturaTotal = margemSuperior + linhas * altura + (linhas - 1) * espacoVertical;
  if (alturaTotal > paginaAltura + FOLGA_MM) {
    return {
      ok: false,
      erro: `As etiquetas não cabem na altura da página: ocupam ${mm(alturaTotal)} e a página tem ${mm(paginaAltura)}`,
    };
  }

  return {
    ok: true,
    layout: {
      paginaLargura,
      paginaAltura,
      colunas,
      linhas,
      largura,
      altura,
      margemSuperior,
      margemLateral,
      espacoHorizontal,
      espacoVertical,
      porPagina: colunas * linhas,
    },
  };
}

/** The top-left corner (mm) of the n-th label of a page (0-based, row by row). */
export function posicaoNaFolha(layout: LayoutFolha, indice: number) {
  const coluna = indice % layout.colunas;
  const linha = Math.floor(indice / layout.colunas);
  return {
    coluna,
    linha,
    x: layout.margemLateral + coluna * (layout.largura + layout.espacoHorizontal),
    y: layout.margemSuperior + linha * (layout.altura + layout.espacoVertical),
  };
}

/** How many pages a print of `total` labels takes, starting at label `posicaoInicial` (1-based). */
export function totalPaginas(layout: LayoutFolha, total: number, posicaoInicial = 1): number {
  if (total <= 0) return 0;
  return Math.ceil((total + posicaoInicial - 1) / layout.porPagina);
}
