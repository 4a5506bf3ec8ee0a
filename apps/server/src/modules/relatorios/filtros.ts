import { sql } from 'drizzle-orm';
import { formatDate } from '@prumo/shared/dates';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import type { Executor } from '../../db/database';
import { lerJuntos } from '../../db/sql-helpers';
import type { DefinicaoRelatorio, FiltrosLidos } from './relatorios.repository';

const AGRUPAR = { dia: 'Dia', semana: 'Semana', mes: 'Mês' } as const;

/**
 * The filters a report read, as printed on its PDF and on the XLSX's second sheet: the names
 * of the seller, customer and group read in one statement.
 */
export async function descreverFiltros(
  db: Executor,
  r: DefinicaoRelatorio,
  f: FiltrosLidos,
): Promise<Array<[string, string]>> {
  const usa = (filtro: DefinicaoRelatorio['filtros'][number]) => r.filtros.includes(filtro);
  const nomes = await lerJuntos(db, {
    vendedor: sql<string | null>`SELECT nome FROM usuarios WHERE id = ${f.vendedor_id ?? 0}`,
    cliente: sql<string | null>`SELECT nome FROM cadastros WHERE id = ${f.cliente_id ?? 0}`,
    grupo: sql<string | null>`SELECT nome FROM categorias WHERE id = ${f.categoria_id ?? 0}`,
  });
  const linhas: Array<[string, string]> = [
    ['Período', `${formatDate(f.de)} a ${formatDate(f.ate)}`],
  ];
  if (usa('agrupar')) linhas.push(['Agrupar por', AGRUPAR[f.agrupar]]);
  if (usa('vendedor_id') && f.vendedor_id) linhas.push(['Vendedor', nomes.vendedor ?? '—']);
  if (usa('cliente_id') && f.cliente_id) linhas.push(['Cliente', nomes.cliente ?? '—']);
  if (usa('categoria_id') && f.categoria_id) linhas.push(['Grupo de produtos', nomes.grupo ?? '—']);
  if (usa('forma_pagamento') && f.forma_pagamento) {
    linhas.push(['Forma de pagamento', formaPagamentoLabel(f.forma_pagamento)]);
  }
  if (usa('limites_abc'))
    linhas.push(['Classes', `A até ${f.abc_a}%, B até ${f.abc_b}%, C o restante`]);
  return linhas;
}
