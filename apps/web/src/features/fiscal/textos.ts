// The Nota Fiscal screens' texts (the spec names only the title and the tabs).

export const NOTA_TEXTOS = {
  titulo: 'Nota Fiscal',
  pesquisar: 'Pesquisar por número, chave ou destinatário...',
  erroListar: 'Erro ao carregar as notas fiscais',
  erroCarregar: 'Nota fiscal não encontrada',
  erroTransmitir: 'Erro ao transmitir a nota',
  erroConsultar: 'Erro ao consultar a nota na SEFAZ',
  erroStatus: 'Não foi possível ler o status da emissão.',
  erroConsultarSefaz: 'Erro ao consultar a SEFAZ',
  erroCenario: 'Erro ao mudar o cenário da simulação',
  consumidorNaoIdentificado: 'Consumidor não identificado',
  nenhumaFiltrada: 'Nenhuma nota atende à pesquisa e aos filtros.',
} as const;

/** The NFS-e tab's and the NFS-e page's texts (issue 30). */
export const NFSE_TEXTOS = {
  pesquisar: 'Pesquisar por número, chave ou tomador...',
  erroListar: 'Erro ao carregar as NFS-e',
  erroCarregar: 'NFS-e não encontrada',
  erroTransmitir: 'Erro ao transmitir a NFS-e',
  erroCancelar: 'Erro ao cancelar a NFS-e',
  tomadorNaoIdentificado: 'Tomador não identificado',
  nenhuma: 'Nenhuma NFS-e emitida',
  nenhumaDica:
    'A NFS-e sai de uma ordem de serviço concluída ou de um agendamento concluído: abra-o e clique em Emitir NFS-e.',
  emissor: 'NFS-e pelo emissor nacional (Sefin Nacional)',
  cancelar: 'Cancelar NFS-e',
  cancelada: 'NFS-e cancelada no emissor nacional.',
  motivo: 'Motivo',
  justificativa: 'Justificativa',
  justificativaAjuda: 'Vai ao emissor nacional no evento de cancelamento.',
  semEventos: 'Nada foi enviado ao emissor nacional ainda.',
} as const;
