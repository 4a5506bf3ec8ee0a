import { useQuery } from '@tanstack/react-query';
import type { Categoria, CategoriaInput } from '@prumo/shared/produtos';
import { ROOT_KEYS } from '../keys';
import { crudResource, useInvalidatingMutation } from '../resource';

/** Product groups (/api/categorias), with how many products each has. */
export const categorias = crudResource<Categoria, CategoriaInput>(ROOT_KEYS.categorias);
export const categoriaKeys = categorias.keys;

export function useCategorias() {
  return useQuery(categorias.listQueryOptions());
}

export function useSaveCategoria() {
  return useInvalidatingMutation(categorias.save, (_saved, { id }) => [
    categoriaKeys.all,
    // A renamed group shows in the product list and in the price tables' product lists.
    id ? ROOT_KEYS.produtos : undefined,
    id ? ROOT_KEYS.tabelasPrecos : undefined,
  ]);
}

/** 409 EM_USO while products still use the group. */
export function useDeleteCategoria() {
  return useInvalidatingMutation(categorias.remove, () => [categoriaKeys.all]);
}
