import type {
  EventosDaNota,
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
