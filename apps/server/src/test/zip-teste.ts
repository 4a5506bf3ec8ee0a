// Zip files built by hand for the tests of the spreadsheet import: what exceljs and yauzl read,
// and what a hostile upload carries (zip bombs, entries that lie about their size or hide).
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

export interface EntradaZip {
  nome: string;
  /** Already deflated bytes (else `dados` is deflated here). */
  comprimido?: Buffer;
  dados?: Buffer;
  /** Sizes and CRC as the zip declares them, when they lie or come from a stream. */
  tamanho?: number;
  crc?: number;
  /** Only a local header, left out of the central directory. */
  oculta?: boolean;
}

/** A minimal zip writer (deflate, no data descriptors), enough for yauzl and exceljs. */
export function zip(entradas: EntradaZip[]): Buffer {
  const locais: Buffer[] = [];
  const centrais: Buffer[] = [];
  let deslocamento = 0;
  for (const e of entradas) {
    const nome = Buffer.from(e.nome, 'utf8');
    const dados = e.dados ?? Buffer.alloc(0);
    const comprimido = e.comprimido ?? deflateRawSync(dados);
    const crc = e.crc ?? crc32(dados);
    const tamanho = e.tamanho ?? dados.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(comprimido.length, 18);
    local.writeUInt32LE(tamanho, 22);
    local.writeUInt16LE(nome.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(comprimido.length, 20);
    central.writeUInt32LE(tamanho, 24);
    central.writeUInt16LE(nome.length, 28);
    central.writeUInt32LE(deslocamento, 42);
    locais.push(local, nome, comprimido);
    if (!e.oculta) centrais.push(central, nome);
    deslocamento += local.length + nome.length + comprimido.length;
  }
  const diretorio = Buffer.concat(centrais);
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  const visiveis = entradas.filter((e) => !e.oculta).length;
  fim.writeUInt16LE(visiveis, 8);
  fim.writeUInt16LE(visiveis, 10);
  fim.writeUInt32LE(diretorio.length, 12);
  fim.writeUInt32LE(deslocamento, 16);
  return Buffer.concat([...locais, diretorio, fim]);
}

/** `mb` megabytes of zeros deflated as a stream (never whole in memory), with their CRC. */
export async function zerosDeflatados(mb: number): Promise<{ comprimido: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const partes: Buffer[] = [];
  deflate.on('data', (p: Buffer) => partes.push(p));
  const fim = new Promise((resolve) => deflate.on('end', resolve));
  const mega = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let i = 0; i < mb; i++) {
    crc = crc32(mega, crc);
    if (!deflate.write(mega)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await fim;
  return { comprimido: Buffer.concat(partes), crc };
}

/** The least of a workbook: its content types, one sheet named Dados and the link to it. */
export const LIVRO_MINIMO = [
  { nome: '[Content_Types].xml', dados: Buffer.from('<Types/>') },
  {
    nome: 'xl/workbook.xml',
    dados: Buffer.from(
      '<workbook xmlns:r="r"><sheets><sheet name="Dados" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
  },
  {
    nome: 'xl/_rels/workbook.xml.rels',
    dados: Buffer.from(
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  },
];
