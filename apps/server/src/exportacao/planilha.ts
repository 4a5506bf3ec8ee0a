// The spreadsheet exports of reports and lists (issues 32 and 33): CSV for Excel in pt-BR and
// XLSX, both written as the rows arrive, batch by batch, so an export of any size holds one
// batch in memory and has no row limit.
import { PassThrough, Readable } from 'node:stream';
import { celulaCsv } from '@prumo/shared/relatorios';
import type { ColunaRelatorio, LinhaRelatorio } from '@prumo/shared/relatorios';

export interface Planilha {
  titulo: string;
  colunas: readonly ColunaRelatorio[];
  /** The rows, batch by batch. */
  lotes: AsyncIterable<LinhaRelatorio[]>;
  /** The summed columns' totals, written as a last "Total" row when present. */
  totais?: Record<string, number>;
  /** What was asked (period, filters), printed on the XLSX's second sheet. */
  filtros: ReadonlyArray<readonly [string, string]>;
}

/** The "Total" row: the label in the first column that is not summed, the sums under theirs. */
export function linhaDeTotais(
  colunas: readonly ColunaRelatorio[],
  totais: Record<string, number>,
): LinhaRelatorio {
  const rotulo = colunas.find((c) => !c.somar)?.chave;
  return Object.fromEntries(
    colunas.map((c) => [
      c.chave,
      c.somar ? (totais[c.chave] ?? 0) : c.chave === rotulo ? 'Total' : null,
    ]),
  );
}

async function* comTotais(p: Planilha): AsyncGenerator<LinhaRelatorio[]> {
  yield* p.lotes;
  if (p.totais && p.colunas.some((c) => c.somar)) yield [linhaDeTotais(p.colunas, p.totais)];
}

/**
 * CSV as Excel in pt-BR opens it with a double click: UTF-8 with a BOM, ";" between cells,
 * decimal commas, dd/mm/aaaa, CRLF line ends; text that could run as a formula is neutralised.
 */
export function csvDaPlanilha(p: Planilha): Readable {
  async function* texto() {
    yield `\uFEFF${p.colunas.map((c) => celulaCsv(c.titulo, 'texto')).join(';')}\r\n`;
    for await (const lote of comTotais(p)) {
      yield lote
        .map(
          (linha) =>
            `${p.colunas.map((c) => celulaCsv(linha[c.chave] ?? null, c.tipo)).join(';')}\r\n`,
        )
        .join('');
    }
  }
  return Readable.from(texto());
}

/** Excel's number formats of each column type (money in reais, percent as a fraction). */
const FORMATO_XLSX: Record<ColunaRelatorio['tipo'], string | undefined> = {
  texto: undefined,
  dinheiro: '"R$" #,##0.00;[Red]-"R$" #,##0.00',
  numero: '#,##0.###',
  inteiro: '#,##0',
  percentual: '0.00%',
  data: 'dd/mm/yyyy',
};

/** A cell as exceljs writes it: numbers as numbers, days as dates, percent as a fraction. */
function valorXlsx(valor: LinhaRelatorio[string] | undefined, tipo: ColunaRelatorio['tipo']) {
  if (valor === null || valor === undefined) return null;
  if (tipo === 'data' && typeof valor === 'string') return new Date(`${valor}T00:00:00Z`);
  if (tipo === 'percentual' && typeof valor === 'number') return valor / 100;
  return valor;
}

/**
 * XLSX through exceljs's streaming writer: each row is committed as it is written, so the
 * sheet never sits whole in memory. The first sheet holds the table (its header in the first
 * row, the way a spreadsheet user filters it); the second one what was asked.
 */
export function xlsxDaPlanilha(p: Planilha): Readable {
  const saida = new PassThrough();
  void (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const livro = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: saida,
      useStyles: true,
      useSharedStrings: false,
    });
    livro.creator = 'Prumo ERP';
    const folha = livro.addWorksheet(nomeDaFolha(p.titulo), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    folha.columns = p.colunas.map((c) => ({
      header: c.titulo,
      key: c.chave,
      width: c.tipo === 'texto' ? 36 : 16,
      style: FORMATO_XLSX[c.tipo] ? { numFmt: FORMATO_XLSX[c.tipo] } : {},
    }));
    folha.getRow(1).font = { bold: true };
    folha.getRow(1).commit();
    for await (const lote of comTotais(p)) {
      for (const linha of lote) {
        const row = folha.addRow(
          Object.fromEntries(p.colunas.map((c) => [c.chave, valorXlsx(linha[c.chave], c.tipo)])),
        );
        if (linha[p.colunas[0]!.chave] === 'Total') row.font = { bold: true };
        row.commit();
      }
    }
    folha.commit();
    const filtros = livro.addWorksheet('Filtros');
    filtros.columns = [
      { header: 'Relatório', key: 'nome', width: 28 },
      { header: p.titulo, key: 'valor', width: 60 },
    ];
    for (const [nome, valor] of p.filtros) filtros.addRow({ nome, valor }).commit();
    filtros.commit();
    await livro.commit();
  })().catch((erro: unknown) => saida.destroy(erro as Error));
  return saida;
}

/** A sheet's name: at most 31 characters, none of \ / ? * [ ] : */
const nomeDaFolha = (titulo: string) => titulo.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
