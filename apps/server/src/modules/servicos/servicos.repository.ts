import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { servicos } from './servicos.table';

/** What a service order line needs of a service, taken at the moment of the order. */
export interface ServicoParaOrdem {
  id: number;
  nome: string;
  preco: number;
  /** The service's valorCusto. */
  custo: number;
  ativo: boolean;
}

/**
 * The given services (id, nome, preco, custo, ativo), for the service orders' lines. Ids that
 * do not exist are simply absent from the answer; one query whatever the number of ids.
 */
export async function servicosParaOrdem(
  db: Executor,
  ids: readonly number[],
): Promise<ServicoParaOrdem[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: servicos.id,
      nome: servicos.nome,
      preco: servicos.preco,
      custo: servicos.valorCusto,
      ativo: servicos.ativo,
    })
    .from(servicos)
    .where(inArray(servicos.id, [...new Set(ids)]))
    .orderBy(asc(servicos.id));
}
