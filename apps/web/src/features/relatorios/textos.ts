import { formatFileSize } from '../../lib/files';

const linhas = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'linha' : 'linhas'}`;

/** What the Relatórios screen says (pt-BR); the server's own messages come in its errors. */
export const RELATORIO_TEXTOS = {
  titulo: 'Relatórios',
  descricao: 'Vendas, estoque, financeiro e serviços, com exportação em CSV, XLSX e PDF.',
  catalogo: 'Catálogo de relatórios',
  relatorio: 'Relatório',
  escolha: 'Escolha um relatório',
  escolhaDica:
    'Cada relatório diz como conta seus números, filtra o período e exporta o que mostra.',
  naoEncontrado: 'Relatório não encontrado',
  naoEncontradoDica: 'Ele não existe ou o seu perfil não pode abri-lo. Escolha outro na lista.',
  nenhumRelatorio: 'Nenhum relatório disponível para o seu perfil.',
  erroCatalogo: 'Erro ao carregar os relatórios',
  erroCarregar: 'Erro ao carregar o relatório',
  vazio: 'Nenhum dado no período',
  vazioDica: 'Nada atende aos filtros escolhidos. Mude o período ou limpe os filtros.',
  total: 'Total',
  carregando: 'Carregando...',
  linhas,
  // Filters
  periodo: 'Período',
  personalizado: 'Personalizado',
  data: 'Data',
  agrupar: 'Agrupar por',
  vendedor: 'Vendedor',
  cliente: 'Cliente',
  categoria: 'Grupo de produtos',
  formaPagamento: 'Forma de pagamento',
  classeA: 'Classe A até',
  classeB: 'Classe B até',
  naData: 'Posição em',
  dias: 'Sem saída há',
  natureza: 'Natureza',
  base: 'Data de referência',
  faixa: (n: number) => `Faixa ${n} até`,
  todos: 'Todos',
  nadaEncontrado: 'Nada encontrado',
  clienteNaoEncontrado: 'Cliente não encontrado.',
  // Export
  exportarCsv: 'Exportar CSV',
  exportarXlsx: 'Exportar XLSX',
  imprimirPdf: 'Imprimir PDF',
  cancelar: 'Cancelar',
  gerando: 'Gerando o arquivo...',
  progresso: (total: number | null, bytes: number) =>
    `${total === null ? 'Gerando o arquivo' : `Exportando ${linhas(total)}`}: ${formatFileSize(bytes)} recebidos`,
  exportacaoCancelada: 'Exportação cancelada',
  erroExportar: 'Erro ao exportar o relatório',
} as const;
