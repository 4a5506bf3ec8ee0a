// Reading the spreadsheet a user uploads to import (issue 33): CSV/TXT as Excel in pt-BR or any
// other program saves it, and XLSX through exceljs's streaming reader, every cell as text the way
// the user sees it. The file is untrusted: zip bombs, binary garbage and oversized sheets are
// refused with a pt-BR message (400, or 413 when only the size is wrong) before they cost much.
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { LINHAS_POR_COLETA, liberarMemoria } from './memoria';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import { AppError, badRequest } from '../../http/errors';

export interface PlanilhaLida {
  folhas: string[];
  folha: string | null;
  cabecalhos: string[];
  /** The data rows below the header, each as long as the header row; blank rows in between
   *  stay (as rows of ""), so `linha_cabecalho + i + 1` is row i's number in the sheet. */
  linhas: string[][];
  codificacao: 'UTF-8' | 'Windows-1252' | null;
  separador: ';' | ',' | '\t' | null;
  /** The header's row number in the sheet (1 unless blank rows sit above it). */
  linha_cabecalho: number;
}

export const LIMITES_PLANILHA = {
  bytes: 20 * 1024 * 1024,
  linhas: 100_000,
  colunas: 200,
  caracteresPorCelula: 10_000,
  /** What the XLSX's zip may hold once inflated. */
  bytesDescompactados: 200 * 1024 * 1024,
  /** Inflated/compressed of one zip entry: sheet XML reaches tens, zeros of a bomb ~1000. */
  razaoCompactacao: 400,
  entradasZip: 5_000,
} as const;

const MB = 1024 * 1024;
const milhar = (n: number) => n.toLocaleString('pt-BR');

const muitoGrande = (mensagem: string) => new AppError('PAYLOAD_TOO_LARGE', mensagem);

const MENSAGENS = {
  vazio: 'O arquivo está vazio.',
  grande: `O arquivo passa de ${LIMITES_PLANILHA.bytes / MB} MB. Divida a planilha em partes menores.`,
  extensao: 'Formato de arquivo não aceito. Envie uma planilha .csv, .txt ou .xlsx.',
  xls: 'Arquivos .xls (Excel 97-2003) não são aceitos. Abra a planilha no Excel ou no LibreOffice e salve como .xlsx ou .csv.',
  semCabecalho: 'A planilha não tem nenhuma linha preenchida.',
  semLinhas: 'A planilha só tem a linha de cabeçalho: não há nenhuma linha de dados para importar.',
  linhas: `A planilha passa de ${milhar(LIMITES_PLANILHA.linhas)} linhas de dados. Divida-a em arquivos menores.`,
  colunas: `A planilha passa de ${LIMITES_PLANILHA.colunas} colunas. Apague as colunas que não serão importadas.`,
  celula: (onde: string) =>
    `${onde} passa de ${milhar(LIMITES_PLANILHA.caracteresPorCelula)} caracteres, o máximo por célula.`,
  binario:
    'O arquivo não parece ser um texto CSV (tem caracteres de controle ou dados binários). Salve a planilha como CSV ou .xlsx e envie de novo.',
  csvXlsx: 'O arquivo parece ser uma planilha .xlsx com outro nome. Envie-o com a extensão .xlsx.',
  utf16:
    'O arquivo está em UTF-16 ("Texto Unicode"). Salve a planilha como "CSV UTF-8" ou .xlsx e envie de novo.',
  aspas: (linha: number) =>
    `A linha ${linha} do CSV tem aspas que não se fecham. Corrija-a ou salve a planilha de novo como CSV.`,
  naoZip:
    'O arquivo não é uma planilha .xlsx válida. Se ele foi salvo como .xls ou está protegido por senha, abra-o no Excel e salve como .xlsx (sem senha) ou .csv.',
  zipInvalido: 'O arquivo .xlsx está corrompido e não pôde ser lido.',
  semPasta: 'O arquivo não contém uma pasta de trabalho do Excel (.xlsx).',
  semFolhas: 'A pasta de trabalho não tem nenhuma folha de dados.',
  folha: (folha: string, folhas: string[]) =>
    `A folha "${folha}" não existe nesta planilha. Folhas: ${folhas.join(', ')}.`,
  descompactado: `A planilha descompactada passaria de ${LIMITES_PLANILHA.bytesDescompactados / MB} MB. Divida-a em arquivos menores.`,
  suspeito:
    'O arquivo .xlsx foi recusado: ele se expande de forma anormal ao ser aberto (parece um arquivo malicioso).',
  ilegivel:
    'Não foi possível ler a planilha .xlsx. Abra-a no Excel, salve de novo e envie outra vez.',
} as const;

/**
 * The file's rows as text: the first sheet (or `opcoes.folha`) of an XLSX, or the CSV/TXT with
 * its encoding and separator found out. Throws AppError (400/413) for anything it cannot read.
 */
export async function lerPlanilha(
  arquivo: Buffer,
  nomeArquivo: string,
  opcoes: { folha?: string } = {},
): Promise<PlanilhaLida> {
  const extensao = extname(nomeArquivo).toLowerCase();
  if (extensao === '.xls') throw badRequest(MENSAGENS.xls);
  if (extensao !== '.csv' && extensao !== '.txt' && extensao !== '.xlsx')
    throw badRequest(MENSAGENS.extensao);
  if (arquivo.length === 0) throw badRequest(MENSAGENS.vazio);
  if (arquivo.length > LIMITES_PLANILHA.bytes) throw muitoGrande(MENSAGENS.grande);
  return extensao === '.xlsx' ? lerXlsx(arquivo, opcoes.folha) : lerCsv(arquivo);
}

// ---------------------------------------------------------------------------------------------
// The rows, as they come: header, limits, blank and trailing rows

/**
 * Collects the rows of either format: the header is the first row with something in it; blank
 * rows are only counted until a filled row follows (so trailing ones, and a sheet "formatted"
 * down to row 1.048.576, cost nothing); every limit is checked as the rows arrive.
 */
class Tabela {
  private cabecalhos: string[] | null = null;
  private linhaCabecalho = 0;
  private readonly linhas: string[][] = [];
  private brancasPendentes = 0;
  private largura = 0;

  /** A row of the sheet (number = its row number, 1-based), its cells already as text. */
  adicionar(numero: number, celulas: string[]) {
    let fim = celulas.length;
    while (fim > 0 && celulas[fim - 1]!.trim() === '') fim--;
    if (fim > LIMITES_PLANILHA.colunas) throw badRequest(MENSAGENS.colunas);
    celulas.forEach((c, i) => {
      if (c.length > LIMITES_PLANILHA.caracteresPorCelula)
        throw badRequest(MENSAGENS.celula(`A célula ${letraDaColuna(i + 1)}${numero}`));
    });
    if (this.cabecalhos === null) {
      if (fim === 0) return;
      this.cabecalhos = celulas.slice(0, fim).map((c) => c.trim());
      this.linhaCabecalho = numero;
      this.largura = fim;
      return;
    }
    // Rows missing from the file (an XLSX skips empty ones) count as blank.
    const ultima = this.linhaCabecalho + this.linhas.length + this.brancasPendentes;
    this.brancasPendentes += Math.max(0, numero - ultima - 1);
    if (fim === 0) {
      this.brancasPendentes++;
      return;
    }
    if (this.linhas.length + this.brancasPendentes + 1 > LIMITES_PLANILHA.linhas)
      throw muitoGrande(MENSAGENS.linhas);
    for (; this.brancasPendentes > 0; this.brancasPendentes--) this.linhas.push([]);
    this.linhas.push(celulas.slice(0, fim));
    this.largura = Math.max(this.largura, fim);
  }

  concluir(): Pick<PlanilhaLida, 'cabecalhos' | 'linhas' | 'linha_cabecalho'> {
    if (this.cabecalhos === null) throw badRequest(MENSAGENS.semCabecalho);
    if (this.linhas.length === 0) throw badRequest(MENSAGENS.semLinhas);
    const completar = (linha: string[]) => {
      while (linha.length < this.largura) linha.push('');
      return linha;
    };
    return {
      cabecalhos: completar(this.cabecalhos),
      linhas: this.linhas.map(completar),
      linha_cabecalho: this.linhaCabecalho,
    };
  }
}

/** A, B, …, Z, AA… as the spreadsheet names its columns. */
function letraDaColuna(n: number): string {
  let letras = '';
  for (let resto = n; resto > 0; resto = Math.floor((resto - 1) / 26))
    letras = String.fromCharCode(65 + ((resto - 1) % 26)) + letras;
  return letras;
}

// ---------------------------------------------------------------------------------------------
// CSV / TXT

type Separador = NonNullable<PlanilhaLida['separador']>;
const SEPARADORES: Separador[] = [';', ',', '\t'];

function lerCsv(arquivo: Buffer): PlanilhaLida {
  recusarSeBinario(arquivo);
  const { texto, codificacao } = decodificar(arquivo);
  // Excel's own hint on the first line ("sep=;"), when a program wrote one.
  const dica = /^sep=([;,\t])\r?\n/i.exec(texto);
  const separador = dica ? (dica[1] as Separador) : detectarSeparador(texto);
  const tabela = new Tabela();
  let numero = 0;
  let aspasAbertas = 0;
  let erro: unknown = null;
  Papa.parse<string[]>(texto, {
    delimiter: separador,
    skipEmptyLines: false,
    step: (resultado, parser) => {
      numero++;
      if (dica && numero === 1) return;
      if (resultado.errors.some((e) => e.code === 'MissingQuotes')) aspasAbertas ||= numero;
      try {
        tabela.adicionar(numero, resultado.data);
      } catch (e) {
        erro = e;
        parser.abort();
      }
    },
  });
  if (erro) throw erro;
  if (aspasAbertas) throw badRequest(MENSAGENS.aspas(aspasAbertas));
  return { folhas: [], folha: null, codificacao, separador, ...tabela.concluir() };
}

/** NUL bytes or a run of other control characters: not a text file (or one in UTF-16). */
function recusarSeBinario(arquivo: Buffer) {
  if (arquivo.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')))
    throw badRequest(MENSAGENS.csvXlsx);
  const inicio = arquivo.subarray(0, 2);
  if (inicio.equals(Buffer.from([0xff, 0xfe])) || inicio.equals(Buffer.from([0xfe, 0xff])))
    throw badRequest(MENSAGENS.utf16);
  if (arquivo.includes(0)) throw badRequest(MENSAGENS.binario);
  let controles = 0;
  for (const byte of arquivo.subarray(0, 64 * 1024)) {
    // Tab, line feed, form feed and carriage return are text; the other C0 codes are not.
    if (
      (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) ||
      byte === 0x7f
    )
      controles++;
  }
  if (controles > 8) throw badRequest(MENSAGENS.binario);
}

/** UTF-8 when the bytes are valid UTF-8 (BOM or not), else Windows-1252 (Excel's "CSV"). */
function decodificar(arquivo: Buffer): { texto: string; codificacao: 'UTF-8' | 'Windows-1252' } {
  try {
    return {
      texto: new TextDecoder('utf-8', { fatal: true }).decode(arquivo),
      codificacao: 'UTF-8',
    };
  } catch {
    return { texto: windows1252(arquivo), codificacao: 'Windows-1252' };
  }
}

// Windows-1252's 0x80–0x9F (€, aspas curvas, travessões…); the five it leaves undefined keep
// their code point, as the WHATWG decoder does.
const CP1252_80_9F =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/**
 * Latin-1 plus the 0x80–0x9F table: Node 20's TextDecoder('windows-1252') decodes as Latin-1
 * and would turn "€" into a control character.
 */
function windows1252(arquivo: Buffer): string {
  return arquivo
    .toString('latin1')
    .replace(/[\u0080-\u009F]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]!);
}

/**
 * The separator the header line uses most, outside quotes; ';' (Excel in pt-BR) on a tie or in
 * a one-column file. Data lines would mislead: "1.234,56" holds a comma.
 */
function detectarSeparador(texto: string): Separador {
  const contagem: Record<Separador, number> = { ';': 0, ',': 0, '\t': 0 };
  let entreAspas = false;
  let algo = false;
  for (const ch of texto) {
    if (ch === '"') entreAspas = !entreAspas;
    else if (!entreAspas && (ch === '\n' || ch === '\r')) {
      if (algo) break;
    } else if (!entreAspas && ch in contagem) contagem[ch as Separador]++;
    else if (ch.trim() !== '') algo = true;
  }
  return SEPARADORES.reduce((melhor, s) => (contagem[s] > contagem[melhor] ? s : melhor), ';');
}

// ---------------------------------------------------------------------------------------------
// XLSX

/** The parts of the workbook exceljs reads before a sheet, in the order it needs them. */
const PARTES_DO_LIVRO = [
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];

/** Where the zip's parts lie in the file. */
interface EntradasNoArquivo {
  /** Each entry by name: from its local header to the end of its data (and descriptor). */
  trechos: Map<string, { inicio: number; fim: number }>;
  /** Where the central directory starts; it runs to the end of the file. */
  diretorio: number;
}

interface FolhaXlsx {
  nome: string;
  oculta: boolean;
  /** Its file inside the zip, e.g. xl/worksheets/sheet1.xml. */
  caminho: string;
}

async function lerXlsx(arquivo: Buffer, pedida: string | undefined): Promise<PlanilhaLida> {
  if (!arquivo.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')))
    throw badRequest(MENSAGENS.naoZip);
  const { folhas, data1904, trechos, diretorio } = await inspecionarZip(arquivo);
  const folha = pedida
    ? folhas.find((f) => f.nome === pedida)
    : (folhas.find((f) => !f.oculta) ?? folhas[0]);
  if (!folha)
    throw badRequest(
      MENSAGENS.folha(
        pedida ?? '',
        folhas.map((f) => f.nome),
      ),
    );
  // exceljs gets only the parts it reads, each cut from the file as it is (still compressed), in
  // the order it needs them. Its reader parks a sheet met before the shared strings in a temp
  // file, and that path ends the zip early about once in a hundred reads (seen in CI) and
  // leaves a temp file opened after it is deleted. Excel itself writes the sheets first. The
  // central directory closes the stream, as exceljs's unzipper expects.
  const partes = [...PARTES_DO_LIVRO, folha.caminho].flatMap((nome) => {
    const trecho = trechos.get(nome);
    return trecho ? [arquivo.subarray(trecho.inicio, trecho.fim)] : [];
  });
  partes.push(arquivo.subarray(diretorio));
  const tabela = await lerFolha(partes, data1904);
  return {
    folhas: folhas.map((f) => f.nome),
    folha: folha.nome,
    codificacao: null,
    separador: null,
    ...tabela.concluir(),
  };
}

/**
 * Before exceljs sees the file: its central directory (declared sizes and ratios within the
 * limits, a workbook inside), then every entry inflated with the bytes counted, none past
 * what it declared. Returns the worksheets in the workbook's order, read from xl/workbook.xml
 * and its relationships, and where each entry lies in the file.
 */
async function inspecionarZip(
  arquivo: Buffer,
): Promise<{ folhas: FolhaXlsx[]; data1904: boolean } & EntradasNoArquivo> {
  const zip = await abrirZip(arquivo);
  try {
    const entradas: yauzl.Entry[] = [];
    let declarado = 0;
    for (;;) {
      const entrada = await proximaEntrada(zip);
      if (!entrada) break;
      if (entradas.length >= LIMITES_PLANILHA.entradasZip) throw badRequest(MENSAGENS.suspeito);
      declarado += entrada.uncompressedSize;
      if (declarado > LIMITES_PLANILHA.bytesDescompactados)
        throw muitoGrande(MENSAGENS.descompactado);
      if (
        entrada.uncompressedSize > MB &&
        entrada.uncompressedSize > LIMITES_PLANILHA.razaoCompactacao * entrada.compressedSize
      )
        throw badRequest(MENSAGENS.suspeito);
      entradas.push(entrada);
    }
    const { trechos, diretorio } = conferirCabecalhosLocais(arquivo, entradas);
    const porNome = new Map(entradas.map((e) => [e.fileName, e]));
    const livro = porNome.get('xl/workbook.xml');
    const relacoes = porNome.get('xl/_rels/workbook.xml.rels');
    if (!livro || !relacoes) throw badRequest(MENSAGENS.semPasta);

    const conteudos = new Map<yauzl.Entry, string>();
    let inflado = 0;
    for (const entrada of entradas) {
      const lida = await inflar(zip, entrada, inflado, entrada === livro || entrada === relacoes);
      inflado = lida.total;
      if (lida.texto !== null) conteudos.set(entrada, lida.texto);
    }
    const folhas = folhasDoLivro(conteudos.get(livro) ?? '', conteudos.get(relacoes) ?? '').filter(
      (f) => porNome.has(f.caminho),
    );
    if (folhas.length === 0) throw badRequest(MENSAGENS.semFolhas);
    return {
      folhas,
      data1904: /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(
        conteudos.get(livro) ?? '',
      ),
      trechos,
      diretorio,
    };
  } finally {
    zip.close();
  }
}

const ASSINATURA = { local: 0x04034b50, central: 0x02014b50, descritor: 0x08074b50 };

/**
 * exceljs's unzipper reads the local headers one after the other, not the central directory
 * yauzl reads: both must describe the same bytes, back to back from the start of the file, or
 * an entry hidden between them would inflate unchecked. Where a local header leaves its size out
 * (flag 8), unzipper takes the data up to the first data-descriptor signature, so that has to
 * be exactly where the central directory says the data ends. Returns where each entry and the
 * central directory lie.
 */
function conferirCabecalhosLocais(arquivo: Buffer, entradas: yauzl.Entry[]): EntradasNoArquivo {
  const trechos = new Map<string, { inicio: number; fim: number }>();
  const ordenadas = [...entradas].sort(
    (a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader,
  );
  let posicao = 0;
  try {
    for (const entrada of ordenadas) {
      const inicio = entrada.relativeOffsetOfLocalHeader;
      if (inicio !== posicao || arquivo.readUInt32LE(inicio) !== ASSINATURA.local)
        throw badRequest(MENSAGENS.suspeito);
      const semTamanho =
        (arquivo.readUInt16LE(inicio + 6) & 8) !== 0 && arquivo.readUInt32LE(inicio + 18) === 0;
      const dados =
        inicio + 30 + arquivo.readUInt16LE(inicio + 26) + arquivo.readUInt16LE(inicio + 28);
      const fim = dados + entrada.compressedSize;
      if (semTamanho) {
        const descritor = Buffer.alloc(4);
        descritor.writeUInt32LE(ASSINATURA.descritor);
        if (arquivo.indexOf(descritor, dados) !== fim) throw badRequest(MENSAGENS.suspeito);
        posicao = fim + 16;
      } else {
        if (arquivo.readUInt32LE(inicio + 18) !== entrada.compressedSize)
          throw badRequest(MENSAGENS.suspeito);
        posicao = fim;
      }
      trechos.set(entrada.fileName, { inicio, fim: posicao });
    }
    if (arquivo.readUInt32LE(posicao) !== ASSINATURA.central) throw badRequest(MENSAGENS.suspeito);
    return { trechos, diretorio: posicao };
  } catch (e) {
    // Reading past the end (RangeError) is as bad as a header out of place.
    throw e instanceof AppError ? e : badRequest(MENSAGENS.suspeito);
  }
}

function abrirZip(arquivo: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(arquivo, { lazyEntries: true, validateEntrySizes: false }, (err, zip) => {
      if (err || !zip) reject(badRequest(MENSAGENS.zipInvalido));
      else resolve(zip);
    });
  });
}

function proximaEntrada(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const aoFalhar = () => {
      limpar();
      reject(badRequest(MENSAGENS.zipInvalido));
    };
    const aoLer = (entrada: yauzl.Entry) => {
      limpar();
      resolve(entrada);
    };
    const aoFim = () => {
      limpar();
      resolve(null);
    };
    const limpar = () => {
      zip.off('entry', aoLer).off('end', aoFim).off('error', aoFalhar);
    };
    zip.on('entry', aoLer).on('end', aoFim).on('error', aoFalhar);
    zip.readEntry();
  });
}

/**
 * Inflates one entry, adding its bytes to the running total; keeps its text when asked. The
 * entry may not inflate past the size it declared: that is the bomb that lies. (yauzl's own
 * check, validateEntrySizes, fails silently on current Node: the stream just stops.)
 */
function inflar(
  zip: yauzl.ZipFile,
  entrada: yauzl.Entry,
  antes: number,
  guardar: boolean,
): Promise<{ total: number; texto: string | null }> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entrada, (err, fluxo) => {
      if (err || !fluxo) return reject(badRequest(MENSAGENS.zipInvalido));
      let daEntrada = 0;
      const partes: Buffer[] = [];
      const recusar = (erro: AppError) => {
        fluxo.destroy();
        reject(erro);
      };
      fluxo.on('data', (parte: Buffer) => {
        daEntrada += parte.length;
        if (daEntrada > entrada.uncompressedSize) return recusar(badRequest(MENSAGENS.suspeito));
        if (antes + daEntrada > LIMITES_PLANILHA.bytesDescompactados)
          return recusar(muitoGrande(MENSAGENS.descompactado));
        if (guardar) partes.push(parte);
      });
      fluxo.on('error', () => reject(badRequest(MENSAGENS.zipInvalido)));
      fluxo.on('end', () =>
        resolve({
          total: antes + daEntrada,
          texto: guardar ? Buffer.concat(partes).toString('utf8') : null,
        }),
      );
    });
  });
}

const ENTIDADES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function desescaparXml(texto: string): string {
  return texto.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (todo, nome: string) => {
    if (nome.startsWith('#x') || nome.startsWith('#X'))
      return String.fromCodePoint(parseInt(nome.slice(2), 16));
    if (nome.startsWith('#')) return String.fromCodePoint(parseInt(nome.slice(1), 10));
    return ENTIDADES[nome] ?? todo;
  });
}

function atributos(tag: string): Record<string, string> {
  const lidos: Record<string, string> = {};
  for (const [, nome, valor] of tag.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g))
    lidos[nome!.replace(/^\w+:(?=id$)/, 'r:')] = desescaparXml(valor!);
  return lidos;
}

/** The worksheets (not chart sheets) named in xl/workbook.xml, with their files. */
function folhasDoLivro(livro: string, relacoes: string): FolhaXlsx[] {
  const alvos = new Map<string, string>();
  for (const [tag] of relacoes.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const a = atributos(tag);
    if (a.Id && a.Target) alvos.set(a.Id, a.Target);
  }
  const folhas: FolhaXlsx[] = [];
  for (const [tag] of livro.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const a = atributos(tag);
    const alvo = a['r:id'] ? alvos.get(a['r:id']) : undefined;
    if (!a.name || !alvo) continue;
    const caminho = alvo.startsWith('/') ? alvo.slice(1) : `xl/${alvo.replace(/^\.\//, '')}`;
    // exceljs's reader only reads worksheets named sheetN.xml, as every spreadsheet program writes them.
    if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(caminho)) continue;
    folhas.push({
      nome: a.name,
      oculta: a.state === 'hidden' || a.state === 'veryHidden',
      caminho,
    });
  }
  return folhas;
}

/** One sheet through exceljs's streaming reader: rows arrive one by one, never the workbook. */
async function lerFolha(partes: Buffer[], data1904: boolean): Promise<Tabela> {
  const entrada = Readable.from(partes);
  const leitor = new ExcelJS.stream.xlsx.WorkbookReader(entrada, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
  });
  const tabela = new Tabela();
  let achou = false;
  try {
    // The parts hold one worksheet: the one asked for.
    for await (const folha of leitor) {
      achou = true;
      for await (const linha of folha) {
        const celulas: string[] = [];
        linha.eachCell((celula, coluna) => {
          if (coluna > LIMITES_PLANILHA.colunas) throw badRequest(MENSAGENS.colunas);
          while (celulas.length < coluna - 1) celulas.push('');
          celulas.push(textoDaCelula(celula.value, celula.numFmt, data1904));
        });
        tabela.adicionar(linha.number, celulas);
        if (linha.number % LINHAS_POR_COLETA === 0) liberarMemoria();
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw badRequest(MENSAGENS.ilegivel);
  } finally {
    entrada.destroy();
  }
  if (!achou) throw badRequest(MENSAGENS.ilegivel);
  // The reader's garbage goes before the rows are put to work (issue 33's memory bound).
  liberarMemoria();
  return tabela;
}

// ---------------------------------------------------------------------------------------------
// Cells as the user sees them

/** A cell's value as text: decimal comma, dd/mm/aaaa, Sim/Não, a formula's cached result. */
function textoDaCelula(valor: unknown, formato: string | undefined, data1904 = false): string {
  if (valor === null || valor === undefined) return '';
  if (typeof valor === 'string') return valor;
  if (typeof valor === 'boolean') return valor ? 'Sim' : 'Não';
  if (typeof valor === 'number') {
    if (!Number.isFinite(valor)) return '';
    return formato && ehFormatoData(formato)
      ? dataBr(dataDoSerial(valor, data1904), formato)
      : numeroBr(valor);
  }
  if (valor instanceof Date) return dataBr(valor, formato);
  if (typeof valor === 'object') {
    const v = valor as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return (v.richText as Array<{ text?: string }>).map((t) => t.text ?? '').join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v)
      return textoDaCelula(v.result, formato, data1904);
    if (typeof v.error === 'string') return v.error;
    if ('text' in v) return textoDaCelula(v.text, formato, data1904);
  }
  return '';
}

/** 1234.56 → "1234,56", never in exponent form (a barcode stored as a number comes out whole). */
export function numeroBr(n: number): string {
  if (Number.isInteger(n)) return BigInt(n).toString();
  // 15 significant digits is what Excel shows; it drops the float noise of 0.1 + 0.2.
  let texto = String(Number(n.toPrecision(15)));
  if (/e/i.test(texto)) texto = n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  return texto.replace('.', ',');
}

/** A number format that shows a date or time (quoted text, [Red] and \x escapes aside). */
function ehFormatoData(formato: string): boolean {
  const limpo = formato.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dmyhs]/i.test(limpo) && !/^(general|geral)$/i.test(limpo.trim());
}

const DIA_MS = 86_400_000;
/** Excel's serial day (1900 system: 25569 is 01/01/1970; 1904 system 1462 days later) as UTC. */
function dataDoSerial(serial: number, data1904: boolean): Date {
  return new Date(Math.round(((data1904 ? serial + 1462 : serial) - 25569) * DIA_MS));
}

/**
 * exceljs gives dates as UTC instants holding the wall-clock values, so they are read in UTC:
 * dd/mm/aaaa, with hh:mm when there is a time, only hh:mm for a time-only format.
 */
function dataBr(data: Date, formato: string | undefined): string {
  if (Number.isNaN(data.getTime())) return '';
  // Round to the minute: serials carry float noise (…T09:59:59.999).
  const d = new Date(Math.round(data.getTime() / 60_000) * 60_000);
  const dois = (n: number) => String(n).padStart(2, '0');
  const hora = `${dois(d.getUTCHours())}:${dois(d.getUTCMinutes())}`;
  const limpo = (formato ?? '').replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  if (formato && !/[dy]/i.test(limpo) && /h/i.test(limpo)) return hora;
  const dia = `${dois(d.getUTCDate())}/${dois(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  return d.getUTCHours() || d.getUTCMinutes() ? `${dia} ${hora}` : dia;
}
