import {
  CATEGORIA_SERVICO_PADRAO,
  DURACAO_SERVICO_PADRAO,
  SERVICO_MESSAGES,
  type Servico,
  type ServicoCreateInput,
} from '@prumo/shared/servicos';
import { ApiError } from '../../lib/api-client';

/** The form holds the API's own field names; the sale value is `preco` (the spec's valorVenda). */
export type ServicoFormValues = Required<
  Pick<
    ServicoCreateInput,
    | 'nome'
    | 'codigoInterno'
    | 'categoria'
    | 'preco'
    | 'valorCusto'
    | 'comissao'
    | 'duracao'
    | 'descricao'
    | 'ativo'
    | 'ncm'
    | 'cfop'
    | 'aliquotaIcms'
    | 'aliquotaIpi'
    | 'codigoTributacaoNacional'
    | 'codigoNbs'
    | 'aliquotaIss'
    | 'localIncidenciaIss'
    | 'issRetido'
    | 'fornecedorId'
    | 'codigoFornecedor'
  >
>;

/** Section 9's defaults, as the add form starts. */
export const SERVICO_FORM_DEFAULTS: ServicoFormValues = {
  nome: '',
  codigoInterno: '',
  categoria: CATEGORIA_SERVICO_PADRAO,
  preco: null,
  valorCusto: null,
  comissao: null,
  duracao: DURACAO_SERVICO_PADRAO,
  descricao: '',
  ativo: true,
  ncm: '',
  cfop: '',
  aliquotaIcms: null,
  aliquotaIpi: null,
  codigoTributacaoNacional: '',
  codigoNbs: '',
  aliquotaIss: null,
  localIncidenciaIss: 'estabelecimento',
  issRetido: false,
  fornecedorId: null,
  codigoFornecedor: '',
};

/** A loaded service as the edit form starts. */
export function servicoToFormValues(servico: Servico): ServicoFormValues {
  return {
    nome: servico.nome,
    codigoInterno: servico.codigoInterno ?? '',
    categoria: servico.categoria,
    preco: servico.preco,
    valorCusto: servico.valorCusto,
    comissao: servico.comissao,
    duracao: servico.duracao,
    descricao: servico.descricao ?? '',
    ativo: servico.ativo,
    ncm: servico.ncm ?? '',
    cfop: servico.cfop ?? '',
    aliquotaIcms: servico.aliquotaIcms,
    aliquotaIpi: servico.aliquotaIpi,
    codigoTributacaoNacional: servico.codigoTributacaoNacional ?? '',
    codigoNbs: servico.codigoNbs ?? '',
    aliquotaIss: servico.aliquotaIss,
    localIncidenciaIss: servico.localIncidenciaIss,
    issRetido: servico.issRetido,
    fornecedorId: servico.fornecedorId,
    codigoFornecedor: servico.codigoFornecedor ?? '',
  };
}

export const SERVICO_TABS = [
  { value: 'dados', label: 'Dados gerais' },
  { value: 'fotos', label: 'Fotos' },
  { value: 'fiscal', label: 'Fiscal' },
  { value: 'fornecedores', label: 'Fornecedores' },
] as const;

/** The tab of each field, so that a refused save opens the tab of its first error. */
export const SERVICO_FIELD_TABS: Record<string, string> = {
  nome: 'dados',
  codigoInterno: 'dados',
  categoria: 'dados',
  preco: 'dados',
  valorVenda: 'dados',
  valorCusto: 'dados',
  comissao: 'dados',
  duracao: 'dados',
  descricao: 'dados',
  ativo: 'dados',
  ncm: 'fiscal',
  cfop: 'fiscal',
  aliquotaIcms: 'fiscal',
  aliquotaIpi: 'fiscal',
  codigoTributacaoNacional: 'fiscal',
  codigoNbs: 'fiscal',
  aliquotaIss: 'fiscal',
  localIncidenciaIss: 'fiscal',
  issRetido: 'fiscal',
  fornecedorId: 'fornecedores',
  codigoFornecedor: 'fornecedores',
};

/**
 * The spec's save failure (section 8): the server's reason, or "Erro desconhecido" when it gave
 * none; "Tente novamente." when the server was not reached.
 */
export function erroAoSalvar(editando: boolean, error: unknown): string {
  if (error instanceof ApiError && !error.isConnectionFailure) {
    const motivo = error.serverMessage ?? 'Erro desconhecido';
    return editando
      ? SERVICO_MESSAGES.erroAtualizar(motivo)
      : SERVICO_MESSAGES.erroCadastrar(motivo);
  }
  return editando ? SERVICO_MESSAGES.erroAtualizarRede : SERVICO_MESSAGES.erroCadastrarRede;
}
