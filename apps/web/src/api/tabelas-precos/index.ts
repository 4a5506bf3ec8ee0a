import { useQuery } from '@tanstack/react-query';
import type {
  CustoAssociado,
  MargemEmLoteInput,
  TabelaPreco,
  TabelaPrecoInput,
  TabelaProduto,
} from '@prumo/shared/precos';
import { apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { crudResource, useInvalidatingMutation } from '../resource';

/** Price tables (/api/tabelas-precos), their costs and their products' prices. */
export const tabelasPrecos = crudResource<TabelaPreco, TabelaPrecoInput>(ROOT_KEYS.tabelasPrecos);

export const tabelaPrecoKeys = {
  ...tabelasPrecos.keys,
  custos: (id: number) => [...ROOT_KEYS.tabelasPrecos, 'custos', id] as const,
  produtos: (id: number) => [...ROOT_KEYS.tabelasPrecos, 'produtos', id] as const,
};

export function useTabelasPrecos() {
  return useQuery(tabelasPrecos.listQueryOptions());
}

export function useTabelaPreco(id: number, enabled = true) {
  return useQuery({ ...tabelasPrecos.detailQueryOptions(id), enabled });
}

/** GET /api/tabelas-precos/{id}/custos: every cost, `associado` when the table uses it. */
export function useCustosTabela(id: number, enabled = true) {
  return useQuery({
    queryKey: tabelaPrecoKeys.custos(id),
    queryFn: ({ signal }) =>
      apiRequest<CustoAssociado[]>(`/tabelas-precos/${id}/custos`, { signal }),
    retry: false,
    enabled,
  });
}

/** GET /api/tabelas-precos/{id}/produtos: every product with its price in the table. */
export function useProdutosTabela(id: number, enabled = true) {
  return useQuery({
    queryKey: tabelaPrecoKeys.produtos(id),
    queryFn: ({ signal }) =>
      apiRequest<TabelaProduto[]>(`/tabelas-precos/${id}/produtos`, { signal }),
    retry: false,
    enabled,
  });
}

/** A table's margin and linked costs change the final prices and the costs' table counts. */
const afterChange = () => [
  ROOT_KEYS.tabelasPrecos,
  ROOT_KEYS.custosAdicionais,
  ROOT_KEYS.precosProduto,
];

export function useSaveTabelaPreco() {
  return useInvalidatingMutation(tabelasPrecos.save, afterChange);
}

/** Its products' prices in it go too. */
export function useDeleteTabelaPreco() {
  return useInvalidatingMutation(tabelasPrecos.remove, afterChange);
}

/** POST /api/tabelas-precos/{id}/produtos: one margin (or none) for many products. */
export function useDefinirMargens() {
  return useInvalidatingMutation(
    ({ id, dados }: { id: number; dados: MargemEmLoteInput }) =>
      apiRequest<{ atualizados: number }>(`/tabelas-precos/${id}/produtos`, {
        method: 'POST',
        body: dados,
      }),
    () => [ROOT_KEYS.tabelasPrecos, ROOT_KEYS.precosProduto],
  );
}
