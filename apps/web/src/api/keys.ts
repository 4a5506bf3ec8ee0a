/**
 * The root key of every resource, in one place: a resource's mutations name the others they
 * make stale by these, without importing each other in a cycle.
 */
export const ROOT_KEYS = {
  assinaturas: ['assinaturas'],
  auditoria: ['auditoria'],
  cadastros: ['cadastros'],
  caixas: ['caixas'],
  categorias: ['categorias'],
  configuracoes: ['configuracoes'],
  contratos: ['contratos'],
  custosAdicionais: ['custos-adicionais'],
  dashboard: ['dashboard'],
  emails: ['emails'],
  entradasNfe: ['entradas-nfe'],
  estoque: ['estoque'],
  etiquetas: ['etiquetas'],
  financeiro: ['financeiro'],
  locacoes: ['locacoes'],
  fiscal: ['fiscal'],
  nfse: ['nfse'],
  notasFiscais: ['notas-fiscais'],
  notificacoes: ['notificacoes'],
  orcamentos: ['orcamentos'],
  ordensServico: ['ordens-servico'],
  perfil: ['perfil'],
  precosProduto: ['precos-produto'],
  produtos: ['produtos'],
  servicos: ['servicos'],
  tabelasPrecos: ['tabelas-precos'],
  usuarios: ['usuarios'],
  vendas: ['vendas'],
} as const;
