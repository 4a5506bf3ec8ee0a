import { mediana, p90, type LinhaDocumento } from './documentos';
import type { Medida } from './measure';
import { ALVO_P99_MS, ALVO_RAZAO, ALVO_RAZAO_BUSCA, type Scenario } from './scenarios';

export interface Linha {
  cenario: Scenario;
  api: Medida;
  /** The real floor: one statement per read, the session checked in it. */
  piso: Medida;
  /** The old floor, kept for one release: the API's own statements, session lookup included. */
  pisoAntigo: Medida;
}

/** The API's req/s as a share of a floor's, in %. */
const razao = (api: Medida, piso: Medida) =>
  piso.reqPorS ? (100 * api.reqPorS) / piso.reqPorS : 0;

/** The target next to the figure it is about; printed only, never a failure. */
function alvo(linha: Linha, comAlvoP99: boolean): string {
  if (linha.cenario.alvo !== 'p99') {
    const minimo = linha.cenario.alvo === 'razao' ? ALVO_RAZAO : ALVO_RAZAO_BUSCA;
    const ok = razao(linha.api, linha.piso) >= minimo ? 'ok' : 'ABAIXO';
    return `API/piso real ≥ ${minimo} %: ${ok}`;
  }
  if (!comAlvoP99) return 'p99 sem alvo: um só motor, 20 em fila';
  const ok = linha.api.p99 <= ALVO_P99_MS ? 'ok' : 'ACIMA';
  return `p99 da API ≤ ${ALVO_P99_MS} ms: ${linha.api.p99} ms ${ok}`;
}

/** Cells padded to their column: text left, numbers right. */
function printRows(header: string[], rows: string[][]) {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
      )
      .join(' | ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
}

const ms = (value: number) => value.toFixed(value < 100 ? 1 : 0);

/** Start and documents: each run, the median (the figure the target is about) and the p90. */
export function printDocumentos(
  banco: string,
  linhas: LinhaDocumento[],
  titulo = 'início e documentos',
) {
  const header = ['medida', 'n', 'mediana ms', 'p90 ms', 'cada medição (ms)', 'alvo'];
  const rows = linhas.map(({ nome, amostras, alvoMs, informativo }) => {
    const meio = mediana(amostras);
    const cada = amostras.length <= 5 ? amostras.map((a) => a.toFixed(0)).join(', ') : '';
    return [
      nome,
      String(amostras.length),
      ms(meio),
      amostras.length > 1 ? ms(p90(amostras)) : '',
      cada,
      `mediana ≤ ${alvoMs} ms${informativo ? ' (informativo)' : ''}: ${meio <= alvoMs ? 'ok' : 'ACIMA'}`,
    ];
  });
  console.log(`\n${banco}: ${titulo}`);
  printRows(header, rows);
}

/**
 * One table per database: the API's figures, the real floor's, their ratio, the old floor's
 * req/s and ratio (for one release, to compare with earlier runs), the answers that were not 2xx
 * (API/real/old) and the target. The quick sale's p99 target is PostgreSQL's (issue 17): PGlite
 * queues the 20 connections on one engine.
 */
export function printTable(banco: string, linhas: Linha[], comAlvoP99: boolean) {
  const header = [
    'cenário', 'API req/s', 'p50 ms', 'p99 ms', 'piso real req/s', 'p50 ms', 'p99 ms',
    'API/piso real', 'piso antigo req/s', 'API/piso antigo', 'não 2xx', 'alvo',
  ]; // prettier-ignore
  const rows = linhas.map((linha) => {
    const { cenario, api, piso, pisoAntigo } = linha;
    return [
      cenario.nome,
      String(api.reqPorS),
      String(api.p50),
      String(api.p99),
      String(piso.reqPorS),
      String(piso.p50),
      String(piso.p99),
      `${razao(api, piso).toFixed(0)} %`,
      String(pisoAntigo.reqPorS),
      `${razao(api, pisoAntigo).toFixed(0)} %`,
      `${api.erros}/${piso.erros}/${pisoAntigo.erros}`,
      alvo(linha, comAlvoP99),
    ];
  });
  console.log(`\n${banco}`);
  printRows(header, rows);
}
