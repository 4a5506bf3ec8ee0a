// Constants and texts of the registry (spec 1, sections 2.6–2.8, 3, 4, 8, 9), free of zod.

export const TIPOS_CADASTRO = ['cliente', 'fornecedor', 'funcionario', 'transportadora'] as const;
export type TipoCadastro = (typeof TIPOS_CADASTRO)[number];

export const TIPOS_CLIENTE = ['pessoa-fisica', 'pessoa-juridica', 'estrangeiro'] as const;
export type TipoCliente = (typeof TIPOS_CLIENTE)[number];

export const TIPOS_FORNECEDOR = ['pessoa-fisica', 'pessoa-juridica', 'mei'] as const;
export type TipoFornecedor = (typeof TIPOS_FORNECEDOR)[number];

export const TIPOS_TRANSPORTADORA = ['transportadora', 'correios', 'entrega_propria'] as const;
export type TipoTransportadora = (typeof TIPOS_TRANSPORTADORA)[number];

/** Every situação; férias and licença exist only for employees. */
export const SITUACOES = ['ativo', 'inativo', 'ferias', 'licenca'] as const;
export type Situacao = (typeof SITUACOES)[number];
export const SITUACOES_BASICAS = ['ativo', 'inativo'] as const satisfies readonly Situacao[];
export const SITUACOES_FUNCIONARIO = SITUACOES;

export const SEXOS = ['masculino', 'feminino', 'outro'] as const;
export type Sexo = (typeof SEXOS)[number];

export const ENDERECO_TIPOS = ['residencial', 'comercial', 'entrega', 'cobranca'] as const;
export type EnderecoTipo = (typeof ENDERECO_TIPOS)[number];

export const OPTION_LABELS = {
  tipoCliente: {
    'pessoa-fisica': 'Pessoa Física',
    'pessoa-juridica': 'Pessoa Jurídica',
    estrangeiro: 'Estrangeiro',
  } satisfies Record<TipoCliente, string>,
  tipoFornecedor: {
    'pessoa-fisica': 'Pessoa Física',
    'pessoa-juridica': 'Pessoa Jurídica',
    mei: 'MEI',
  } satisfies Record<TipoFornecedor, string>,
  tipoTransportadora: {
    transportadora: 'Transportadora',
    correios: 'Correios',
    entrega_propria: 'Entrega Própria',
  } satisfies Record<TipoTransportadora, string>,
  situacao: {
    ativo: 'Ativo',
    inativo: 'Inativo',
    ferias: 'Férias',
    licenca: 'Licença',
  } satisfies Record<Situacao, string>,
  sexo: {
    masculino: 'Masculino',
    feminino: 'Feminino',
    outro: 'Outro',
  } satisfies Record<Sexo, string>,
  enderecoTipo: {
    residencial: 'Residencial',
    comercial: 'Comercial',
    entrega: 'Entrega',
    cobranca: 'Cobrança',
  } satisfies Record<EnderecoTipo, string>,
};

/** How the screens and messages name each kind of record. */
export interface CadastroEntidade {
  /** "Cliente" */
  nome: string;
  /** "cliente" */
  minusculo: string;
  /** "Clientes" (tab) */
  plural: string;
  feminino: boolean;
  /** Route segment: /cadastros/adicionar-<slug>, /cadastros/editar-<slug>/{id} */
  slug: string;
}

export const CADASTRO_ENTIDADES: Record<TipoCadastro, CadastroEntidade> = {
  cliente: {
    nome: 'Cliente',
    minusculo: 'cliente',
    plural: 'Clientes',
    feminino: false,
    slug: 'cliente',
  },
  fornecedor: {
    nome: 'Fornecedor',
    minusculo: 'fornecedor',
    plural: 'Fornecedores',
    feminino: false,
    slug: 'fornecedor',
  },
  funcionario: {
    nome: 'Funcionário',
    minusculo: 'funcionário',
    plural: 'Funcionários',
    feminino: false,
    slug: 'funcionario',
  },
  transportadora: {
    nome: 'Transportadora',
    minusculo: 'transportadora',
    plural: 'Transportadoras',
    feminino: true,
    slug: 'transportadora',
  },
};

export function isTipoCadastro(value: unknown): value is TipoCadastro {
  return (TIPOS_CADASTRO as readonly unknown[]).includes(value);
}

export const cadastroPaths = {
  list: (tipo?: TipoCadastro) =>
    tipo && tipo !== 'cliente' ? `/cadastros?tipo=${tipo}` : '/cadastros',
  add: (tipo: TipoCadastro) => `/cadastros/adicionar-${CADASTRO_ENTIDADES[tipo].slug}`,
  edit: (tipo: TipoCadastro, id: number) =>
    `/cadastros/editar-${CADASTRO_ENTIDADES[tipo].slug}/${id}`,
};

/** 5 MB for the photo and each attachment (spec section 9). */
export const MAX_ARQUIVO_BYTES = 5 * 1024 * 1024;
export const FOTO_TIPOS_ACEITOS = ['image/jpeg', 'image/gif'] as const;
/** Attachments sent in one save, and kept per record. */
export const MAX_ANEXOS_POR_ENVIO = 10;
export const MAX_ANEXOS_POR_CADASTRO = 50;
export const MAX_CONTATOS = 20;

/** Only employees and customers have a photo (spec section 2.7). */
export function temFoto(tipo: TipoCadastro): boolean {
  return tipo === 'cliente' || tipo === 'funcionario';
}

const daDo = (tipo: TipoCadastro) => (CADASTRO_ENTIDADES[tipo].feminino ? 'da' : 'do');

/** The spec's texts (sections 2.6–2.8 and 8). */
export const CADASTRO_TEXTOS = {
  titulo: 'Cadastros',
  pesquisar: 'Pesquisar cadastros...',
  carregandoLista: 'Carregando cadastros...',
  listaVazia: 'Nenhum cadastro encontrado',
  erroBuscar: 'Erro ao buscar cadastros',
  erroExcluir: 'Erro ao excluir cadastro. Tente novamente.',
  confirmarExclusao: (nome: string) => `Tem certeza que deseja excluir o cadastro de "${nome}"?`,
  adicionar: (tipo: TipoCadastro) => `Adicionar ${CADASTRO_ENTIDADES[tipo].nome}`,
  editar: (tipo: TipoCadastro) => `Editar ${CADASTRO_ENTIDADES[tipo].nome}`,
  salvar: (tipo: TipoCadastro) => `Salvar ${CADASTRO_ENTIDADES[tipo].nome}`,
  atualizar: (tipo: TipoCadastro) => `Atualizar ${CADASTRO_ENTIDADES[tipo].nome}`,
  carregandoDados: (tipo: TipoCadastro) =>
    `Carregando dados ${daDo(tipo)} ${CADASTRO_ENTIDADES[tipo].minusculo}...`,
  erroCarregar: (tipo: TipoCadastro) =>
    `Erro ao carregar dados ${daDo(tipo)} ${CADASTRO_ENTIDADES[tipo].minusculo}.`,
  erroSalvar: (tipo: TipoCadastro) =>
    `Erro ao salvar ${CADASTRO_ENTIDADES[tipo].minusculo}. Tente novamente.`,
  erroAtualizar: (tipo: TipoCadastro) =>
    `Erro ao atualizar ${CADASTRO_ENTIDADES[tipo].minusculo}. Tente novamente.`,
  sucessoAtualizar: (tipo: TipoCadastro) =>
    `${CADASTRO_ENTIDADES[tipo].nome} ${CADASTRO_ENTIDADES[tipo].feminino ? 'atualizada' : 'atualizado'} com sucesso!`,
  sucessoSalvar: (tipo: TipoCadastro) =>
    `${CADASTRO_ENTIDADES[tipo].nome} ${CADASTRO_ENTIDADES[tipo].feminino ? 'cadastrada' : 'cadastrado'} com sucesso!`,
  sucessoExcluir: 'Cadastro excluído com sucesso!',
  contatosVazio: 'Nenhum contato adicionado.',
  fotoAjuda: 'JPG, JPEG ou GIF de até 5MB',
  anexosAjuda: 'Máximo de 5MB por arquivo; vários arquivos permitidos',
};

/** 409 when the CPF/CNPJ is already used by a record of the same tipo. */
export function documentoDuplicadoMessage(tipo: TipoCadastro, documento: 'CPF' | 'CNPJ'): string {
  const entidade = CADASTRO_ENTIDADES[tipo];
  return `Já existe ${entidade.feminino ? 'uma' : 'um'} ${entidade.minusculo} com este ${documento}.`;
}

/** 409 when other data (sales, quotes, orders...) still refers to the record. */
export function cadastroEmUsoMessage(tipo: TipoCadastro, nome: string, onde: string): string {
  const entidade = CADASTRO_ENTIDADES[tipo];
  return (
    `Não é possível excluir ${entidade.feminino ? 'a' : 'o'} ${entidade.minusculo} "${nome}": ` +
    `há registros em ${onde} que dependem deste cadastro. Nada foi excluído.`
  );
}
