import { mediana, p90, type LinhaDocumento } from './documentos';
import type { Medida } from './measure';
import { ALVO_P99_MS, ALVO_RAZAO, type Scenario } from './scenarios';

export interface Linha {
  cenario: Scenario;
  api: Medida;
  piso: Medida;
}

const razao = ({ api, piso }: Linha) => (piso.reqPorS ? (100 * api.reqPorS) / piso.reqPorS : 0);

/** The target next to the figure it is about; printed only, never a failure. */
function alvo(linha: Linha, comAlvoP99: boolean): string {
  if (linha.cenario.alvo === 'razao') {
    const ok = razao(linha) >= ALVO_RAZAO ? 'ok' : 'ABAIXO';
    return `API/piso ≥ ${ALVO_RAZAO} %: ${ok}`;
  }
  if (linha.cenario.alvo === 'p99' && !comAlvoP99) return 'p99 sem alvo: um só motor, 20 em fila';
  if (linha.cenario.alvo === 'p99') {
    const ok = linha.api.p99 <= ALVO_P99_MS ? 'ok' : 'ACIMA';
    return `p99 da API ≤ ${ALVO_P99_MS} ms: ${linha.api.p99} ms ${ok}`;
  }
  return '';
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
 * One table per database: the API's figures, the floor's, their ratio and the target. The
 * quick sale's p99 target is PostgreSQL's (issue 17): PGlite queues the 20 connections on one engine.
 */
export function printTable(banco: string, linhas: Linha[], comAlvoP99: boolean) {
  const header = [
    'cenário', 'API req/s', 'p50 ms', 'p99 ms', 'piso req/s', 'p50 ms', 'p99 ms', 'API/piso',
    'não 2xx', 'alvo',
  ]; // prettier-ignore
  const rows = linhas.map((linha) => [
    linha.cenario.nome,
    String(linha.api.reqPorS),
    String(linha.api.p50),
    String(linha.api.p99),
    String(linha.piso.reqPorS),
    String(linha.piso.p50),
    String(linha.piso.p99),
    `${razao(linha).toFixed(0)} %`,
    `${linha.api.erros}/${linha.piso.erros}`,
    alvo(linha, comAlvoP99),
  ]);
  console.log(`\n${banco}`);
  printRows(header, rows);
}
