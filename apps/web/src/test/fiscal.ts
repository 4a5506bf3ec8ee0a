import type {
  EventosDaNota,
  Nfse,
  NfseResumo,
  NotaFiscal,
  NotaFiscalResumo,
  StatusFiscal,
} from '@prumo/shared/fiscal';

/*
 * The fiscal answers the screens' tests share: SEFAZ's status, a note with nothing to do at
 * SEFAZ, and an authorized NF-e of a sale (a row of the lists, or the note in full).
 */

/** The simulated SEFAZ, ready and online, with an empty contingency queue. */
export const STATUS_FISCAL: StatusFiscal = {
  ambiente: 'simulacao',
  nfe_ativa: true,
  nfce_ativa: true,
  nfse_ativa: true,
  nfse_emissor_nacional: true,
  pronto: true,
  pendencias: [],
  sefaz: { online: true, c_stat: 107, x_motivo: 'Serviço em Operação', consultado_em: null },
  fila_contingencia: 0,
  fila_executada_em: null,
  fila_resultado: null,
  cenario_simulacao: 'normal',
};

/** A note with nothing to do at SEFAZ and no events (GET /api/notas-fiscais/{id}/eventos). */
export const SEM_EVENTOS: EventosDaNota = {
  cancelamento: { permitido: false, prazo_ate: null, restante_segundos: null, motivo: null },
  correcao: { permitida: false, restantes: 0, motivo: null },
  inutilizacao: { permitida: false, motivo: null },
  eventos: [],
};

/** The key of the notes below unless a test gives its own. */
export const CHAVE_NOTA = '35261112345678000195550010000001231234567890';

/** An authorized NF-e of sale 40 to Maria Souza as the lists show it (id = number). */
export const resumoNota = (
  numero: number,
  extra: Partial<NotaFiscalResumo> = {},
): NotaFiscalResumo => ({
  id: numero,
  modelo: 55,
  serie: 1,
  numero,
  chave: CHAVE_NOTA,
  situacao: 'Autorizada',
  ambiente: 'simulacao',
  contingencia: false,
  venda_id: 40,
  venda_numero: 40,
  finalidade: 1,
  devolucao_id: null,
  destinatario_nome: 'Maria Souza',
  destinatario_documento: '52998224725',
  valor_total: 1234.5,
  emitida_em: '2026-11-20T13:05:00Z',
  autorizada_em: '2026-11-20T13:05:02Z',
  protocolo: '135260000000123',
  c_stat: 100,
  x_motivo: 'Autorizado o uso da NF-e',
  ...extra,
});

/** The same note in full: no events, no pendências, its XML stored. */
export const notaFiscal = (numero: number, extra: Partial<NotaFiscal> = {}): NotaFiscal => ({
  ...resumoNota(numero),
  eventos: [],
  qrcode_url: null,
  pendencias: [],
  tem_xml: true,
  ...extra,
});

/** The key of the NFS-e below (50 digits) unless a test gives its own. */
export const CHAVE_NFSE = '35503082123456780001950000000000000726110000000123';

/**
 * An authorized NFS-e of service order 12 to Maria Souza as the NFS-e tab lists it: service
 * 14.01.01, R$ 300,00 less R$ 30,00 of discount, ISS of 2% not withheld.
 */
export const resumoNfse = (id: number, extra: Partial<NfseResumo> = {}): NfseResumo => ({
  id,
  situacao: 'Autorizada',
  ambiente: 'simulacao',
  serie: 1,
  numero_dps: id + 10,
  id_dps: `DPS3550308212345678000195000010000000000${String(id + 10).padStart(5, '0')}`,
  chave: CHAVE_NFSE,
  numero_nfse: id + 6,
  ordem_servico_id: 12,
  ordem_servico_numero: 12,
  venda_id: null,
  venda_numero: null,
  contrato_fatura_id: null,
  contrato_id: null,
  contrato_numero: null,
  tomador_nome: 'Maria Souza',
  tomador_documento: '52998224725',
  codigo_tributacao_nacional: '140101',
  valor_servicos: 300,
  valor_desconto: 30,
  valor_iss: 5.4,
  iss_retido: false,
  valor_liquido: 270,
  competencia: '2026-11-20',
  emitida_em: '2026-11-20T13:05:00Z',
  autorizada_em: '2026-11-20T13:05:02Z',
  codigo_erro: null,
  mensagem_erro: null,
  ...extra,
});

/** The same NFS-e in full: created, signed, sent and generated, its XML stored. */
export const nfse = (id: number, extra: Partial<Nfse> = {}): Nfse => ({
  ...resumoNfse(id),
  descricao: 'Manutenção de notebook: troca de teclado',
  pendencias: [],
  tem_xml: true,
  cancelamento: null,
  eventos: [
    {
      id: 1,
      tipo: 'emissao',
      descricao: 'DPS nº 11 (série 1) criada: OS nº 12',
      codigo: null,
      usuario_nome: 'Ana',
      criado_em: '2026-11-20T13:05:00.000Z',
    },
    {
      id: 2,
      tipo: 'transmissao',
      descricao: 'DPS enviada ao emissor nacional',
      codigo: null,
      usuario_nome: 'Ana',
      criado_em: '2026-11-20T13:05:01.000Z',
    },
    {
      id: 3,
      tipo: 'autorizacao',
      descricao: 'NFS-e nº 7 gerada pelo emissor nacional',
      codigo: null,
      usuario_nome: null,
      criado_em: '2026-11-20T13:05:02.000Z',
    },
  ],
  ...extra,
});
