// The one PDF module of printable documents (ARCHITECTURE.md, "Documents that move stock or
// money"): the page (A4 or an 80 mm roll), the company header, pt-BR formatting and the page
// furniture. A document only lays out its body, top to bottom, with the methods of Documento;
// nothing is drawn until salvar(), which paginates (A4) or sizes the roll to its content.
import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFImage, PDFPage, RGB } from 'pdf-lib';
import { formatCnpj } from '@prumo/shared/brasil';
import { formatDate, formatDateTime } from '@prumo/shared/dates';
import type { Config } from '../config';
import { desenharSimbolo, type Simbolo } from './codigos';
import { cortar, criarLimpador, quebrar, umaLinha } from './texto';

let pdfLib: Promise<typeof PdfLib> | undefined;
/**
 * pdf-lib loads with the first document, so the server starts without it. It is CommonJS: in
 * the bundled server (dist/) its dynamic import answers its exports as `default` only.
 */
export const carregarPdfLib = () =>
  (pdfLib ??= import('pdf-lib').then((mod) =>
    'PDFDocument' in mod ? mod : (mod as unknown as { default: typeof PdfLib }).default,
  ));

/** Points per millimetre (PDF user space is 1/72 inch). */
export const MM = 72 / 25.4;

export type FormatoDocumento = 'a4' | '80mm';
export type Alinhamento = 'esquerda' | 'centro' | 'direita';

/** The company of the header: the stored one (Configurações → Empresa) or the env's. */
export interface EmpresaDocumento extends Readonly<Config['empresa']> {
  /** A PNG or JPG drawn beside (A4) or above (roll) the company's name. */
  logo?: { tipoMime: string; conteudo: Buffer };
  /** Printed after the CNPJ (fiscal documents). */
  inscricaoEstadual?: string;
}

export interface ContextoDocumento {
  empresa: EmpresaDocumento;
  timeZone: string;
  /** The print date and time in the furniture (tests fix it). */
  agora?: Date;
}

export interface CabecalhoDocumento {
  /** "Pedido de Venda", "COMPROVANTE NÃO FISCAL". */
  titulo: string;
  /** "Nº 000123", "Venda Nº 000123". */
  numero?: string;
  /** Printed large and faint across every A4 page ("CANCELADA"). */
  marcaDagua?: string;
}

interface Geometria {
  largura: number;
  /** A4's height; a roll is as tall as its content, up to `alturaMaxima`. */
  altura: number | null;
  alturaMaxima: number;
  margemX: number;
  margemTopo: number;
  margemBase: number;
  /** Body font size. */
  fonte: number;
}

const GEOMETRIAS: Record<FormatoDocumento, Geometria> = {
  a4: {
    largura: 210 * MM,
    altura: 297 * MM,
    alturaMaxima: 297 * MM,
    margemX: 15 * MM,
    margemTopo: 14 * MM,
    // The footer lives in the bottom margin.
    margemBase: 20 * MM,
    fonte: 9,
  },
  // 80 mm paper prints about 72 mm; a page stops at 200 inches, the most PDF readers show.
  '80mm': {
    largura: 80 * MM,
    altura: null,
    alturaMaxima: 14_400,
    margemX: 4 * MM,
    margemTopo: 4 * MM,
    margemBase: 8 * MM,
    fonte: 8,
  },
};

const ALTURA_LINHA = 1.3;
/** Height of the running header on A4 pages after the first. */
const CABECALHO_CONTINUACAO = 9 * MM;

export interface OpcoesTexto {
  tamanho?: number;
  negrito?: boolean;
  alinhar?: Alinhamento;
  /** Lines at most; the last one ends in an ellipsis when cut. */
  maxLinhas?: number;
  /** Left indent of every line, in points. */
  recuo?: number;
  /** Extra indent of the lines after the first (a hanging indent), in points. */
  recuoSeguintes?: number;
  /** Keeps the text's line breaks (notes); otherwise it is one paragraph (names). */
  paragrafos?: boolean;
}

export interface ColunaTabela {
  titulo: string;
  /** Points; the one column without a width takes what is left. */
  largura?: number;
  alinhar?: Alinhamento;
  /** Wraps into up to this many lines (long product names); other cells are cut to one line. */
  quebrar?: number;
}

/** Something laid out: its height and how to draw it with its top at `topo`. */
interface Bloco {
  altura: number;
  desenhar: (pagina: PDFPage, topo: number) => void;
  /** Blocks of one group move to the next page together when they fit on one. */
  grupo?: number;
  /** Drawn again first when this block starts a page (a table's header row). */
  cabecalho?: Bloco;
}

interface Fontes {
  normal: PDFFont;
  negrito: PDFFont;
  /** The company's logo, embedded once. */
  logo?: PDFImage;
}

/** The most room the logo takes in the header, in points (it keeps its proportions). */
const LOGO_MAXIMO = {
  a4: { largura: 40 * MM, altura: 18 * MM },
  '80mm': { largura: 40 * MM, altura: 14 * MM },
};

/** A day ("2026-03-10") as written; an instant in the company's time zone. */
function dataHoraEm(valor: string | Date | null | undefined, timeZone: string): string {
  if (typeof valor === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(valor)) return formatDate(valor);
  return formatDateTime(valor, timeZone);
}

export class Documento {
  readonly formato: FormatoDocumento;
  /** Width of the body, between the margins, in points. */
  readonly largura: number;
  /** Body font size. */
  readonly fonte: number;
  private readonly geometria: Geometria;
  private readonly blocos: Bloco[] = [];
  private readonly agora: Date;
  private grupoAtual: number | undefined;
  private grupos = 0;

  constructor(
    private readonly lib: typeof PdfLib,
    private readonly pdf: PDFDocument,
    private readonly fontes: Fontes,
    /** Makes any text printable by the standard fonts. */
    readonly limpar: (texto: string) => string,
    private readonly contexto: ContextoDocumento,
    private readonly cabecalho: CabecalhoDocumento,
    formato: FormatoDocumento,
  ) {
    this.formato = formato;
    this.geometria = GEOMETRIAS[formato];
    this.largura = this.geometria.largura - 2 * this.geometria.margemX;
    this.fonte = this.geometria.fonte;
    this.agora = contexto.agora ?? new Date();
    this.cabecalhoInicial();
  }

  // --- pt-BR formatting in the company's time zone ------------------------------------------

  /** "10/03/2026 14:05" (a day alone prints as "10/03/2026"); empty for null. */
  dataHora(valor: string | Date | null | undefined): string {
    return dataHoraEm(valor, this.contexto.timeZone);
  }

  data(valor: string | Date | null | undefined): string {
    return formatDate(valor, this.contexto.timeZone);
  }

  // --- body ---------------------------------------------------------------------------------

  private fonteDe(negrito: boolean | undefined) {
    return negrito ? this.fontes.negrito : this.fontes.normal;
  }

  private medidor(fonte: PDFFont, tamanho: number) {
    return (texto: string) => fonte.widthOfTextAtSize(texto, tamanho);
  }

  private adicionar(bloco: Bloco) {
    this.blocos.push({ grupo: this.grupoAtual, ...bloco });
  }

  /** Draws one line of clean text in a box [x, x + largura] with its top at `topo`. */
  private escrever(
    pagina: PDFPage,
    texto: string,
    caixa: { x: number; largura: number; topo: number },
    estilo: { fonte: PDFFont; tamanho: number; alinhar?: Alinhamento; cor?: RGB },
  ) {
    const { fonte, tamanho } = estilo;
    const largura = fonte.widthOfTextAtSize(texto, tamanho);
    const folga = caixa.largura - largura;
    const x =
      estilo.alinhar === 'direita'
        ? caixa.x + folga
        : estilo.alinhar === 'centro'
          ? caixa.x + folga / 2
          : caixa.x;
    // The glyphs (ascender 0,72, descender 0,21 of the size) centred in the line's height.
    const base = caixa.topo - (tamanho * ALTURA_LINHA - tamanho * 0.93) / 2 - tamanho * 0.72;
    pagina.drawText(texto, {
      x,
      y: base,
      size: tamanho,
      font: fonte,
      color: estilo.cor ?? this.lib.rgb(0, 0, 0),
    });
  }

  /** A paragraph, or several with `paragrafos`, word-wrapped to the width. */
  texto(conteudo: string, opcoes: OpcoesTexto = {}): void {
    const tamanho = opcoes.tamanho ?? this.fonte;
    const fonte = this.fonteDe(opcoes.negrito);
    const medir = this.medidor(fonte, tamanho);
    const recuo = opcoes.recuo ?? 0;
    const seguintes = opcoes.recuoSeguintes ?? 0;
    const largura = this.largura - recuo;
    const linhas = (opcoes.paragrafos ? conteudo.split(/\r?\n/) : [conteudo])
      .flatMap((paragrafo) =>
        quebrar(this.limpar(paragrafo), largura - seguintes, medir, {
          maxLinhas: opcoes.maxLinhas,
          primeira: largura,
        }),
      )
      .slice(0, opcoes.maxLinhas);
    const lh = tamanho * ALTURA_LINHA;
    const x0 = this.geometria.margemX + recuo;
    for (const [indice, linha] of linhas.entries()) {
      const x = indice === 0 ? x0 : x0 + seguintes;
      this.adicionar({
        altura: lh,
        desenhar: (pagina, topo) =>
          this.escrever(
            pagina,
            linha,
            { x, largura: this.geometria.largura - this.geometria.margemX - x, topo },
            { fonte, tamanho, alinhar: opcoes.alinhar },
          ),
      });
    }
  }

  /**
   * A label on the left and a value on the right of one line (totals, payments). The value is
   * never cut: it shrinks when it must; the label is cut with an ellipsis.
   */
  valores(
    rotulo: string,
    valor: string,
    opcoes: { tamanho?: number; negrito?: boolean; recuo?: number } = {},
  ): void {
    const tamanho = opcoes.tamanho ?? this.fonte;
    const fonte = this.fonteDe(opcoes.negrito);
    const x = this.geometria.margemX + (opcoes.recuo ?? 0);
    const largura = this.largura - (opcoes.recuo ?? 0);
    const textoValor = this.limpar(umaLinha(valor));
    const tamanhoValor = this.tamanhoQueCabe(textoValor, fonte, tamanho, largura * 0.7);
    const larguraValor = fonte.widthOfTextAtSize(textoValor, tamanhoValor);
    const espaco = tamanho * 0.8;
    const textoRotulo = cortar(
      this.limpar(umaLinha(rotulo)),
      largura - larguraValor - espaco,
      this.medidor(fonte, tamanho),
    );
    this.adicionar({
      altura: tamanho * ALTURA_LINHA,
      desenhar: (pagina, topo) => {
        this.escrever(pagina, textoRotulo, { x, largura, topo }, { fonte, tamanho });
        const dy = (tamanho - tamanhoValor) * 0.36;
        this.escrever(
          pagina,
          textoValor,
          { x, largura, topo: topo - dy },
          { fonte, tamanho: tamanhoValor, alinhar: 'direita' },
        );
      },
    });
  }

  /** "Rótulo: valor" pairs with the label in bold, in one or more columns. */
  campos(pares: ReadonlyArray<readonly [string, string]>, colunas = 1): void {
    const tamanho = this.fonte;
    const medirNegrito = this.medidor(this.fontes.negrito, tamanho);
    const medir = this.medidor(this.fontes.normal, tamanho);
    const larguraColuna = this.largura / colunas;
    const lh = tamanho * ALTURA_LINHA;
    for (let inicio = 0; inicio < pares.length; inicio += colunas) {
      const celulas = pares.slice(inicio, inicio + colunas).map(([rotulo, valor]) => {
        const textoRotulo = `${this.limpar(umaLinha(rotulo))}: `;
        const larguraRotulo = medirNegrito(textoRotulo);
        const linhas = quebrar(this.limpar(valor), larguraColuna - larguraRotulo - 4, medir, {
          maxLinhas: 3,
        });
        return { textoRotulo, larguraRotulo, linhas };
      });
      const altura = Math.max(...celulas.map((celula) => celula.linhas.length)) * lh;
      this.adicionar({
        altura,
        desenhar: (pagina, topo) =>
          celulas.forEach((celula, coluna) => {
            const x = this.geometria.margemX + coluna * larguraColuna;
            this.escrever(
              pagina,
              celula.textoRotulo,
              { x, largura: larguraColuna, topo },
              { fonte: this.fontes.negrito, tamanho },
            );
            celula.linhas.forEach((linha, indice) =>
              this.escrever(
                pagina,
                linha,
                { x: x + celula.larguraRotulo, largura: larguraColuna, topo: topo - indice * lh },
                { fonte: this.fontes.normal, tamanho },
              ),
            );
          }),
      });
    }
  }

  /** A rule across the body; dashed is the roll's usual section break. */
  separador(tracejado = this.formato === '80mm'): void {
    const altura = this.fonte * 0.9;
    this.adicionar({
      altura,
      desenhar: (pagina, topo) =>
        pagina.drawLine({
          start: { x: this.geometria.margemX, y: topo - altura / 2 },
          end: { x: this.geometria.margemX + this.largura, y: topo - altura / 2 },
          thickness: 0.6,
          color: this.lib.rgb(0, 0, 0),
          dashArray: tracejado ? [2, 1.5] : undefined,
        }),
    });
  }

  espaco(pontos = this.fonte * 0.6): void {
    this.adicionar({ altura: pontos, desenhar: () => undefined });
  }

  /** A framed line of large bold text across the body ("VENDA CANCELADA"). */
  destaque(conteudo: string): void {
    const tamanho = this.fonte * 1.6;
    const fonte = this.fontes.negrito;
    const texto = this.limpar(umaLinha(conteudo));
    const tamanhoQueCabe = this.tamanhoQueCabe(texto, fonte, tamanho, this.largura - 8);
    const altura = tamanho * 2.2;
    this.adicionar({
      altura,
      desenhar: (pagina, topo) => {
        pagina.drawRectangle({
          x: this.geometria.margemX + 1,
          y: topo - altura + 5,
          width: this.largura - 2,
          height: altura - 8,
          borderWidth: 2,
          borderColor: this.lib.rgb(0, 0, 0),
        });
        this.escrever(
          pagina,
          texto,
          {
            x: this.geometria.margemX,
            largura: this.largura,
            topo: topo - 1 - (altura - tamanhoQueCabe * ALTURA_LINHA) / 2,
          },
          { fonte, tamanho: tamanhoQueCabe, alinhar: 'centro' },
        );
      },
    });
  }

  /**
   * A table: a bold header row (repeated on each A4 page it continues on), then one row per
   * line. Cells of a column with `quebrar` wrap; the others stay on one line, shrinking a little
   * before they are cut (so money is never cut).
   */
  tabela(colunas: readonly ColunaTabela[], linhas: ReadonlyArray<readonly string[]>): void {
    const tamanho = this.fonte;
    const lh = tamanho * ALTURA_LINHA;
    const respiro = this.formato === 'a4' ? 2 : 1;
    const fixas = colunas.reduce((soma, coluna) => soma + (coluna.largura ?? 0), 0);
    const larguras = colunas.map((coluna) => coluna.largura ?? Math.max(20, this.largura - fixas));
    const xs = larguras.map(
      (_, indice) =>
        this.geometria.margemX + larguras.slice(0, indice).reduce((soma, l) => soma + l, 0),
    );
    // Cells keep 2 pt from their neighbours; the outer edges line up with the rest of the body.
    const celulas = larguras.map((largura, indice) => {
      const esquerda = indice === 0 ? 0 : 2;
      const direita = indice === larguras.length - 1 ? 0 : 2;
      return { x: xs[indice]! + esquerda, largura: largura - esquerda - direita };
    });

    const linhaDaTabela = (textos: readonly string[], negrito: boolean) => {
      const fonte = this.fonteDe(negrito);
      const medir = this.medidor(fonte, tamanho);
      const conteudo = colunas.map((coluna, indice) => {
        const texto = this.limpar(textos[indice] ?? '');
        const { largura } = celulas[indice]!;
        if (coluna.quebrar && !negrito)
          return { linhas: quebrar(texto, largura, medir, { maxLinhas: coluna.quebrar }), tamanho };
        const unica = umaLinha(texto);
        const ajustado = this.tamanhoQueCabe(unica, fonte, tamanho, largura, 0.8);
        return {
          linhas: [cortar(unica, largura, this.medidor(fonte, ajustado))],
          tamanho: ajustado,
        };
      });
      const altura = Math.max(...conteudo.map((celula) => celula.linhas.length)) * lh + 2 * respiro;
      return { fonte, conteudo, altura };
    };

    const desenharLinha =
      (linha: ReturnType<typeof linhaDaTabela>, fundo: boolean, regua: boolean) =>
      (pagina: PDFPage, topo: number) => {
        if (fundo) {
          pagina.drawRectangle({
            x: this.geometria.margemX,
            y: topo - linha.altura,
            width: this.largura,
            height: linha.altura,
            color: this.lib.rgb(0.94, 0.94, 0.94),
          });
        }
        linha.conteudo.forEach((celula, indice) =>
          celula.linhas.forEach((texto, n) =>
            this.escrever(
              pagina,
              texto,
              {
                ...celulas[indice]!,
                topo: topo - respiro - n * lh - (tamanho - celula.tamanho) * 0.36,
              },
              { fonte: linha.fonte, tamanho: celula.tamanho, alinhar: colunas[indice]!.alinhar },
            ),
          ),
        );
        if (regua) {
          pagina.drawLine({
            start: { x: this.geometria.margemX, y: topo - linha.altura },
            end: { x: this.geometria.margemX + this.largura, y: topo - linha.altura },
            thickness: 0.8,
            color: this.lib.rgb(0, 0, 0),
          });
        }
      };

    const titulos = linhaDaTabela(
      colunas.map((coluna) => coluna.titulo),
      true,
    );
    const cabecalho: Bloco = {
      altura: titulos.altura,
      desenhar: desenharLinha(titulos, false, true),
    };
    // The header never ends a page alone: it goes with the first row.
    const grupo = this.grupoAtual ?? ++this.grupos;
    this.blocos.push({ ...cabecalho, grupo });
    const listrado = this.formato === 'a4';
    linhas.forEach((textos, indice) => {
      const linha = linhaDaTabela(textos, false);
      this.blocos.push({
        altura: linha.altura,
        desenhar: desenharLinha(linha, listrado && indice % 2 === 1, false),
        grupo: indice === 0 ? grupo : this.grupoAtual,
        cabecalho,
      });
    });
  }

  /** Two signature lines side by side ("Operador", "Conferente"). */
  assinaturas(nomes: readonly string[]): void {
    const tamanho = this.fonte * 0.9;
    const largura = this.largura / nomes.length;
    const altura = tamanho * ALTURA_LINHA + 10 * MM;
    this.adicionar({
      altura,
      desenhar: (pagina, topo) =>
        nomes.forEach((nome, indice) => {
          const x = this.geometria.margemX + indice * largura;
          const y = topo - altura + tamanho * ALTURA_LINHA;
          pagina.drawLine({
            start: { x: x + 6, y },
            end: { x: x + largura - 6, y },
            thickness: 0.6,
            color: this.lib.rgb(0, 0, 0),
          });
          this.escrever(
            pagina,
            this.limpar(umaLinha(nome)),
            { x, largura, topo: y },
            { fonte: this.fontes.normal, tamanho, alinhar: 'centro' },
          );
        }),
    });
  }

  /** A barcode or QR code (pdf/codigos.ts), centred, `largura` by `altura` points. */
  simbolo(simbolo: Simbolo, tamanho: { largura: number; altura: number }): void {
    const margem = this.fonte * 0.4;
    this.adicionar({
      altura: tamanho.altura + 2 * margem,
      desenhar: (pagina, topo) =>
        desenharSimbolo(pagina, simbolo, {
          x: this.geometria.margemX + (this.largura - tamanho.largura) / 2,
          y: topo - margem - tamanho.altura,
          ...tamanho,
        }),
    });
  }

  /** What `corpo` adds moves to the next A4 page as a whole when it fits on one page. */
  manterJunto(corpo: () => void): void {
    const anterior = this.grupoAtual;
    this.grupoAtual ??= ++this.grupos;
    try {
      corpo();
    } finally {
      this.grupoAtual = anterior;
    }
  }

  /** The font size at which a line fits the width, down to `minimo` of `tamanho`. */
  private tamanhoQueCabe(
    texto: string,
    fonte: PDFFont,
    tamanho: number,
    largura: number,
    minimo = 0.5,
  ): number {
    const natural = fonte.widthOfTextAtSize(texto, tamanho);
    return natural <= largura ? tamanho : Math.max(tamanho * minimo, (tamanho * largura) / natural);
  }

  // --- header, pages and furniture ------------------------------------------------------------

  /** The company header and the title: centred on the roll, company left and title right on A4. */
  private cabecalhoInicial(): void {
    const { empresa } = this.contexto;
    const cnpj = [
      empresa.cnpj ? `CNPJ: ${formatCnpj(empresa.cnpj)}` : '',
      empresa.inscricaoEstadual ? `IE: ${empresa.inscricaoEstadual}` : '',
    ]
      .filter(Boolean)
      .join('  ');
    const telefone = empresa.telefone ? `Tel.: ${empresa.telefone}` : '';
    const { titulo, numero } = this.cabecalho;
    if (this.formato === '80mm') {
      const centro = { alinhar: 'centro' as const };
      const logo = this.tamanhoLogo();
      if (logo) {
        this.adicionar({
          altura: logo.height + 4,
          desenhar: (pagina, topo) =>
            pagina.drawImage(this.fontes.logo!, {
              x: this.geometria.margemX + (this.largura - logo.width) / 2,
              y: topo - logo.height,
              ...logo,
            }),
        });
      }
      if (empresa.nome)
        this.texto(empresa.nome, { ...centro, negrito: true, tamanho: 10, maxLinhas: 3 });
      for (const linha of [cnpj, empresa.endereco, telefone].filter(Boolean))
        this.texto(linha, { ...centro, maxLinhas: 3 });
      this.separador();
      this.texto(titulo, { ...centro, negrito: true, tamanho: 10 });
      if (numero) this.texto(numero, { ...centro, negrito: true, tamanho: 10 });
      this.separador();
      return;
    }
    this.adicionar(this.cabecalhoA4(cnpj, telefone));
    this.espaco(4);
  }

  /** The logo's size within the format's box, or undefined without a logo. */
  private tamanhoLogo() {
    const maximo = LOGO_MAXIMO[this.formato];
    const escala = this.fontes.logo?.scaleToFit(maximo.largura, maximo.altura);
    return escala && { width: escala.width, height: escala.height };
  }

  private cabecalhoA4(cnpj: string, telefone: string): Bloco {
    const { empresa } = this.contexto;
    const { negrito, normal } = this.fontes;
    const logo = this.tamanhoLogo();
    const recuoLogo = logo ? logo.width + 4 * MM : 0;
    const larguraEmpresa = this.largura * 0.6 - recuoLogo;
    const larguraTitulo = this.largura - larguraEmpresa - 12;
    const linhasDe = (texto: string, fonte: PDFFont, tamanho: number, largura: number) =>
      quebrar(this.limpar(texto), largura, this.medidor(fonte, tamanho), { maxLinhas: 2 }).map(
        (linha) => ({ linha, fonte, tamanho }),
      );
    const esquerda = [
      ...(empresa.nome ? linhasDe(empresa.nome, negrito, 13, larguraEmpresa) : []),
      ...[cnpj, empresa.endereco, telefone]
        .filter(Boolean)
        .flatMap((texto) => linhasDe(texto, normal, 9, larguraEmpresa)),
    ];
    const direita = [
      ...linhasDe(this.cabecalho.titulo, negrito, 15, larguraTitulo),
      ...(this.cabecalho.numero ? linhasDe(this.cabecalho.numero, negrito, 12, larguraTitulo) : []),
    ];
    const alturaDe = (linhas: typeof esquerda) =>
      linhas.reduce((soma, { tamanho }) => soma + tamanho * ALTURA_LINHA, 0);
    const altura = Math.max(alturaDe(esquerda), alturaDe(direita), logo?.height ?? 0) + 8;
    const x = this.geometria.margemX;
    return {
      altura,
      desenhar: (pagina, topo) => {
        const coluna = (
          linhas: typeof esquerda,
          xColuna: number,
          largura: number,
          alinhar: Alinhamento,
        ) =>
          linhas.reduce((y, { linha, fonte, tamanho }) => {
            this.escrever(
              pagina,
              linha,
              { x: xColuna, largura, topo: y },
              { fonte, tamanho, alinhar },
            );
            return y - tamanho * ALTURA_LINHA;
          }, topo);
        if (logo) pagina.drawImage(this.fontes.logo!, { x, y: topo - logo.height, ...logo });
        coluna(esquerda, x + recuoLogo, larguraEmpresa, 'esquerda');
        coluna(direita, x + this.largura - larguraTitulo, larguraTitulo, 'direita');
        pagina.drawLine({
          start: { x, y: topo - altura + 3 },
          end: { x: x + this.largura, y: topo - altura + 3 },
          thickness: 1.2,
          color: this.lib.rgb(0, 0, 0),
        });
      },
    };
  }

  /** Splits the blocks into pages: a group that fits on a page is not split across two. */
  private paginar(): Bloco[][] {
    const { margemTopo, margemBase } = this.geometria;
    const util = this.geometria.alturaMaxima - margemTopo - margemBase;
    const capacidade = (pagina: number) =>
      util - (this.formato === 'a4' && pagina > 0 ? CABECALHO_CONTINUACAO : 0);
    const paginas: Bloco[][] = [[]];
    let usado = 0;
    this.blocos.forEach((bloco, indice) => {
      let necessario = bloco.altura;
      const iniciaGrupo =
        bloco.grupo !== undefined && this.blocos[indice - 1]?.grupo !== bloco.grupo;
      if (iniciaGrupo) {
        let soma = 0;
        for (let j = indice; j < this.blocos.length && this.blocos[j]!.grupo === bloco.grupo; j++)
          soma += this.blocos[j]!.altura;
        if (soma <= capacidade(paginas.length)) necessario = soma;
      }
      if (usado > 0 && usado + necessario > capacidade(paginas.length - 1)) {
        paginas.push([]);
        usado = 0;
        if (bloco.cabecalho) {
          paginas.at(-1)!.push(bloco.cabecalho);
          usado += bloco.cabecalho.altura;
        }
      }
      paginas.at(-1)!.push(bloco);
      usado += bloco.altura;
    });
    return paginas;
  }

  /** Lays out the pages, draws them with their furniture and answers the PDF's bytes. */
  async salvar(): Promise<Uint8Array> {
    const impresso = `Impresso em ${dataHoraEm(this.agora, this.contexto.timeZone)}`;
    if (this.formato === '80mm') {
      this.separador();
      this.texto(impresso, { alinhar: 'centro', tamanho: this.fonte * 0.9 });
    }
    const { largura, margemTopo, margemBase } = this.geometria;
    const paginas = this.paginar();
    paginas.forEach((blocos, indice) => {
      const conteudo = blocos.reduce((soma, bloco) => soma + bloco.altura, 0);
      const altura = this.geometria.altura ?? Math.ceil(margemTopo + conteudo + margemBase);
      const pagina = this.pdf.addPage([largura, altura]);
      let topo =
        altura - margemTopo - (this.formato === 'a4' && indice > 0 ? CABECALHO_CONTINUACAO : 0);
      for (const bloco of blocos) {
        bloco.desenhar(pagina, topo);
        topo -= bloco.altura;
      }
      // After the body, so the watermark lies over the table's shading.
      if (this.formato === 'a4') this.mobiliaA4(pagina, indice + 1, paginas.length, impresso);
    });
    return this.pdf.save();
  }

  /** Watermark, running header (pages after the first) and footer of one A4 page. */
  private mobiliaA4(pagina: PDFPage, numero: number, total: number, impresso: string) {
    const { lib } = this;
    const { margemX, margemTopo, margemBase, largura } = this.geometria;
    const altura = pagina.getHeight();
    const cinza = lib.rgb(0.35, 0.35, 0.35);
    const normal = this.fontes.normal;
    const marca = this.cabecalho.marcaDagua && this.limpar(umaLinha(this.cabecalho.marcaDagua));
    if (marca) {
      const tamanho = 96;
      const largo = this.fontes.negrito.widthOfTextAtSize(marca, tamanho);
      const angulo = Math.atan2(altura, largura);
      pagina.drawText(marca, {
        x: largura / 2 - (Math.cos(angulo) * largo) / 2 + Math.sin(angulo) * tamanho * 0.35,
        y: altura / 2 - (Math.sin(angulo) * largo) / 2 - Math.cos(angulo) * tamanho * 0.35,
        size: tamanho,
        font: this.fontes.negrito,
        color: lib.rgb(0.8, 0.1, 0.1),
        opacity: 0.12,
        rotate: lib.radians(angulo),
      });
    }
    const linha = (y: number) =>
      pagina.drawLine({
        start: { x: margemX, y },
        end: { x: largura - margemX, y },
        thickness: 0.5,
        color: cinza,
      });
    const tamanho = 8;
    const caixa = (topo: number) => ({ x: margemX, largura: this.largura, topo });
    if (numero > 1) {
      const { nome } = this.contexto.empresa;
      const titulo = [this.cabecalho.titulo, this.cabecalho.numero].filter(Boolean).join(' ');
      const topo = altura - margemTopo;
      const estilo = { fonte: normal, tamanho, cor: cinza };
      this.escrever(
        pagina,
        cortar(this.limpar(nome), this.largura * 0.55, this.medidor(normal, tamanho)),
        caixa(topo),
        estilo,
      );
      this.escrever(pagina, this.limpar(titulo), caixa(topo), { ...estilo, alinhar: 'direita' });
      linha(topo - tamanho * ALTURA_LINHA - 2);
    }
    const topoRodape = margemBase - 6 * MM;
    linha(topoRodape + 3);
    const estilo = { fonte: normal, tamanho, cor: cinza };
    this.escrever(pagina, this.limpar(impresso), caixa(topoRodape), estilo);
    this.escrever(pagina, `Página ${numero} de ${total}`, caixa(topoRodape), {
      ...estilo,
      alinhar: 'direita',
    });
  }
}

/**
 * A new document with the company header and the title already laid out: the caller adds its
 * body and calls salvar(). Standard Helvetica fonts (no font file to embed, small PDFs).
 */
export async function criarDocumento(
  formato: FormatoDocumento,
  contexto: ContextoDocumento,
  cabecalho: CabecalhoDocumento,
): Promise<Documento> {
  const lib = await carregarPdfLib();
  const pdf = await lib.PDFDocument.create();
  const titulo = [cabecalho.titulo, cabecalho.numero].filter(Boolean).join(' ');
  pdf.setTitle(titulo);
  if (contexto.empresa.nome) pdf.setAuthor(contexto.empresa.nome);
  pdf.setCreator('Prumo ERP');
  pdf.setProducer('Prumo ERP (pdf-lib)');
  pdf.setLanguage('pt-BR');
  if (contexto.agora) {
    pdf.setCreationDate(contexto.agora);
    pdf.setModificationDate(contexto.agora);
  }
  const normal = await pdf.embedFont(lib.StandardFonts.Helvetica);
  const negrito = await pdf.embedFont(lib.StandardFonts.HelveticaBold);
  const { logo } = contexto.empresa;
  const imagem =
    logo &&
    (logo.tipoMime === 'image/png' ? pdf.embedPng(logo.conteudo) : pdf.embedJpg(logo.conteudo));
  const limpar = criarLimpador(new Set(normal.getCharacterSet()));
  return new Documento(
    lib,
    pdf,
    { normal, negrito, logo: await imagem },
    limpar,
    contexto,
    cabecalho,
    formato,
  );
}
