// Label templates (spec part 2, sections 2.8, 3.4, 5 and 9). The spec's add and edit forms offer
// different option sets; both forms here offer one reconciled set, the union of the two, so a
// template saved by one opens unchanged in the other:
//
//   padrao       indefinido, padrao1, padrao2, padrao3 (add) + pimaco, personalizado (edit)
//   font size    6, 8, 10, 12, 14, 16 (add) + 6 to 12 (edit) → every whole size from 6 to 16
//   columns      1 to 5 (add), at least 1 (edit) → 1 to 10
//   page size    a4, a3, carta (add) + a4, letter, legal (edit) → a4, a3, carta, legal; "letter"
//                is the same sheet as carta and is stored as carta
//   value font   padrao, pequeno, medio, grande (add) ⊇ pequeno, padrao, grande (edit)
//
// Free of zod, so the print screen and the PDF builder share the same numbers.

export const PADROES_ETIQUETA = [
  { value: 'indefinido', label: 'Indefinido' },
  { value: 'padrao1', label: 'Padrão 1' },
  { value: 'padrao2', label: 'Padrão 2' },
  { value: 'padrao3', label: 'Padrão 3' },
  { value: 'pimaco', label: 'Pimaco' },
  { value: 'personalizado', label: 'Personalizado' },
] as const;
export type PadraoEtiqueta = (typeof PADROES_ETIQUETA)[number]['value'];

/** Arial is printed with Helvetica, its metric twin among the PDF standard fonts. */
export const FONTES_ETIQUETA = [
  { value: 'helvetica', label: 'Helvetica' },
  { value: 'arial', label: 'Arial' },
  { value: 'times', label: 'Times' },
  { value: 'courier', label: 'Courier' },
] as const;
export type FonteEtiqueta = (typeof FONTES_ETIQUETA)[number]['value'];

export const TAMANHO_FONTE_MIN = 6;
export const TAMANHO_FONTE_MAX = 16;
export const TAMANHOS_FONTE = Array.from(
  { length: TAMANHO_FONTE_MAX - TAMANHO_FONTE_MIN + 1 },
  (_, index) => TAMANHO_FONTE_MIN + index,
);

/** Sheet sizes in millimetres. */
export const TAMANHOS_PAGINA = [
  { value: 'a4', label: 'A4 (210 × 297 mm)', largura: 210, altura: 297 },
  { value: 'a3', label: 'A3 (297 × 420 mm)', largura: 297, altura: 420 },
  { value: 'carta', label: 'Carta / Letter (215,9 × 279,4 mm)', largura: 215.9, altura: 279.4 },
  { value: 'legal', label: 'Ofício / Legal (215,9 × 355,6 mm)', largura: 215.9, altura: 355.6 },
] as const;
export type TamanhoPagina = (typeof TAMANHOS_PAGINA)[number]['value'];

/** Other names accepted for a page size; the canonical value is stored. */
export const SINONIMOS_TAMANHO_PAGINA: Readonly<Record<string, TamanhoPagina>> = {
  letter: 'carta',
  oficio: 'legal',
  ofício: 'legal',
};

export const SIM_NAO = [
  { value: 'sim', label: 'Sim' },
  { value: 'nao', label: 'Não' },
] as const;
export type SimNao = (typeof SIM_NAO)[number]['value'];

/** The price's font size, as a multiple of the label font size. */
export const TAMANHOS_FONTE_VALOR = [
  { value: 'pequeno', label: 'Pequeno', fator: 1 },
  { value: 'padrao', label: 'Padrão', fator: 1.25 },
  { value: 'medio', label: 'Médio', fator: 1.5 },
  { value: 'grande', label: 'Grande', fator: 2 },
] as const;
export type TamanhoFonteValor = (typeof TAMANHOS_FONTE_VALOR)[number]['value'];

export const POSICOES_CODIGO_BARRAS = [
  { value: 'superior', label: 'Superior' },
  { value: 'centro', label: 'Centro' },
  { value: 'inferior', label: 'Inferior' },
] as const;
export type PosicaoCodigoBarras = (typeof POSICOES_CODIGO_BARRAS)[number]['value'];

export const COLUNAS_MIN = 1;
export const COLUNAS_MAX = 10;
export const LINHAS_MAX = 60;
/** Margins, gaps and label sizes in millimetres, two decimals. */
export const MEDIDA_MAXIMA_MM = 500;
export const LIMITE_CARACTERES_MAX = 500;

/** Printing: at most this many labels per PDF and per product line. */
export const MAX_ETIQUETAS_POR_ARQUIVO = 10_000;
export const MAX_QUANTIDADE_POR_PRODUTO = 1_000;

/** A template in the add/edit forms' names (the payload, camel case). */
export interface EtiquetaModelo {
  nome: string;
  padrao: PadraoEtiqueta;
  margemSuperior: number;
  margemLateral: number;
  /** Vertical gap between two rows of labels, in mm. */
  densidadeVertical: number;
  /** Horizontal gap between two columns of labels, in mm. */
  densidadeHorizontal: number;
  /** Label height in mm; 0 shares the page height among linhasPagina rows. */
  alturaEtiqueta: number;
  /** Label width in mm; 0 shares the page width among the columns. */
  larguraEtiqueta: number;
  fonteEtiqueta: FonteEtiqueta;
  tamanhoFonte: number;
  /** Characters of the product name printed; 0 prints the whole name. */
  limiteCaracteres: number;
  colunasPagina: number;
  /** Rows per page; 0 prints as many rows as fit. */
  linhasPagina: number;
  tamanhoPagina: TamanhoPagina;
  /** The product name at the top of the label (else at its foot). */
  descricaoTopo: boolean;
  exibirCodigoInterno: SimNao;
  exibirCodigoBarras: SimNao;
  exibirNumeroCodigoBarras: SimNao;
  exibirValorProduto: SimNao;
  tamanhoFonteValor: TamanhoFonteValor;
  posicaoCodigoBarras: PosicaoCodigoBarras;
}

export type GeometriaEtiqueta = Pick<
  EtiquetaModelo,
  | 'tamanhoPagina'
  | 'margemSuperior'
  | 'margemLateral'
  | 'densidadeVertical'
  | 'densidadeHorizontal'
  | 'alturaEtiqueta'
  | 'larguraEtiqueta'
  | 'colunasPagina'
  | 'linhasPagina'
>;

/**
 * Pimaco sheets with their published label sizes; margins and gaps follow from the sheet:
 * lateral margin × 2 + columns × width + (columns − 1) × gap = sheet width, and the same
 * vertically. Carta is 215,9 × 279,4 mm, A4 210 × 297 mm.
 *
 *   6180  Carta 3 × 10  66,7 × 25,4   4,8 + 3 × 66,7 + 2 × 3,1 + 4,8 = 215,9;  12,7 + 10 × 25,4 + 12,7 = 279,4
 *   6181  Carta 2 × 10 101,6 × 25,4   3,97 + 2 × 101,6 + 4,76 + 3,97 = 215,9;  12,7 + 254 + 12,7 = 279,4
 *   6187  Carta 4 × 20 44,45 × 12,7   7,14 + 4 × 44,45 + 3 × 7,94 + 7,14 = 215,9; 12,7 + 20 × 12,7 + 12,7 = 279,4
 *   A4256 A4    3 × 7  63,5 × 38,1    7,21 + 3 × 63,5 + 2 × 2,54 + 7,21 = 210;  15,15 + 7 × 38,1 + 15,15 = 297
 *   A4260 A4    3 × 6  63,5 × 46,6    7,21 + 190,5 + 5,08 + 7,21 = 210;         8,7 + 6 × 46,6 + 8,7 = 297
 *
 * A4256 holds 21 labels (3 × 7) and A4260 18 (3 × 6): eleven 38,1 mm rows or nine 46,6 mm rows
 * would need 419 mm, more than an A4 sheet.
 */
export const PRESETS_ETIQUETA = [
  {
    id: 'pimaco-6180',
    nome: 'Pimaco 6180',
    descricao: 'Carta, 3 × 10 (30 por folha), 66,7 × 25,4 mm',
    geometria: {
      tamanhoPagina: 'carta',
      colunasPagina: 3,
      linhasPagina: 10,
      larguraEtiqueta: 66.7,
      alturaEtiqueta: 25.4,
      margemSuperior: 12.7,
      margemLateral: 4.8,
      densidadeHorizontal: 3.1,
      densidadeVertical: 0,
    },
    tamanhoFonte: 8,
    limiteCaracteres: 60,
  },
  {
    id: 'pimaco-6181',
    nome: 'Pimaco 6181',
    descricao: 'Carta, 2 × 10 (20 por folha), 101,6 × 25,4 mm',
    geometria: {
      tamanhoPagina: 'carta',
      colunasPagina: 2,
      linhasPagina: 10,
      larguraEtiqueta: 101.6,
      alturaEtiqueta: 25.4,
      margemSuperior: 12.7,
      margemLateral: 3.97,
      densidadeHorizontal: 4.76,
      densidadeVertical: 0,
    },
    tamanhoFonte: 9,
    limiteCaracteres: 80,
  },
  {
    id: 'pimaco-6187',
    nome: 'Pimaco 6187',
    descricao: 'Carta, 4 × 20 (80 por folha), 44,45 × 12,7 mm',
    geometria: {
      tamanhoPagina: 'carta',
      colunasPagina: 4,
      linhasPagina: 20,
      larguraEtiqueta: 44.45,
      alturaEtiqueta: 12.7,
      margemSuperior: 12.7,
      margemLateral: 7.14,
      densidadeHorizontal: 7.94,
      densidadeVertical: 0,
    },
    tamanhoFonte: 6,
    limiteCaracteres: 30,
  },
  {
    id: 'pimaco-a4256',
    nome: 'Pimaco A4256',
    descricao: 'A4, 3 × 7 (21 por folha), 63,5 × 38,1 mm',
    geometria: {
      tamanhoPagina: 'a4',
      colunasPagina: 3,
      linhasPagina: 7,
      larguraEtiqueta: 63.5,
      alturaEtiqueta: 38.1,
      margemSuperior: 15.15,
      margemLateral: 7.21,
      densidadeHorizontal: 2.54,
      densidadeVertical: 0,
    },
    tamanhoFonte: 8,
    limiteCaracteres: 60,
  },
  {
    id: 'pimaco-a4260',
    nome: 'Pimaco A4260',
    descricao: 'A4, 3 × 6 (18 por folha), 63,5 × 46,6 mm',
    geometria: {
      tamanhoPagina: 'a4',
      colunasPagina: 3,
      linhasPagina: 6,
      larguraEtiqueta: 63.5,
      alturaEtiqueta: 46.6,
      margemSuperior: 8.7,
      margemLateral: 7.21,
      densidadeHorizontal: 2.54,
      densidadeVertical: 0,
    },
    tamanhoFonte: 9,
    limiteCaracteres: 60,
  },
] as const satisfies ReadonlyArray<{
  id: string;
  nome: string;
  descricao: string;
  geometria: GeometriaEtiqueta;
  tamanhoFonte: number;
  limiteCaracteres: number;
}>;
export type PresetEtiquetaId = (typeof PRESETS_ETIQUETA)[number]['id'];
export const PRESET_ETIQUETA_IDS = PRESETS_ETIQUETA.map((preset) => preset.id) as [
  PresetEtiquetaId,
  ...PresetEtiquetaId[],
];

/**
 * A new template (section 9): padrao indefinido, helvetica 8 pt, 3 columns on A4, internal code,
 * barcode and price shown, barcode number hidden, value font padrao, barcode at the foot. The
 * spec names no geometry: it is that of the common 3-column A4 sheet (Pimaco A4256), so a new
 * template prints as it comes.
 */
export const ETIQUETA_DEFAULTS: EtiquetaModelo = {
  nome: '',
  padrao: 'indefinido',
  ...PRESETS_ETIQUETA[3].geometria,
  fonteEtiqueta: 'helvetica',
  tamanhoFonte: 8,
  limiteCaracteres: 60,
  colunasPagina: 3,
  tamanhoPagina: 'a4',
  descricaoTopo: true,
  exibirCodigoInterno: 'sim',
  exibirCodigoBarras: 'sim',
  exibirNumeroCodigoBarras: 'nao',
  exibirValorProduto: 'sim',
  tamanhoFonteValor: 'padrao',
  posicaoCodigoBarras: 'inferior',
};

/** A preset as a whole template (the defaults with the sheet's geometry and font size). */
export function modeloDoPreset(id: PresetEtiquetaId): EtiquetaModelo {
  const preset = PRESETS_ETIQUETA.find((item) => item.id === id)!;
  return {
    ...ETIQUETA_DEFAULTS,
    nome: preset.nome,
    padrao: 'pimaco',
    ...preset.geometria,
    tamanhoFonte: preset.tamanhoFonte,
    limiteCaracteres: preset.limiteCaracteres,
  };
}

export const ETIQUETA_MESSAGES = {
  nomeObrigatorio: 'Nome é obrigatório',
  colunasMinimo: 'Colunas por página deve ser no mínimo 1',
  linhasMinimo: 'Linhas por página deve ser no mínimo 0',
  naoEncontrada: 'Etiqueta não encontrada',
  numeroInvalido: 'Informe um número',
  modeloObrigatorio: 'Escolha um modelo de etiqueta ou uma folha Pimaco',
  produtosObrigatorios: 'Escolha os produtos ou um grupo de produtos',
  excessoEtiquetas: `No máximo ${MAX_ETIQUETAS_POR_ARQUIVO.toLocaleString('pt-BR')} etiquetas por arquivo`,
  semProdutos: 'Nenhum produto para imprimir',
  alturaOuLinhas: 'Informe a altura da etiqueta ou o número de linhas por página',
} as const;
