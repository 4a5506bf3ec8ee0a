import type { AcaoLinha, ImportacaoStatus } from '@prumo/shared/importacao';

/** The screen's own words (the server's row messages come in IMPORTACAO_MENSAGENS). */
export const IMPORTACAO_TEXTOS = {
  titulo: 'Importar dados',
  descricao:
    'Traga de uma planilha (CSV ou Excel) clientes, fornecedores, funcionários, transportadoras, produtos, serviços e o saldo inicial de estoque.',
  passos: ['O que importar', 'Colunas', 'Conferência', 'Importação'] as const,
  passosDescricao: ['Tipo e arquivo', 'De onde vem cada campo', 'Simulação', 'Resultado'] as const,
  voltar: 'Voltar',
  proximo: 'Próximo',
  // Step 1
  oQueImportar: 'O que importar',
  arquivo: 'Arquivo',
  arquivoDescricao:
    'Planilha .csv, .txt ou .xlsx de até 20 MB, com os nomes das colunas na primeira linha',
  arquivoPlaceholder: 'Escolher arquivo...',
  escolhaTipo: 'Escolha o que importar',
  modelo: 'Baixar planilha modelo',
  modeloXlsx: 'Baixar planilha modelo (XLSX)',
  modeloCsv: 'Baixar planilha modelo (CSV)',
  erroModelo: 'Erro ao baixar a planilha modelo',
  camposObrigatorios: (rotulos: string) => `Colunas obrigatórias: ${rotulos}`,
  enviar: 'Enviar arquivo',
  erroEnviar: 'Erro ao enviar o arquivo',
  // Step 2
  resumoArquivo: (linhas: number, codificacao: string | null, separador: string | null) =>
    [
      `${linhas.toLocaleString('pt-BR')} ${linhas === 1 ? 'linha' : 'linhas'} de dados`,
      codificacao && `codificação ${codificacao}`,
      separador && `separador ${separador === '\t' ? 'tabulação' : `"${separador}"`}`,
    ]
      .filter(Boolean)
      .join(' · '),
  folha: 'Aba da planilha',
  erroFolha: 'Erro ao ler a aba',
  campo: 'Campo',
  coluna: 'Coluna da planilha',
  exemplo: 'Exemplo do arquivo',
  naoImportar: 'Não importar',
  obrigatorio: 'Obrigatório',
  mapeamentoSalvo: 'Usar mapeamento salvo',
  mapeamentoSalvoPlaceholder: 'Escolher...',
  mapeamentoAplicado: (nome: string) => `Mapeamento "${nome}" aplicado`,
  nomeMapeamento: 'Nome do mapeamento',
  salvarMapeamento: 'Salvar mapeamento',
  mapeamentoSalvoOk: 'Mapeamento salvo',
  erroSalvarMapeamento: 'Erro ao salvar o mapeamento',
  nomeObrigatorio: 'Dê um nome ao mapeamento',
  // Step 3
  chave: 'Encontrar registros existentes por',
  chaveEstoque: 'Encontrar o produto por',
  existentes: 'Registros existentes',
  existentesOpcoes: { atualizar: 'Atualizar', ignorar: 'Ignorar' },
  modo: 'Se houver erros',
  modoOpcoes: { tudo: 'Não importar nada', validas: 'Importar só as linhas válidas' },
  contagens: {
    criar: 'A criar',
    atualizar: 'A atualizar',
    ignorar: 'Ignoradas',
    recusar: 'Com erro',
  } satisfies Record<AcaoLinha, string>,
  acoes: {
    criar: 'Criar',
    atualizar: 'Atualizar',
    ignorar: 'Ignorar',
    recusar: 'Com erro',
  } satisfies Record<AcaoLinha, string>,
  soErros: 'Só linhas com erro',
  linha: 'Linha',
  acao: 'Ação',
  simulando: 'Conferindo a planilha...',
  erroSimular: 'Erro ao conferir a planilha',
  semLinhas: 'Nenhuma linha para mostrar.',
  semErros: 'Nenhuma linha com erro.',
  tudoOuNadaComErros:
    'Há linhas com erro e a opção é "Não importar nada": corrija a planilha ou escolha "Importar só as linhas válidas".',
  // Step 4
  resumoImportar: (criar: number, atualizar: number, ignorar: number, recusar: number) =>
    `Serão criados ${criar}, atualizados ${atualizar} e ignorados ${ignorar} registros; ${recusar} ${recusar === 1 ? 'linha com erro será recusada' : 'linhas com erro serão recusadas'}.`,
  importar: 'Importar',
  erroImportar: 'Erro ao iniciar a importação',
  progresso: (processadas: number, total: number) =>
    `${processadas.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} linhas`,
  cancelar: 'Cancelar importação',
  confirmarCancelar: 'Cancelar a importação? Nada dela será gravado.',
  erroCancelar: 'Erro ao cancelar a importação',
  concluida: 'Importação concluída',
  criados: 'Criados',
  atualizados: 'Atualizados',
  ignorados: 'Ignorados',
  recusados: 'Recusados',
  baixarRecusadas: 'Baixar linhas recusadas (CSV)',
  erroRecusadas: 'Erro ao baixar as linhas recusadas',
  novaImportacao: 'Nova importação',
  // History
  historico: 'Importações anteriores',
  historicoVazio: 'Nenhuma importação ainda.',
  erroHistorico: 'Erro ao carregar as importações',
  data: 'Data',
  tipo: 'Tipo',
  arquivoColuna: 'Arquivo',
  usuario: 'Usuário',
  status: 'Status',
  recusadas: 'Recusadas',
};

export const STATUS_CORES: Record<ImportacaoStatus, string> = {
  Enviada: 'gray',
  Simulada: 'blue',
  'Em andamento': 'yellow',
  Concluída: 'teal',
  Cancelada: 'orange',
  Falhou: 'red',
};

export const ACAO_CORES: Record<AcaoLinha, string> = {
  criar: 'teal',
  atualizar: 'blue',
  ignorar: 'gray',
  recusar: 'red',
};
