// Boxed forms (the DANFE): fields drawn as boxes with a small caption on top and the value below,
// in rows across the page. Unlike Documento, which flows a body down the page, a form places
// everything itself: the caller chooses the pages and the positions, in points measured from the
// top-left corner of the page. Fonts, metadata and text cleaning are those of Documento.
import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { desenharSimbolo, type Simbolo } from './codigos';
import { carregarPdfLib, type Alinhamento, type ContextoDocumento } from './documento';
import { cortar, criarLimpador, quebrar, umaLinha } from './texto';

/** A rectangle: left edge, top edge (down from the page's top), width and height, in points. */
export interface Caixa {
  x: number;
  topo: number;
  largura: number;
  altura: number;
}

export interface EstiloTexto {
  tamanho: number;
  negrito?: boolean;
  alinhar?: Alinhamento;
}

export interface CampoFormulario {
  rotulo: string;
  valor: string;
  /** Points; the fields of a row without a width share what is left. */
  largura?: number;
  alinhar?: Alinhamento;
  /** Value font size (the form's default otherwise). */
  tamanho?: number;
  negrito?: boolean;
}

/** Line height as a multiple of the font size. */
export const ALTURA_LINHA_FORMULARIO = 1.2;
/** Inner padding of a box. */
const RESPIRO = 1.6;

export class Formulario {
  readonly limpar: (texto: string) => string;
  /** Caption and value sizes of a field. */
  tamanhoRotulo = 5.5;
  tamanhoValor = 8;

  constructor(
    private readonly lib: typeof PdfLib,
    private readonly pdf: PDFDocument,
    private readonly fontes: { normal: PDFFont; negrito: PDFFont },
    /** The company's logo, embedded once. */
    readonly logo: PDFImage | undefined,
  ) {
    this.limpar = criarLimpador(new Set(fontes.normal.getCharacterSet()));
  }

  novaPagina(largura: number, altura: number): PaginaFormulario {
    return new PaginaFormulario(this, this.lib, this.pdf.addPage([largura, altura]), this.fontes);
  }

  fonte(negrito?: boolean): PDFFont {
    return negrito ? this.fontes.negrito : this.fontes.normal;
  }

  /** Width of a clean text, in points. */
  medir(texto: string, estilo: EstiloTexto): number {
    return this.fonte(estilo.negrito).widthOfTextAtSize(texto, estilo.tamanho);
  }

  /** A text cleaned for the fonts and word-wrapped to a width (up to `maxLinhas`). */
  quebrar(texto: string, largura: number, estilo: EstiloTexto, maxLinhas?: number): string[] {
    const fonte = this.fonte(estilo.negrito);
    return quebrar(
      this.limpar(texto),
      largura,
      (linha) => fonte.widthOfTextAtSize(linha, estilo.tamanho),
      { maxLinhas },
    );
  }

  salvar(): Promise<Uint8Array> {
    return this.pdf.save();
  }
}

export class PaginaFormulario {
  readonly largura: number;
  readonly altura: number;

  constructor(
    private readonly form: Formulario,
    private readonly lib: typeof PdfLib,
    readonly pagina: PDFPage,
    private readonly fontes: { normal: PDFFont; negrito: PDFFont },
  ) {
    this.largura = pagina.getWidth();
    this.altura = pagina.getHeight();
  }

  /** A framed rectangle; `fundo` fills it light grey. */
  caixa(caixa: Caixa, opcoes: { espessura?: number; fundo?: boolean } = {}): void {
    this.pagina.drawRectangle({
      x: caixa.x,
      y: this.altura - caixa.topo - caixa.altura,
      width: caixa.largura,
      height: caixa.altura,
      borderWidth: opcoes.espessura ?? 0.5,
      borderColor: this.lib.rgb(0, 0, 0),
      color: opcoes.fundo ? this.lib.rgb(0.92, 0.92, 0.92) : undefined,
    });
  }

  /** A horizontal line at `topo` (dashed: the canhoto's cut line; fina: between table rows). */
  linha(
    x: number,
    topo: number,
    largura: number,
    estilo: { tracejado?: boolean; fina?: boolean } = {},
  ): void {
    this.pagina.drawLine({
      start: { x, y: this.altura - topo },
      end: { x: x + largura, y: this.altura - topo },
      thickness: estilo.fina ? 0.25 : 0.5,
      color: estilo.fina ? this.lib.rgb(0.6, 0.6, 0.6) : this.lib.rgb(0, 0, 0),
      dashArray: estilo.tracejado ? [3, 2] : undefined,
    });
  }

  /** A vertical line from `topo` down to `base` (a table's column rule). */
  vertical(x: number, topo: number, base: number): void {
    this.pagina.drawLine({
      start: { x, y: this.altura - topo },
      end: { x, y: this.altura - base },
      thickness: 0.5,
      color: this.lib.rgb(0, 0, 0),
    });
  }

  /**
   * One line of text in [x, x + largura] with its top at `topo`, cut with an ellipsis when it
   * does not fit (after shrinking to 80% of its size: numbers are rarely cut).
   */
  texto(texto: string, caixa: { x: number; topo: number; largura: number }, estilo: EstiloTexto) {
    const fonte = this.form.fonte(estilo.negrito);
    const limpo = this.form.limpar(umaLinha(texto));
    const natural = fonte.widthOfTextAtSize(limpo, estilo.tamanho);
    const tamanho =
      natural <= caixa.largura
        ? estilo.tamanho
        : Math.max(estilo.tamanho * 0.8, (estilo.tamanho * caixa.largura) / natural);
    const linha = cortar(limpo, caixa.largura, (t) => fonte.widthOfTextAtSize(t, tamanho));
    const largura = fonte.widthOfTextAtSize(linha, tamanho);
    const folga = caixa.largura - largura;
    const x =
      estilo.alinhar === 'direita'
        ? caixa.x + folga
        : estilo.alinhar === 'centro'
          ? caixa.x + folga / 2
          : caixa.x;
    // The glyphs (ascender 0,72 of the size) hang from the line's top, centred in its height.
    const base =
      this.altura -
      caixa.topo -
      (estilo.tamanho * ALTURA_LINHA_FORMULARIO - tamanho * 0.93) / 2 -
      tamanho * 0.72;
    this.pagina.drawText(linha, { x, y: base, size: tamanho, font: fonte });
  }

  /** Lines already wrapped (Formulario.quebrar), one under the other; answers their height. */
  linhas(
    linhas: readonly string[],
    caixa: { x: number; topo: number; largura: number },
    estilo: EstiloTexto,
  ): number {
    const lh = estilo.tamanho * ALTURA_LINHA_FORMULARIO;
    linhas.forEach((linha, indice) =>
      this.texto(linha, { ...caixa, topo: caixa.topo + indice * lh }, estilo),
    );
    return linhas.length * lh;
  }

  /**
   * A field: a box with its caption at the top left and its value on the bottom line (or
   * wrapped over `maxLinhas` lines under the caption).
   */
  campo(
    caixa: Caixa,
    rotulo: string,
    valor: string,
    estilo: Partial<EstiloTexto> & { maxLinhas?: number } = {},
  ): void {
    this.caixa(caixa);
    const dentro = { x: caixa.x + RESPIRO, largura: caixa.largura - 2 * RESPIRO };
    const rotuloEstilo = { tamanho: this.form.tamanhoRotulo };
    this.texto(rotulo.toUpperCase(), { ...dentro, topo: caixa.topo + 0.6 }, rotuloEstilo);
    if (!valor) return;
    const valorEstilo = { ...estilo, tamanho: estilo.tamanho ?? this.form.tamanhoValor };
    const lh = valorEstilo.tamanho * ALTURA_LINHA_FORMULARIO;
    if (estilo.maxLinhas && estilo.maxLinhas > 1) {
      const topo = caixa.topo + 0.6 + this.form.tamanhoRotulo * ALTURA_LINHA_FORMULARIO;
      const cabem = Math.max(1, Math.floor((caixa.topo + caixa.altura - topo) / lh));
      const linhas = this.form.quebrar(
        valor,
        dentro.largura,
        valorEstilo,
        Math.min(cabem, estilo.maxLinhas),
      );
      this.linhas(linhas, { ...dentro, topo }, valorEstilo);
      return;
    }
    this.texto(valor, { ...dentro, topo: caixa.topo + caixa.altura - lh - 0.8 }, valorEstilo);
  }

  /** Fields side by side filling [x, x + largura], all `altura` high. */
  linhaDeCampos(
    caixa: Caixa,
    campos: readonly CampoFormulario[],
    padrao: { alinhar?: Alinhamento } = {},
  ): void {
    const fixas = campos.reduce((soma, campo) => soma + (campo.largura ?? 0), 0);
    const livres = campos.filter((campo) => campo.largura === undefined).length;
    const resto = livres ? (caixa.largura - fixas) / livres : 0;
    let x = caixa.x;
    for (const campo of campos) {
      const largura = campo.largura ?? resto;
      this.campo({ ...caixa, x, largura }, campo.rotulo, campo.valor, {
        alinhar: campo.alinhar ?? padrao.alinhar,
        tamanho: campo.tamanho,
        negrito: campo.negrito,
      });
      x += largura;
    }
  }

  /** A barcode or QR code (pdf/codigos.ts) filling a box. */
  simbolo(simbolo: Simbolo, caixa: Caixa): void {
    desenharSimbolo(this.pagina, simbolo, {
      x: caixa.x,
      y: this.altura - caixa.topo - caixa.altura,
      largura: caixa.largura,
      altura: caixa.altura,
    });
  }

  /** The company's logo scaled into a box (keeping its proportions); its width, or 0. */
  logo(caixa: Caixa): number {
    const { logo } = this.form;
    if (!logo) return 0;
    const { width, height } = logo.scaleToFit(caixa.largura, caixa.altura);
    this.pagina.drawImage(logo, {
      x: caixa.x,
      y: this.altura - caixa.topo - (caixa.altura + height) / 2,
      width,
      height,
    });
    return width;
  }

  /** Large faint text across the page's diagonal ("SEM VALOR FISCAL"). */
  marcaDagua(texto: string): void {
    const fonte = this.fontes.negrito;
    const limpo = this.form.limpar(umaLinha(texto));
    const angulo = Math.atan2(this.altura, this.largura);
    const diagonal = Math.hypot(this.largura, this.altura);
    const tamanho = Math.min(90, (diagonal * 0.75 * 72) / fonte.widthOfTextAtSize(limpo, 72));
    const largo = fonte.widthOfTextAtSize(limpo, tamanho);
    this.pagina.drawText(limpo, {
      x: this.largura / 2 - (Math.cos(angulo) * largo) / 2 + Math.sin(angulo) * tamanho * 0.35,
      y: this.altura / 2 - (Math.sin(angulo) * largo) / 2 - Math.cos(angulo) * tamanho * 0.35,
      size: tamanho,
      font: fonte,
      color: this.lib.rgb(0.55, 0.55, 0.55),
      opacity: 0.22,
      rotate: this.lib.radians(angulo),
    });
  }
}

/** A new empty form (standard Helvetica fonts, the document's metadata, the company's logo). */
export async function criarFormulario(
  contexto: ContextoDocumento,
  titulo: string,
): Promise<Formulario> {
  const lib = await carregarPdfLib();
  const pdf = await lib.PDFDocument.create();
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
  const imagem = logo
    ? await (logo.tipoMime === 'image/png'
        ? pdf.embedPng(logo.conteudo)
        : pdf.embedJpg(logo.conteudo))
    : undefined;
  return new Formulario(lib, pdf, { normal, negrito }, imagem);
}
