import {
  cadastroFormSchema,
  type CadastroDetalhe,
  type CadastroModo,
  type TipoCadastro,
} from '@prumo/shared/cadastros';

/** Form state: the full payload's fields (snake_case, as the API names them). */
export type CadastroFormValues = Record<string, unknown> & {
  tipo: TipoCadastro;
  contatos: ContatoFormValues[];
};

export interface ContatoFormValues {
  nome: string;
  email: string;
  telefone: string;
  cargo: string;
}

/** Fields that are not text inputs, with their empty value. */
const EMPTY_VALUES: Record<string, unknown> = {
  tipo_cliente: null,
  tipo_fornecedor: null,
  tipo_transportadora: null,
  endereco_tipo: null,
  sexo: null,
  uf: null,
  codigo_municipio: null,
  indicador_ie: null,
  data_nascimento: null,
  limite_credito: null,
  comissao: null,
  permitir_ultrapassar_limite: false,
  situacao: 'ativo',
  contatos: [],
};

/** Not form fields: the edit screen adds them from its own state. */
const FILE_OPERATIONS = new Set(['remover_foto', 'anexos_remover']);

export function formFields(tipo: TipoCadastro, modo: CadastroModo): string[] {
  return Object.keys(cadastroFormSchema(tipo, modo).shape).filter(
    (key) => !FILE_OPERATIONS.has(key),
  );
}

export function emptyCadastroValues(tipo: TipoCadastro, modo: CadastroModo): CadastroFormValues {
  const values: Record<string, unknown> = {};
  for (const key of formFields(tipo, modo)) {
    values[key] = key === 'tipo' ? tipo : key in EMPTY_VALUES ? EMPTY_VALUES[key] : '';
  }
  values.contatos = [];
  return values as CadastroFormValues;
}

/** The loaded record as form values (every field the form shows, blanks as ''). */
export function cadastroToValues(detalhe: CadastroDetalhe): CadastroFormValues {
  const values = emptyCadastroValues(detalhe.tipo, 'update');
  const source = detalhe as unknown as Record<string, unknown>;
  for (const key of Object.keys(values)) {
    if (key === 'tipo' || key === 'contatos') continue;
    const loaded = source[key];
    if (loaded !== null && loaded !== undefined) values[key] = loaded;
  }
  values.contatos = detalhe.contatos.map((contato) => ({
    nome: contato.nome,
    email: contato.email ?? '',
    telefone: contato.telefone ?? '',
    cargo: contato.cargo ?? '',
  }));
  return values;
}

/**
 * Documents that do not apply to the chosen kind of person are not sent (a CPF typed before
 * switching the customer to pessoa jurídica, for instance).
 */
export function withoutHiddenDocuments(values: Record<string, unknown>): Record<string, unknown> {
  const tipoPessoa = values.tipo_cliente ?? values.tipo_fornecedor;
  if (values.tipo !== 'cliente' && values.tipo !== 'fornecedor') return values;
  const pessoaFisica = tipoPessoa === 'pessoa-fisica' || tipoPessoa === 'estrangeiro';
  const next = { ...values };
  if (tipoPessoa == null || pessoaFisica) {
    next.cnpj = '';
    next.inscricao_estadual = '';
  }
  if (tipoPessoa == null || !pessoaFisica) next.cpf = '';
  return next;
}
