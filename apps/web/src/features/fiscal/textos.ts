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
  nfseTitulo: 'NFS-e em uma próxima versão',
  nfseTexto:
    'A emissão da nota fiscal de serviço (NFS-e, padrão nacional) chega em uma próxima versão do Prumo. Por enquanto, as abas NF-e e NFC-e emitem as notas das vendas de produtos e de balcão.',
} as const;
