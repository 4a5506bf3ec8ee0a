import { dayQuery, pageQuery, trimmedString, z } from '../validation';

/**
 * The audit trail (issue 9): every create, update, delete and status change, with who, when,
 * which record and the record before and after. Written by the database in the same
 * transaction as the change; read by admins only.
 */
export const ACOES_AUDITORIA = ['criar', 'atualizar', 'excluir', 'status'] as const;
export type AcaoAuditoria = (typeof ACOES_AUDITORIA)[number];

export const ACAO_LABELS: Record<AcaoAuditoria, string> = {
  criar: 'Criação',
  atualizar: 'Alteração',
  excluir: 'Exclusão',
  status: 'Mudança de situação',
};

/** Audited resources, named as their API paths name them (the trigger of each table). */
export const RECURSO_LABELS = {
  cadastros: 'Cadastros',
  'cadastros-contatos': 'Contatos de cadastros',
  'cadastros-anexos': 'Anexos de cadastros',
  categorias: 'Grupos de produtos',
  produtos: 'Produtos',
  'produtos-fotos': 'Fotos de produtos',
  'produtos-precos': 'Preços por tabela',
  'tabelas-precos': 'Tabelas de preços',
  'tabelas-precos-custos': 'Custos das tabelas de preços',
  'custos-adicionais': 'Custos adicionais',
  etiquetas: 'Etiquetas',
  servicos: 'Serviços',
  'estoque-movimentacoes': 'Movimentações de estoque',
  vendas: 'Vendas',
  'vendas-itens': 'Itens de vendas',
  'vendas-pagamentos': 'Pagamentos de vendas',
  caixas: 'Caixas',
  'caixas-movimentos': 'Sangrias e suprimentos',
  'caixas-conferencias': 'Fechamentos de caixa',
  'ordens-servico': 'Ordens de serviço',
  'ordens-servico-produtos': 'Peças de ordens de serviço',
  'ordens-servico-servicos': 'Serviços de ordens de serviço',
  'ordens-servico-anexos': 'Anexos de ordens de serviço',
  orcamentos: 'Orçamentos',
  'orcamentos-produtos': 'Produtos de orçamentos',
  'orcamentos-servicos': 'Serviços de orçamentos',
  'orcamentos-parcelas': 'Parcelas de orçamentos',
  'orcamentos-anexos': 'Anexos de orçamentos',
  'financeiro-contas': 'Contas bancárias',
  'financeiro-categorias': 'Plano de contas',
  'financeiro-formas': 'Formas de recebimento',
  'financeiro-titulos': 'Contas a pagar e a receber',
  'financeiro-parcelas': 'Parcelas financeiras',
  'financeiro-baixas': 'Baixas',
  'financeiro-transferencias': 'Transferências entre contas',
  'notas-fiscais': 'Notas fiscais',
  'fiscal-configuracao': 'Configuração fiscal',
  'fiscal-numeracao': 'Numeração das notas fiscais',
  'fiscal-numeracao-dps': 'Numeração das DPS (NFS-e)',
  nfse: 'NFS-e',
  'nfse-eventos': 'Histórico das NFS-e',
  'notas-fiscais-eventos': 'Cancelamentos e cartas de correção',
  'fiscal-inutilizacoes': 'Numeração inutilizada',
  'entradas-nfe': 'Entradas por XML de compra',
  'entradas-nfe-itens': 'Itens das entradas por XML',
  devolucoes: 'Devoluções',
  'devolucoes-itens': 'Itens das devoluções',
  'produtos-fornecedores': 'Códigos de produtos dos fornecedores',
  contratos: 'Contratos',
  'contratos-itens': 'Serviços e preços de contratos',
  'contratos-faturas': 'Faturas de contratos',
  'contratos-reajustes': 'Reajustes de contratos',
  'itens-locaveis': 'Itens para locação',
  'unidades-locaveis': 'Unidades para locação',
  locacoes: 'Locações',
  'locacoes-itens': 'Itens de locações',
  'locacoes-reservas': 'Reservas de unidades',
  'locacoes-titulos': 'Cobranças de locações',
  'locacoes-movimentacoes': 'Estoque de locações',
  'indices-reajuste': 'Índices de reajuste',
  planos: 'Planos de assinatura',
  assinaturas: 'Assinaturas',
  'assinaturas-faturas': 'Faturas de assinaturas',
  'assinaturas-mudancas': 'Mudanças de plano',
  'assinaturas-configuracao': 'Cobrança das assinaturas',
  'configuracoes-email': 'Servidor de e-mail',
  emails: 'E-mails enviados',
  'emails-anexos': 'Anexos de e-mails',
  usuarios: 'Usuários',
  'configuracoes-empresa': 'Empresa',
  'configuracoes-preferencias': 'Preferências',
  'configuracoes-tema': 'Tema dos usuários',
  arquivos: 'Arquivos',
  importacoes: 'Importações de planilhas',
  'importacoes-mapeamentos': 'Mapeamentos de importação',
} as const satisfies Record<string, string>;
export type RecursoAuditoria = keyof typeof RECURSO_LABELS;
export const RECURSOS_AUDITORIA = Object.keys(RECURSO_LABELS) as RecursoAuditoria[];

export const AUDITORIA_LIMIT_PADRAO = 50;
export const AUDITORIA_LIMIT_MAX = 200;

const registroId = trimmedString()
  .min(1, { error: 'Registro inválido' })
  .max(60, { error: 'Registro inválido' });

/** GET /api/auditoria?recurso=&registro_id=&usuario_id=&acao=&de=&ate=&q=&limit=&offset= */
export const auditoriaListQuerySchema = z
  .strictObject({
    recurso: z.enum(RECURSOS_AUDITORIA, { error: 'Recurso inválido' }).optional(),
    registro_id: registroId.optional(),
    usuario_id: z.coerce
      .number({ error: 'Usuário inválido' })
      .int({ error: 'Usuário inválido' })
      .positive({ error: 'Usuário inválido' })
      .max(2_147_483_647, { error: 'Usuário inválido' })
      .optional(),
    acao: z.enum(ACOES_AUDITORIA, { error: 'Ação inválida' }).optional(),
    de: dayQuery,
    ate: dayQuery,
    q: trimmedString().max(100, { error: 'Use no máximo 100 caracteres' }).optional(),
    ...pageQuery(AUDITORIA_LIMIT_PADRAO, AUDITORIA_LIMIT_MAX),
  })
  .refine((query) => !query.de || !query.ate || query.de <= query.ate, {
    path: ['ate'],
    error: 'A data final deve ser igual ou posterior à inicial',
  });
export type AuditoriaListQueryInput = z.input<typeof auditoriaListQuerySchema>;
export type AuditoriaListQuery = z.output<typeof auditoriaListQuerySchema>;

/** GET /api/auditoria/{recurso}/{registro_id} */
export const auditoriaRegistroParamsSchema = z.strictObject({
  recurso: z.enum(RECURSOS_AUDITORIA, { error: 'Recurso inválido' }),
  registroId,
});

export const auditoriaEntradaSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  usuario_id: z.number().nullable(),
  /** Null: a change made by the system (seed, command line). */
  usuario_nome: z.string().nullable(),
  acao: z.enum(ACOES_AUDITORIA),
  recurso: z.string(),
  registro_id: z.string(),
  antes: z.record(z.string(), z.unknown()).nullable(),
  depois: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditoriaEntrada = z.infer<typeof auditoriaEntradaSchema>;
export const auditoriaListSchema = z.array(auditoriaEntradaSchema);
