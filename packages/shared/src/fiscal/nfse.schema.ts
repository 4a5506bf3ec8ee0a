import { isoDate, pageQuery, recordId, searchQuery, trimmedString, z } from '../validation';
import { AMBIENTES_FISCAIS } from './fiscal.schema';

/**
 * The national NFS-e (issue 30): a DPS declared to the national issuer (Sefin Nacional) becomes
 * an NFS-e. One per service order (or appointment) and service code: a DPS carries one code of
 * the national list, so an order with services of two codes has two NFS-e.
 */

export const SITUACOES_NFSE = ['Rascunho', 'Autorizada', 'Rejeitada', 'Cancelada'] as const;
export type SituacaoNfse = (typeof SITUACOES_NFSE)[number];

/** cMotivo of a cancellation. */
export const MOTIVOS_CANCELAMENTO_NFSE = [
  { value: 1, label: 'Erro na emissão' },
  { value: 2, label: 'Serviço não prestado' },
  { value: 9, label: 'Outros' },
] as const;

/** Issuing, transmitting and cancelling (the settings' messages are NFSE_MENSAGENS). */
export const NFSE_EMISSAO_MENSAGENS = {
  origem: 'Informe a ordem de serviço, o agendamento ou a fatura do contrato',
  faturaNaoEncontrada: 'Fatura de contrato não encontrada',
  ordemNaoEncontrada: 'Ordem de serviço não encontrada',
  ordemNaoConcluida: 'Só uma ordem de serviço concluída (ou entregue) tem NFS-e',
  agendamentoNaoEncontrado: 'Agendamento não encontrado',
  agendamentoNaoConcluido: 'Só um agendamento concluído tem NFS-e',
  semServicos: 'A ordem não tem serviços: a NFS-e é dos serviços prestados (as peças vão na NF-e)',
  desativada: 'A emissão de NFS-e está desativada em Configurações → Fiscal',
  naoEncontrada: 'NFS-e não encontrada',
  naoTransmissivel: 'Só uma NFS-e em rascunho ou rejeitada é transmitida',
  naoCancelavel: (situacao: string) =>
    `Só uma NFS-e autorizada pode ser cancelada (esta está ${situacao.toLowerCase()})`,
  justificativa: 'A justificativa deve ter de 15 a 255 caracteres',
  motivo: 'Escolha o motivo do cancelamento',
  xmlIndisponivel: 'Esta NFS-e ainda não tem XML',
  soAutorizadaPorEmail: 'Só uma NFS-e gerada (autorizada) é enviada por e-mail',
  emissorIndisponivel: 'O emissor nacional não respondeu; tente de novo em instantes',
  pendencias: {
    servicoSemCodigo: (nome: string) =>
      `Serviço '${nome}' sem código de tributação nacional (Serviços → Fiscal)`,
    servicoSemNbs: (nome: string) => `Serviço '${nome}' sem código NBS (Serviços → Fiscal)`,
    semInscricaoMunicipal: 'Informe a inscrição municipal em Configurações → Fiscal',
    semMunicipio: 'Informe o município da empresa em Configurações → Fiscal',
    tomadorSemDocumento: 'O cliente não tem CPF nem CNPJ',
    aliquotaRetida: (nome: string) =>
      `Serviço '${nome}': com o ISS retido pelo cliente, informe a alíquota do ISS (mínimo de 1,80%) em Serviços → Fiscal`,
  },
} as const;
const M = NFSE_EMISSAO_MENSAGENS;

/** POST /api/nfse: the NFS-e of a concluded order or appointment, or of a contract's bill. */
export const emitirNfseSchema = z
  .strictObject({
    ordem_servico_id: recordId(M.origem).optional(),
    venda_id: recordId(M.origem).optional(),
    contrato_fatura_id: recordId(M.origem).optional(),
  })
  .refine(
    (v) =>
      [v.ordem_servico_id, v.venda_id, v.contrato_fatura_id].filter((id) => id !== undefined)
        .length === 1,
    { error: M.origem },
  );
export type EmitirNfseInput = z.input<typeof emitirNfseSchema>;

export const cancelarNfseSchema = z.strictObject({
  motivo: z.literal([1, 2, 9], { error: M.motivo }),
  justificativa: trimmedString({ error: M.justificativa })
    .min(15, { error: M.justificativa })
    .max(255, { error: M.justificativa }),
});
export type CancelarNfseInput = z.input<typeof cancelarNfseSchema>;

export const nfsesQuerySchema = z.strictObject({
  q: searchQuery,
  situacao: z.enum(SITUACOES_NFSE, { error: 'Situação inválida' }).optional(),
  de: isoDate().optional(),
  ate: isoDate().optional(),
  ordem_servico_id: z.coerce.number().int().positive().optional(),
  venda_id: z.coerce.number().int().positive().optional(),
  contrato_fatura_id: z.coerce.number().int().positive().optional(),
  ...pageQuery(25, 100),
});
export type NfsesQuery = z.infer<typeof nfsesQuerySchema>;

export const nfseResumoSchema = z.object({
  id: z.number().int(),
  situacao: z.enum(SITUACOES_NFSE),
  ambiente: z.enum(AMBIENTES_FISCAIS),
  serie: z.number().int(),
  numero_dps: z.number().int(),
  id_dps: z.string(),
  chave: z.string().nullable(),
  numero_nfse: z.number().int().nullable(),
  ordem_servico_id: z.number().int().nullable(),
  ordem_servico_numero: z.number().int().nullable(),
  venda_id: z.number().int().nullable(),
  venda_numero: z.number().int().nullable(),
  contrato_fatura_id: z.number().int().nullable(),
  /** The contract of the bill, for the link. */
  contrato_id: z.number().int().nullable(),
  contrato_numero: z.number().int().nullable(),
  tomador_nome: z.string().nullable(),
  tomador_documento: z.string().nullable(),
  codigo_tributacao_nacional: z.string(),
  valor_servicos: z.number(),
  valor_desconto: z.number(),
  valor_iss: z.number(),
  iss_retido: z.boolean(),
  valor_liquido: z.number(),
  competencia: z.string(),
  emitida_em: z.string(),
  autorizada_em: z.string().nullable(),
  codigo_erro: z.string().nullable(),
  mensagem_erro: z.string().nullable(),
});
export type NfseResumo = z.infer<typeof nfseResumoSchema>;

export const nfseEventoSchema = z.object({
  id: z.number().int(),
  tipo: z.string(),
  descricao: z.string(),
  codigo: z.string().nullable(),
  usuario_nome: z.string().nullable(),
  criado_em: z.string(),
});

/** GET /api/nfse/:id. */
export const nfseSchema = nfseResumoSchema.extend({
  descricao: z.string(),
  pendencias: z.array(z.string()),
  tem_xml: z.boolean(),
  cancelamento: z
    .object({ motivo: z.number().int(), justificativa: z.string(), registrado_em: z.string() })
    .nullable(),
  eventos: z.array(nfseEventoSchema),
});
export type Nfse = z.infer<typeof nfseSchema>;
