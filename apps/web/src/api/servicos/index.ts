import { useQuery } from '@tanstack/react-query';
import type { Servico, ServicoCreateInput, ServicoListItem } from '@prumo/shared/servicos';
import { ROOT_KEYS } from '../keys';
import { crudResource, useInvalidatingMutation } from '../resource';

/**
 * The service catalogue (/api/servicos). A small list: the screens load it whole and search it
 * on the client; the server also takes q, categoria, ativo and limit/offset.
 */
export const servicos = crudResource<ServicoListItem, ServicoCreateInput, Servico>(
  ROOT_KEYS.servicos,
);
export const servicoKeys = servicos.keys;

export function useServicos() {
  return useQuery(servicos.listQueryOptions());
}

export function useServico(id: number, enabled = true) {
  return useQuery({ ...servicos.detailQueryOptions(id), enabled });
}

/** Orders keep the name and price of the moment, so only the catalogue itself goes stale. */
export function useSaveServico() {
  return useInvalidatingMutation(servicos.save, () => [servicoKeys.all]);
}

/** 409 EM_USO while an order or a sale uses the service. */
export function useDeleteServico() {
  return useInvalidatingMutation(servicos.remove, () => [servicoKeys.all]);
}
