// The texts of a note's events and of the numbering (issue 29): cancelar, carta de correção,
// inutilizar.

export const EVENTO_TEXTOS = {
  cancelar: 'Cancelar nota',
  cancelada: 'Nota cancelada na SEFAZ.',
  canceladaComVenda: 'Nota cancelada na SEFAZ; a venda também foi cancelada.',
  erroCancelar: 'Erro ao cancelar a nota',
  justificativa: 'Justificativa',
  justificativaAjuda: 'De 15 a 255 caracteres; vai para a SEFAZ e fica no XML do cancelamento.',
  cancelarVenda: (numeroVenda: string) => `Cancelar também a venda nº ${numeroVenda}`,
  cancelarVendaAjuda:
    'O estoque volta e as contas a receber da venda são canceladas (uma única vez).',
  tempoRestante: 'Tempo restante para cancelar',
  prazoTerminado: 'O prazo de cancelamento terminou.',
  cancelavelAte: (quando: string, falta: string) => `Cancelável até ${quando} (faltam ${falta}).`,

  corrigir: 'Carta de correção',
  corrigida: (sequencia: number) => `Carta de correção nº ${sequencia} registrada na SEFAZ.`,
  erroCorrigir: 'Erro ao enviar a carta de correção',
  correcao: 'Correção',
  correcaoAjuda:
    'De 15 a 1.000 caracteres. Esta carta substitui as anteriores: escreva nela todas as correções.',
  restantes: (quantas: number) =>
    quantas === 1 ? 'Cabe mais 1 carta nesta NF-e.' : `Cabem mais ${quantas} cartas nesta NF-e.`,
  condicoesDeUso: 'Condições de uso',

  inutilizarNumero: 'Inutilizar número',
  inutilizarNumeroTexto: (numero: string) =>
    `O número ${numero} fica inutilizado na SEFAZ e esta nota não poderá mais ser transmitida.`,
  numeroInutilizado: 'Número inutilizado na SEFAZ.',
  erroInutilizar: 'Erro ao inutilizar a numeração',

  inutilizarNumeracao: 'Inutilizar numeração',
  numeracaoInutilizada: (faixa: string) => `Números ${faixa} inutilizados na SEFAZ.`,
  serie: 'Série',
  numeroInicial: 'Número inicial',
  numeroFinal: 'Número final',

  eventos: 'Eventos na SEFAZ',
  semEventos: 'Nenhum cancelamento ou carta de correção.',
  baixarXml: 'XML',
  imprimir: 'PDF',
  erroArquivo: 'Erro ao baixar o arquivo',
  protocolo: 'Protocolo',

  lacunas: 'Números pulados',
  semLacunas: 'Nenhum número pulado: a numeração está em sequência.',
  lacunasAjuda:
    'Números que nenhuma nota usou: inutilize-os na SEFAZ para que nenhum fique sem explicação.',
  totalLacunas: (total: number) => (total === 1 ? '1 número' : `${total} números`),
  inutilizadas: 'Últimas inutilizações',
  erroLacunas: 'Não foi possível ler os números pulados.',
} as const;
