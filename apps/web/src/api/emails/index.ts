import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfiguracaoEmail,
  ConfiguracaoEmailInput,
  Email,
  EnviarPorEmailInput,
  SituacaoEmail,
} from '@prumo/shared/emails';
import { apiPage, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { pageSearchParams, useInvalidatingMutation } from '../resource';

/**
 * E-mail: the company's mail server (/api/configuracoes/email, admins), the outbox
 * (/api/emails, admins) and the sending of a document by e-mail (POST /api/<documento>/{id}/email,
 * anyone), which puts it in the outbox.
 */
export const emailsKeys = {
  all: ROOT_KEYS.emails,
  configuracao: () => [...ROOT_KEYS.emails, 'configuracao'] as const,
  lista: (filtro: EmailsFiltro, page: number) =>
    [...ROOT_KEYS.emails, 'lista', filtro, page] as const,
};

export interface EmailsFiltro {
  situacao?: SituacaoEmail;
}

/** Rows per page of the outbox. */
export const EMAILS_PAGE_SIZE = 10;

const CONFIGURACAO_PATH = '/configuracoes/email';

/** GET /api/configuracoes/email: the server without its password. */
export function useConfiguracaoEmail() {
  return useQuery({
    queryKey: emailsKeys.configuracao(),
    queryFn: ({ signal }) => apiRequest<ConfiguracaoEmail>(CONFIGURACAO_PATH, { signal }),
  });
}

/** PUT /api/configuracoes/email: the answer replaces the cached settings. */
export function useSalvarConfiguracaoEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dados: ConfiguracaoEmailInput) =>
      apiRequest<ConfiguracaoEmail>(CONFIGURACAO_PATH, { method: 'PUT', body: dados }),
    onSuccess: (configuracao) => queryClient.setQueryData(emailsKeys.configuracao(), configuracao),
  });
}

/** POST /api/configuracoes/email/teste: sent at once; answers the server's words. */
export function useEnviarEmailTeste() {
  return useMutation({
    mutationFn: (para: string) =>
      apiRequest<{ mensagem: string }>(`${CONFIGURACAO_PATH}/teste`, {
        method: 'POST',
        body: { para },
      }),
  });
}

/** GET /api/emails?situacao=: a page of the outbox, newest first, and its total. */
export function useEmails(filtro: EmailsFiltro, page: number) {
  return useQuery({
    queryKey: emailsKeys.lista(filtro, page),
    queryFn: ({ signal }) =>
      apiPage<Email>(`/emails?${pageSearchParams(filtro, page, EMAILS_PAGE_SIZE)}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/emails/{id}/reenviar: an e-mail not sent goes back to the outbox (and off the bell). */
export function useReenviarEmail() {
  return useInvalidatingMutation(
    (id: number) => apiRequest<Email>(`/emails/${id}/reenviar`, { method: 'POST' }),
    () => [ROOT_KEYS.emails, ROOT_KEYS.notificacoes],
  );
}

export interface EnviarPorEmailPedido {
  /** The document's path: "/orcamentos/12", "/ordens-servico/3", "/notas-fiscais/7". */
  caminho: string;
  dados: EnviarPorEmailInput;
  idempotencyKey: string;
}

/** POST /api/<documento>/{id}/email: the document with its files into the outbox. */
export function useEnviarPorEmail() {
  return useInvalidatingMutation(
    ({ caminho, dados, idempotencyKey }: EnviarPorEmailPedido) =>
      apiRequest<Email>(`${caminho}/email`, { method: 'POST', body: dados, idempotencyKey }),
    () => [ROOT_KEYS.emails],
  );
}
