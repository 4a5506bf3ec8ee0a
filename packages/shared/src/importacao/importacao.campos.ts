// What each kind of import reads: its fields (named as the create form's payload where the form
// has one), the names other systems (Bling, Tiny, Omie, a shop's own sheet) give their columns,
// and how a row finds the record it updates.
import type { TipoCadastro } from '../cadastros/cadastro.constants';
import { normalizarTexto } from './importacao.valores';

export const TIPOS_IMPORTACAO = [
  'clientes',
  'fornecedores',
  'funcionarios',
  'transportadoras',
  'produtos',
  'servicos',
  'estoque',
] as const;
export type TipoImportacao = (typeof TIPOS_IMPORTACAO)[number];

/** The import each kind of registry record comes in (and its export goes out) through. */
export const IMPORTACAO_DO_CADASTRO: Record<TipoCadastro, TipoImportacao> = {
  cliente: 'clientes',
  fornecedor: 'fornecedores',
  funcionario: 'funcionarios',
  transportadora: 'transportadoras',
};

export const TIPO_IMPORTACAO_LABELS: Record<TipoImportacao, string> = {
  clientes: 'Clientes',
  fornecedores: 'Fornecedores',
  funcionarios: 'Funcionários',
  transportadoras: 'Transportadoras',
  produtos: 'Produtos',
  servicos: 'Serviços',
  estoque: 'Saldo inicial de estoque',
};

export type FormatoCampo =
  'texto' | 'dinheiro' | 'numero' | 'inteiro' | 'data' | 'booleano' | 'documento' | 'uf';

/** A closed list's value as stored and as a person writes it (the label, or a short form). */
export interface OpcaoCampo {
  valor: string;
  rotulo: string;
  sinonimos?: string[];
}

export interface CampoImportacao {
  chave: string;
  rotulo: string;
  obrigatorio: boolean;
  sinonimos: string[];
  formato: FormatoCampo;
  exemplo: string;
  ajuda?: string;
  /** A closed list (tipo de pessoa, situação, sexo): the cell holds the label or the value. */
  opcoes?: OpcaoCampo[];
  /**
   * Headers that feed the field even before its label: the stock screen's export has "Código"
   * beside "Produto" (the name), and only the code finds the product.
   */
  preferidos?: string[];
}

const campo = (
  chave: string,
  rotulo: string,
  formato: FormatoCampo,
  exemplo: string,
  sinonimos: string[] = [],
  extra: Partial<Pick<CampoImportacao, 'obrigatorio' | 'ajuda' | 'opcoes' | 'preferidos'>> = {},
): CampoImportacao => ({
  chave,
  rotulo,
  obrigatorio: false,
  sinonimos,
  formato,
  exemplo,
  ...extra,
});

const ATIVO_INATIVO: OpcaoCampo[] = [
  { valor: 'ativo', rotulo: 'Ativo', sinonimos: ['A', 'Sim', 'S', '1'] },
  { valor: 'inativo', rotulo: 'Inativo', sinonimos: ['I', 'Não', 'N', '0'] },
];

const situacao = (opcoes: OpcaoCampo[] = ATIVO_INATIVO) =>
  campo('situacao', 'Situação', 'texto', 'Ativo', ['status', 'ativo', 'situacao cadastro'], {
    opcoes,
    ajuda: `Vazia = Ativo. Aceita: ${opcoes.map((o) => o.rotulo).join(', ')}`,
  });

const PESSOA_FISICA: OpcaoCampo = {
  valor: 'pessoa-fisica',
  rotulo: 'Pessoa Física',
  sinonimos: ['F', 'PF', 'Física', 'Fisica'],
};
const PESSOA_JURIDICA: OpcaoCampo = {
  valor: 'pessoa-juridica',
  rotulo: 'Pessoa Jurídica',
  sinonimos: ['J', 'PJ', 'Jurídica', 'Juridica'],
};
const AJUDA_TIPO_PESSOA = 'Vazio: Pessoa Física com CPF, Pessoa Jurídica com CNPJ';

const DOCUMENTO_SINONIMOS = [
  'cpf cnpj',
  'cnpj cpf',
  'cpf/cnpj',
  'cnpj/cpf',
  'documento',
  'cpf',
  'cnpj',
  'cpf ou cnpj',
  'cnpj ou cpf',
];
const IE_SINONIMOS = [
  'ie',
  'insc estadual',
  'inscricao estadual',
  'inscr estadual',
  'rg/ie',
  'ie/rg',
];
const EMAIL_SINONIMOS = ['e-mail', 'email', 'e mail', 'correio eletronico', 'email principal'];
const TELEFONE_SINONIMOS = ['fone', 'tel', 'telefone 1', 'telefone comercial', 'fone comercial'];
const CELULAR_SINONIMOS = [
  'cel',
  'celular',
  'whatsapp',
  'fone celular',
  'telefone celular',
  'telefone 2',
];

/** The address, as the forms split it. */
const endereco = (obrigatorio: boolean): CampoImportacao[] => [
  campo('cep', 'CEP', 'texto', '01310-100', ['cep'], { obrigatorio }),
  campo(
    'logradouro',
    'Logradouro',
    'texto',
    'Avenida Paulista',
    ['endereco', 'rua', 'endereco logradouro'],
    { obrigatorio },
  ),
  campo('numero', 'Número', 'texto', '1000', ['nro', 'num', 'n', 'numero endereco'], {
    obrigatorio,
  }),
  campo('complemento', 'Complemento', 'texto', 'Sala 12', ['compl']),
  campo('bairro', 'Bairro', 'texto', 'Bela Vista', ['distrito'], { obrigatorio }),
  campo('cidade', 'Cidade', 'texto', 'São Paulo', ['municipio', 'cidade municipio', 'localidade'], {
    obrigatorio,
  }),
  campo('uf', 'UF', 'uf', 'SP', ['estado', 'sigla uf', 'uf estado'], { obrigatorio }),
];

const cadastroComum = (): CampoImportacao[] => [
  campo('cpf_cnpj', 'CPF/CNPJ', 'documento', '11.222.333/0001-81', DOCUMENTO_SINONIMOS),
  campo('inscricao_estadual', 'Inscrição estadual', 'texto', 'ISENTO', IE_SINONIMOS),
  campo('email', 'E-mail', 'texto', 'contato@empresa.com.br', EMAIL_SINONIMOS),
  campo('telefone', 'Telefone', 'texto', '(11) 3333-4444', TELEFONE_SINONIMOS),
  campo('celular', 'Celular', 'texto', '(11) 98765-4321', CELULAR_SINONIMOS),
  ...endereco(false),
];

const OBSERVACOES = campo('observacoes', 'Observações', 'texto', '', [
  'obs',
  'observacao',
  'anotacoes',
]);

export const CAMPOS_IMPORTACAO: Record<TipoImportacao, CampoImportacao[]> = {
  clientes: [
    campo(
      'nome',
      'Nome',
      'texto',
      'Maria da Silva',
      ['nome cliente', 'cliente', 'razao social', 'nome razao social', 'nome completo', 'contato'],
      { obrigatorio: true },
    ),
    campo(
      'tipo_cliente',
      'Tipo de pessoa',
      'texto',
      'Pessoa Física',
      ['tipo pessoa', 'tipo', 'pessoa', 'tipo de cliente', 'fisica juridica'],
      {
        opcoes: [
          PESSOA_FISICA,
          PESSOA_JURIDICA,
          { valor: 'estrangeiro', rotulo: 'Estrangeiro', sinonimos: ['E', 'EX'] },
        ],
        ajuda: AJUDA_TIPO_PESSOA,
      },
    ),
    ...cadastroComum(),
    situacao(),
    campo('limite_credito', 'Limite de crédito', 'dinheiro', '1500,00', [
      'limite',
      'limite credito',
      'credito',
    ]),
    OBSERVACOES,
  ],
  fornecedores: [
    campo(
      'nome',
      'Nome',
      'texto',
      'Distribuidora Central Ltda',
      ['nome fornecedor', 'fornecedor', 'razao social', 'nome razao social', 'nome fantasia'],
      { obrigatorio: true },
    ),
    campo(
      'tipo_fornecedor',
      'Tipo de pessoa',
      'texto',
      'Pessoa Jurídica',
      ['tipo pessoa', 'tipo', 'pessoa', 'tipo de fornecedor', 'fisica juridica'],
      {
        opcoes: [PESSOA_FISICA, PESSOA_JURIDICA, { valor: 'mei', rotulo: 'MEI', sinonimos: ['M'] }],
        ajuda: AJUDA_TIPO_PESSOA,
      },
    ),
    ...cadastroComum(),
    situacao(),
    OBSERVACOES,
  ],
  funcionarios: [
    campo(
      'nome',
      'Nome',
      'texto',
      'João Pereira',
      ['nome funcionario', 'funcionario', 'colaborador', 'nome completo'],
      { obrigatorio: true },
    ),
    campo(
      'cpf',
      'CPF',
      'documento',
      '529.982.247-25',
      ['cpf funcionario', 'documento', 'cpf/cnpj', 'cpf cnpj'],
      { obrigatorio: true },
    ),
    campo(
      'rg',
      'RG',
      'texto',
      '12.345.678-9',
      ['identidade', 'documento identidade', 'registro geral'],
      { obrigatorio: true },
    ),
    campo(
      'data_nascimento',
      'Data de nascimento',
      'data',
      '15/03/1990',
      ['nascimento', 'data nasc', 'dt nascimento', 'dt nasc', 'aniversario'],
      { obrigatorio: true },
    ),
    campo('sexo', 'Sexo', 'texto', 'Masculino', ['genero'], {
      obrigatorio: true,
      opcoes: [
        { valor: 'masculino', rotulo: 'Masculino', sinonimos: ['M', 'Masc'] },
        { valor: 'feminino', rotulo: 'Feminino', sinonimos: ['F', 'Fem'] },
        { valor: 'outro', rotulo: 'Outro', sinonimos: ['O'] },
      ],
    }),
    campo('email', 'E-mail', 'texto', 'joao@empresa.com.br', EMAIL_SINONIMOS, {
      obrigatorio: true,
    }),
    campo('telefone', 'Telefone', 'texto', '(11) 3333-4444', TELEFONE_SINONIMOS),
    campo('celular', 'Celular', 'texto', '(11) 98765-4321', CELULAR_SINONIMOS),
    ...endereco(false),
    campo('comissao', 'Comissão (%)', 'numero', '5', [
      'comissao',
      'percentual comissao',
      'comissao %',
    ]),
    situacao([
      ...ATIVO_INATIVO,
      { valor: 'ferias', rotulo: 'Férias' },
      { valor: 'licenca', rotulo: 'Licença' },
    ]),
    OBSERVACOES,
  ],
  transportadoras: [
    campo(
      'nome_fantasia',
      'Nome fantasia',
      'texto',
      'Rápido Entregas',
      ['nome', 'fantasia', 'transportadora', 'nome transportadora'],
      { obrigatorio: true },
    ),
    campo(
      'razao_social',
      'Razão social',
      'texto',
      'Rápido Entregas Ltda',
      ['razao', 'nome empresarial'],
      { obrigatorio: true },
    ),
    campo(
      'tipo_transportadora',
      'Tipo',
      'texto',
      'Transportadora',
      ['tipo transportadora', 'modalidade'],
      {
        opcoes: [
          { valor: 'transportadora', rotulo: 'Transportadora' },
          { valor: 'correios', rotulo: 'Correios' },
          {
            valor: 'entrega_propria',
            rotulo: 'Entrega Própria',
            sinonimos: ['Própria', 'Propria'],
          },
        ],
        ajuda: 'Vazio = Transportadora',
      },
    ),
    campo(
      'cnpj',
      'CNPJ',
      'documento',
      '11.222.333/0001-81',
      ['cnpj transportadora', 'documento', 'cpf/cnpj', 'cpf cnpj', 'cnpj cpf'],
      { obrigatorio: true },
    ),
    campo('inscricao_estadual', 'Inscrição estadual', 'texto', 'ISENTO', IE_SINONIMOS),
    campo('email', 'E-mail', 'texto', 'contato@rapido.com.br', EMAIL_SINONIMOS, {
      obrigatorio: true,
    }),
    campo('telefone', 'Telefone', 'texto', '(11) 3333-4444', TELEFONE_SINONIMOS),
    campo('celular', 'Celular', 'texto', '(11) 98765-4321', CELULAR_SINONIMOS),
    ...endereco(true),
    situacao(),
    OBSERVACOES,
  ],
  produtos: [
    campo(
      'codigo_interno',
      'Código',
      'texto',
      'P0001',
      [
        'codigo interno',
        'cod',
        'codigo produto',
        'sku',
        'referencia',
        'ref',
        'cod produto',
        'codigo sku',
      ],
      {
        ajuda: 'O código interno do produto (SKU)',
      },
    ),
    campo(
      'nome',
      'Nome',
      'texto',
      'Caneta azul',
      ['descricao', 'produto', 'nome produto', 'descricao produto', 'descricao do produto'],
      { obrigatorio: true },
    ),
    campo('descricao', 'Descrição', 'texto', 'Caneta esferográfica 1.0 mm', [
      'descricao complementar',
      'descricao detalhada',
      'detalhes',
      'observacoes',
    ]),
    campo(
      'grupo',
      'Grupo',
      'texto',
      'Papelaria',
      [
        'categoria',
        'grupo produto',
        'grupo de produtos',
        'categoria do produto',
        'familia',
        'departamento',
      ],
      {
        ajuda: 'Um grupo que ainda não existe é criado; vazio = Categoria Padrão',
      },
    ),
    campo('unidade_medida', 'Unidade', 'texto', 'UN', [
      'un',
      'und',
      'unid',
      'unidade medida',
      'unidade de medida',
      'medida',
    ]),
    campo('codigo_barras', 'Código de barras', 'texto', '7891234567895', [
      'gtin',
      'ean',
      'gtin ean',
      'codigo barras',
      'cod barras',
      'gtin/ean',
      'ean13',
    ]),
    campo('ncm', 'NCM', 'texto', '9608.10.00', ['classificacao fiscal', 'codigo ncm', 'ncm sh']),
    campo('cest', 'CEST', 'texto', '', ['codigo cest']),
    campo('preco', 'Preço de venda', 'dinheiro', '4,50', [
      'preco',
      'valor venda',
      'valor de venda',
      'preco venda',
      'valor',
      'valor unitario',
      'preco unitario',
      'pv',
    ]),
    campo('custo', 'Preço de custo', 'dinheiro', '2,10', [
      'custo',
      'valor custo',
      'preco custo',
      'valor de custo',
      'custo unitario',
      'pc',
    ]),
    campo('estoque_minimo', 'Estoque mínimo', 'numero', '10', [
      'estoque min',
      'minimo',
      'qtd minima',
      'quantidade minima',
    ]),
    campo('estoque_maximo', 'Estoque máximo', 'numero', '0', [
      'estoque max',
      'maximo',
      'qtd maxima',
      'quantidade maxima',
    ]),
    campo('peso_liquido', 'Peso líquido (kg)', 'numero', '0,02', ['peso liquido', 'peso liq']),
    campo('peso_bruto', 'Peso bruto (kg)', 'numero', '0,025', ['peso bruto', 'peso']),
    campo('ativo', 'Ativo', 'booleano', 'Sim', ['situacao', 'status', 'ativo sim nao']),
  ],
  servicos: [
    campo('codigoInterno', 'Código', 'texto', 'S001', [
      'codigo interno',
      'cod',
      'codigo servico',
      'referencia',
      'ref',
    ]),
    campo(
      'nome',
      'Nome',
      'texto',
      'Instalação elétrica',
      ['servico', 'descricao', 'nome servico', 'descricao servico'],
      { obrigatorio: true },
    ),
    campo('categoria', 'Categoria', 'texto', 'Geral', [
      'grupo',
      'categoria servico',
      'tipo servico',
    ]),
    campo('descricao', 'Descrição', 'texto', 'Instalação de tomadas e disjuntores', [
      'descricao complementar',
      'detalhes',
      'observacoes',
    ]),
    campo('preco', 'Valor de venda', 'dinheiro', '150,00', [
      'preco',
      'valor',
      'valor venda',
      'preco venda',
      'valor servico',
      'valor unitario',
    ]),
    campo('valorCusto', 'Valor de custo', 'dinheiro', '60,00', [
      'custo',
      'preco custo',
      'valor custo',
    ]),
    campo('comissao', 'Comissão (%)', 'numero', '0', ['comissao', 'percentual comissao']),
    campo('duracao', 'Duração (minutos)', 'inteiro', '60', [
      'duracao',
      'tempo',
      'minutos',
      'tempo estimado',
    ]),
    campo('codigoTributacaoNacional', 'Código de tributação nacional', 'texto', '', [
      'ctribnac',
      'codigo tributacao',
      'item lc 116',
      'lc 116',
      'codigo servico lc116',
    ]),
    campo('codigoNbs', 'NBS', 'texto', '', ['codigo nbs']),
    campo('aliquotaIss', 'Alíquota ISS (%)', 'numero', '', ['iss', 'aliquota iss', 'aliq iss']),
    campo('ativo', 'Ativo', 'booleano', 'Sim', ['situacao', 'status']),
  ],
  estoque: [
    campo(
      'produto',
      'Produto',
      'texto',
      'P0001',
      [
        'codigo',
        'codigo produto',
        'codigo interno',
        'sku',
        'codigo de barras',
        'gtin',
        'ean',
        'cod',
      ],
      {
        obrigatorio: true,
        ajuda: 'O código interno ou o código de barras do produto já cadastrado',
        preferidos: ['codigo', 'codigo interno', 'codigo produto', 'sku'],
      },
    ),
    campo(
      'quantidade',
      'Quantidade',
      'numero',
      '25',
      [
        'qtd',
        'qtde',
        'quant',
        'saldo',
        'estoque',
        'estoque atual',
        'quantidade em estoque',
        'saldo inicial',
      ],
      { obrigatorio: true },
    ),
    campo(
      'custo',
      'Custo unitário',
      'dinheiro',
      '2,10',
      ['custo', 'preco custo', 'valor custo', 'custo medio'],
      {
        ajuda: 'Quando preenchido, passa a ser o preço de custo do produto',
      },
    ),
    campo('data', 'Data', 'data', '01/01/2027', ['data saldo', 'data inventario', 'dt'], {
      ajuda: 'Vazia = hoje',
    }),
    campo('observacoes', 'Observações', 'texto', '', ['obs', 'observacao']),
  ],
};

/** How a row is matched to a record already there, per kind; the first is the default. */
export const CHAVES_IMPORTACAO: Record<TipoImportacao, Array<{ chave: string; rotulo: string }>> = {
  clientes: [
    { chave: 'cpf_cnpj', rotulo: 'CPF/CNPJ' },
    { chave: 'nome', rotulo: 'Nome' },
  ],
  fornecedores: [
    { chave: 'cpf_cnpj', rotulo: 'CPF/CNPJ' },
    { chave: 'nome', rotulo: 'Nome' },
  ],
  funcionarios: [
    { chave: 'cpf', rotulo: 'CPF' },
    { chave: 'nome', rotulo: 'Nome' },
  ],
  transportadoras: [
    { chave: 'cnpj', rotulo: 'CNPJ' },
    { chave: 'nome_fantasia', rotulo: 'Nome fantasia' },
  ],
  produtos: [
    { chave: 'codigo_interno', rotulo: 'Código interno' },
    { chave: 'codigo_barras', rotulo: 'Código de barras' },
    { chave: 'nome', rotulo: 'Nome' },
  ],
  servicos: [
    { chave: 'codigoInterno', rotulo: 'Código interno' },
    { chave: 'nome', rotulo: 'Nome' },
  ],
  // An opening balance always adds an entrada; the key says how the product is found.
  estoque: [
    { chave: 'codigo_interno', rotulo: 'Código interno' },
    { chave: 'codigo_barras', rotulo: 'Código de barras' },
  ],
};

/**
 * Which column feeds each field: one of its preferred headers wins, then a header equal to the
 * field's label or name, then one of its synonyms, compared without accents, case or punctuation;
 * required fields choose first (Bling calls a product's name "Descrição"). Each header feeds one
 * field at most; no match is null.
 */
export function sugerirMapeamento(
  tipo: TipoImportacao,
  cabecalhos: string[],
): Record<string, string | null> {
  const campos = CAMPOS_IMPORTACAO[tipo];
  const livres = new Map<string, string>();
  for (const cabecalho of cabecalhos) {
    const chave = normalizarTexto(cabecalho);
    if (chave && !livres.has(chave)) livres.set(chave, cabecalho);
  }
  const resultado: Record<string, string | null> = Object.fromEntries(
    campos.map((c) => [c.chave, null]),
  );
  const tentar = (grupo: CampoImportacao[], nomes: (c: CampoImportacao) => string[]) => {
    for (const c of grupo) {
      if (resultado[c.chave]) continue;
      for (const nome of nomes(c)) {
        const achado = livres.get(normalizarTexto(nome));
        if (achado !== undefined) {
          resultado[c.chave] = achado;
          livres.delete(normalizarTexto(nome));
          break;
        }
      }
    }
  };
  for (const grupo of [campos.filter((c) => c.obrigatorio), campos.filter((c) => !c.obrigatorio)]) {
    tentar(grupo, (c) => c.preferidos ?? []);
    tentar(grupo, (c) => [c.rotulo, c.chave]);
    tentar(grupo, (c) => c.sinonimos);
  }
  return resultado;
}

/** A closed list's cell ("PF", "Pessoa Física", "pessoa-fisica") → its value; null when unknown. */
export function lerOpcao(c: CampoImportacao, texto: string): string | null {
  const alvo = normalizarTexto(texto);
  const opcao = c.opcoes?.find((o) =>
    [o.valor, o.rotulo, ...(o.sinonimos ?? [])].some((nome) => normalizarTexto(nome) === alvo),
  );
  return opcao?.valor ?? null;
}

/** A closed list's value → the label written in exports. */
export function rotuloDaOpcao(c: CampoImportacao, valor: string | null | undefined): string {
  if (valor == null) return '';
  return c.opcoes?.find((o) => o.valor === valor)?.rotulo ?? valor;
}
