import { useQuery } from '@tanstack/react-query';
import type { CustoAdicional, CustoAdicionalInput } from '@prumo/shared/precos';
import { ROOT_KEYS } from '../keys';
import { crudResource, useInvalidatingMutation } from '../resource';

/** The costs price tables add to a product's price (/api/custos-adicionais). */
export const custosAdicionais = crudResource<CustoAdicional, CustoAdicionalInput>(
  ROOT_KEYS.custosAdicionais,
);
export const custoAdicionalKeys = custosAdicionais.keys;

export function useCustosAdicionais(enabled = true) {
  return useQuery({ ...custosAdicionais.listQueryOptions(), enabled });
}

/** A changed or removed cost changes the final prices of the tables that use it. */
const afterChange = () => [
  ROOT_KEYS.custosAdicionais,
  ROOT_KEYS.tabelasPrecos,
  ROOT_KEYS.precosProduto,
];

export function useSaveCustoAdicional() {
  return useInvalidatingMutation(custosAdicionais.save, afterChange);
}

export function useDeleteCustoAdicional() {
  return useInvalidatingMutation(custosAdicionais.remove, afterChange);
}
