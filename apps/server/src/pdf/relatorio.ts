// A report printed on A4 (issue 32): the company header, the report's definition and filters,
// the table with its header repeated on each page, the totals row, and "Página N de M".
import { formatarCelula } from '@prumo/shared/relatorios';
import type { ColunaRelatorio, LinhaRelatorio } from '@prumo/shared/relatorios';
import { criarDocumento, type ColunaTabela, type ContextoDocumento } from './documento';

export interface RelatorioImpresso {
  titulo: string;
  definicao: string;
  filtros: ReadonlyArray<readonly [string, string]>;
  colunas: readonly ColunaRelatorio[];
  linhas: readonly LinhaRelatorio[];
  /** The "Total" row, when the report sums columns. */
  totais: LinhaRelatorio | null;
}

/** Width of a column that is not the report's first text column (which takes what is left). */
const LARGURA: Record<ColunaRelatorio['tipo'], number> = {
  texto: 90,
  dinheiro: 72,
  numero: 56,
  inteiro: 48,
  percentual: 52,
  data: 58,
};

export async function relatorioPdf(
  relatorio: RelatorioImpresso,
  contexto: ContextoDocumento,
): Promise<Uint8Array> {
  const doc = await criarDocumento('a4', contexto, { titulo: relatorio.titulo });
  doc.texto(relatorio.definicao, { tamanho: doc.fonte * 0.85 });
  doc.espaco(4);
  doc.campos(relatorio.filtros, 2);
  doc.espaco(6);
  const largaIndice = relatorio.colunas.findIndex((c) => c.tipo === 'texto');
  const colunas: ColunaTabela[] = relatorio.colunas.map((c, indice) => ({
    titulo: c.titulo,
    largura: indice === largaIndice ? undefined : LARGURA[c.tipo],
    alinhar: c.tipo === 'texto' ? 'esquerda' : c.tipo === 'data' ? 'centro' : 'direita',
  }));
  const texto = (linha: LinhaRelatorio) =>
    relatorio.colunas.map((c) => formatarCelula(linha[c.chave] ?? null, c.tipo));
  doc.tabela(colunas, [
    ...relatorio.linhas.map(texto),
    ...(relatorio.totais ? [texto(relatorio.totais)] : []),
  ]);
  return doc.salvar();
}
