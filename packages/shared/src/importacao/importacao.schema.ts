// The import's API (issue 33): options, answers and texts shared by the screen and the server.
import { requiredText, z } from '../validation';
import { TIPOS_IMPORTACAO, type TipoImportacao } from './importacao.campos';

/** 20 MB per file. */
export const IMPORTACAO_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORTACAO_EXTENSOES = ['.csv', '.txt', '.xlsx'] as const;
/** Rows per page of the dry run. */
export const IMPORTACAO_POR_PAGINA = 50;

export const IMPORTACAO_STATUS = [
  'Enviada',
  'Simulada',
  'Em andamento',
  'Concluída',
  'Cancelada',
  'Falhou',
] as const;
export type ImportacaoStatus = (typeof IMPORTACAO_STATUS)[number];

export const IMPORTACAO_MODOS = ['tudo', 'validas'] as const;
export type ImportacaoModo = (typeof IMPORTACAO_MODOS)[number];
export const IMPORTACAO_EXISTENTES = ['atualizar', 'ignorar'] as const;
export type ImportacaoExistentes = (typeof IMPORTACAO_EXISTENTES)[number];

export const IMPORTACAO_MODO_LABELS: Record<ImportacaoModo, string> = {
  tudo: 'Tudo ou nada: com qualquer linha recusada, nada é importado',
  validas: 'Importar as linhas válidas e listar as recusadas',
};
export const IMPORTACAO_EXISTENTES_LABELS: Record<ImportacaoExistentes, string> = {
  atualizar: 'Atualizar os registros que já existem',
  ignorar: 'Manter os registros que já existem (ignorar a linha)',
};

export const IMPORTACAO_MENSAGENS = {
  tipoInvalido: 'Tipo de importação inválido',
  arquivoObrigatorio: 'Envie o arquivo da planilha (.csv, .txt ou .xlsx)',
  arquivoGrande: 'O arquivo passa de 20 MB. Divida a planilha e importe em partes.',
  umArquivo: 'Envie uma planilha por vez',
  extensaoInvalida: 'Formato não aceito: envie um arquivo .csv, .txt ou .xlsx',
  semLinhas: 'A planilha não tem linhas de dados abaixo do cabeçalho',
  naoEncontrada: 'Importação não encontrada',
  mapeamentoNaoEncontrado: 'Mapeamento não encontrado',
  chaveInvalida: 'Escolha como as linhas encontram os registros existentes',
  existentesInvalido: 'Escolha o que fazer com os registros que já existem',
  modoInvalido: 'Escolha entre importar tudo ou só as linhas válidas',
  campoDesconhecido: (campo: string) => `Campo desconhecido: ${campo}`,
  cabecalhoDesconhecido: (cabecalho: string) => `A coluna "${cabecalho}" não está na planilha`,
  campoObrigatorioSemColuna: (rotulo: string) => `Escolha a coluna de "${rotulo}" (obrigatório)`,
  chaveSemColuna: (rotulo: string) =>
    `Escolha a coluna de "${rotulo}", usada para encontrar os registros`,
  colunaRepetida: (cabecalho: string) =>
    `A coluna "${cabecalho}" foi escolhida para mais de um campo`,
  folhaInexistente: (folha: string) => `A planilha não tem a aba "${folha}"`,
  jaExecutada: 'Esta importação já foi executada',
  emAndamento: 'Esta importação está em andamento',
  naoCancelavel: 'Só uma importação em andamento pode ser cancelada',
  semRecusadas: 'Esta importação não tem linhas recusadas',
  // Row errors.
  obrigatorio: (rotulo: string) => `${rotulo} é obrigatório`,
  valorInvalido: (rotulo: string) => `${rotulo}: valor inválido`,
  dinheiroInvalido: (rotulo: string) => `${rotulo}: informe um valor como 1.234,56`,
  numeroInvalido: (rotulo: string) => `${rotulo}: informe um número como 12,5`,
  inteiroInvalido: (rotulo: string) => `${rotulo}: informe um número inteiro`,
  dataInvalida: (rotulo: string) => `${rotulo}: informe a data como dd/mm/aaaa`,
  booleanoInvalido: (rotulo: string) => `${rotulo}: use Sim ou Não`,
  opcaoInvalida: (rotulo: string, opcoes: string) => `${rotulo}: use ${opcoes}`,
  documentoInvalido: 'CPF/CNPJ inválido',
  chaveRepetida: (linha: number) => `Chave repetida na linha ${linha}`,
  chaveAmbigua: (rotulo: string) =>
    `Há mais de um registro com este ${rotulo}: escolha outra forma de encontrar os registros`,
  produtoNaoEncontrado: (produto: string) => `Produto "${produto}" não encontrado`,
  produtoSemEstoque: (produto: string) => `O produto "${produto}" não movimenta estoque`,
  duplicadoNoCadastro: (rotulo: string) => `Já existe outro registro com este ${rotulo}`,
  // Outcome.
  falhouTudo: (recusadas: number) =>
    `${recusadas} ${recusadas === 1 ? 'linha recusada' : 'linhas recusadas'}: no modo "tudo ou nada" nada foi importado`,
  interrompida: 'A importação foi interrompida (o servidor parou); nada dela foi gravado',
  cancelada: 'Importação cancelada; nada dela foi gravado',
  erroInesperado: 'Erro inesperado ao importar; nada foi gravado',
  motivoColuna: 'Motivo',
  saldoInicialMotivo: 'Saldo inicial',
} as const;

const tipo = z.enum(TIPOS_IMPORTACAO, { error: IMPORTACAO_MENSAGENS.tipoInvalido });

/** The options of the dry run and of the run (the body of simular and executar). */
export const importacaoOpcoesSchema = z.strictObject({
  folha: z.string().trim().min(1).max(200).optional(),
  mapeamento: z.record(z.string().max(100), z.string().max(300).nullable(), {
    error: 'Mapeamento inválido',
  }),
  chave: z
    .string({ error: IMPORTACAO_MENSAGENS.chaveInvalida })
    .min(1, { error: IMPORTACAO_MENSAGENS.chaveInvalida })
    .max(100),
  existentes: z.enum(IMPORTACAO_EXISTENTES, { error: IMPORTACAO_MENSAGENS.existentesInvalido }),
  modo: z.enum(IMPORTACAO_MODOS, { error: IMPORTACAO_MENSAGENS.modoInvalido }),
});
export type ImportacaoOpcoesInput = z.input<typeof importacaoOpcoesSchema>;
export type ImportacaoOpcoes = z.output<typeof importacaoOpcoesSchema>;

/** POST /api/importacoes: the multipart's `tipo` field. */
export const importacaoTipoSchema = z.strictObject({ tipo });

/** GET /api/importacoes?tipo= */
export const importacaoListQuerySchema = z.strictObject({ tipo: tipo.optional() });

/** GET /api/importacoes/modelo/:tipo?formato= */
export const importacaoModeloParamsSchema = z.strictObject({ tipo });
export const importacaoModeloQuerySchema = z.strictObject({
  formato: z.enum(['xlsx', 'csv'], { error: 'Use xlsx ou csv' }).default('xlsx'),
});

/** POST /api/importacoes/:id/folha */
export const importacaoFolhaSchema = z.strictObject({
  folha: requiredText('Escolha a aba da planilha', 200),
});

const flag = z
  .enum(['true', 'false'], { error: 'Use true ou false' })
  .transform((valor) => valor === 'true');

/** POST /api/importacoes/:id/simular?pagina=&so_erros= */
export const importacaoSimularQuerySchema = z.strictObject({
  pagina: z.coerce
    .number({ error: 'Página inválida' })
    .int({ error: 'Página inválida' })
    .min(1, { error: 'Página inválida' })
    .max(1_000_000, { error: 'Página inválida' })
    .default(1),
  so_erros: flag.default(false),
});

/** GET/POST /api/importacoes/mapeamentos */
export const mapeamentoListQuerySchema = z.strictObject({ tipo: tipo.optional() });
export const mapeamentoInputSchema = z.strictObject({
  nome: requiredText('Dê um nome ao mapeamento', 120),
  tipo,
  mapeamento: z.record(z.string().max(100), z.string().max(300), { error: 'Mapeamento inválido' }),
});
export type MapeamentoInput = z.input<typeof mapeamentoInputSchema>;

export interface ImportacaoArquivo {
  id: number;
  tipo: TipoImportacao;
  arquivo_nome: string;
  folhas: string[];
  folha: string | null;
  cabecalhos: string[];
  /** The first five data rows. */
  amostra: string[][];
  total_linhas: number;
  codificacao: 'UTF-8' | 'Windows-1252' | null;
  separador: ';' | ',' | '\t' | null;
  mapeamento_sugerido: Record<string, string | null>;
}

export type AcaoLinha = 'criar' | 'atualizar' | 'ignorar' | 'recusar';

export interface ErroLinha {
  campo: string | null;
  mensagem: string;
}

export interface LinhaSimulada {
  /** The sheet's row number (the header is row 1). */
  linha: number;
  acao: AcaoLinha;
  valores: Record<string, string>;
  erros: ErroLinha[];
}

export interface ImportacaoSimulacao {
  criar: number;
  atualizar: number;
  ignorar: number;
  recusar: number;
  linhas: LinhaSimulada[];
  total_linhas: number;
  pagina: number;
  por_pagina: number;
}

export interface Importacao {
  id: number;
  tipo: TipoImportacao;
  arquivo_nome: string;
  status: ImportacaoStatus;
  modo: ImportacaoModo | null;
  existentes: ImportacaoExistentes | null;
  chave: string | null;
  total_linhas: number;
  processadas: number;
  criados: number;
  atualizados: number;
  ignorados: number;
  recusados: number;
  erro: string | null;
  usuario_nome: string | null;
  created_at: string;
  concluida_em: string | null;
}

export interface MapeamentoSalvo {
  id: number;
  nome: string;
  tipo: TipoImportacao;
  mapeamento: Record<string, string>;
}
