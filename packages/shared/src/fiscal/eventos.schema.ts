import { idParamSchema, pageQuery, trimmedString, z } from '../validation';
import type { ModeloFiscal } from './chave';
import { AMBIENTES_FISCAIS, MODELO_LABELS, notaFiscalSchema } from './fiscal.schema';

/**
 * What happens to a note after it is issued (issue 29): its cancellation (event 110111), its
 * correction letters (CC-e, event 110110) and the voiding of numbers never used (inutilização).
 * Cancelling is for admins and managers (like cancelling a finalized sale, which it may do in the
 * same step); a correction is sent by anyone who issues notes.
 */

export const TIPOS_EVENTO_NFE = ['110111', '110110'] as const;
export type TipoEventoNfe = (typeof TIPOS_EVENTO_NFE)[number];
export const EVENTO_CANCELAMENTO = '110111' satisfies TipoEventoNfe;
export const EVENTO_CARTA_CORRECAO = '110110' satisfies TipoEventoNfe;
export const TIPO_EVENTO_LABELS: Record<TipoEventoNfe, string> = {
  '110111': 'Cancelamento',
  '110110': 'Carta de correção',
};

/**
 * How long after its authorization a note may be cancelled: NF-e 24 hours (Ajuste SINIEF
 * 07/05; a few UFs give less), NFC-e 30 minutes (Ajuste SINIEF 07/18). Later SEFAZ answers 501.
 */
export const PRAZO_CANCELAMENTO_MS: Record<ModeloFiscal, number> = {
  55: 24 * 3_600_000,
  65: 30 * 60_000,
};
export const PRAZO_CANCELAMENTO_LABELS: Record<ModeloFiscal, string> = {
  55: '24 horas',
  65: '30 minutos',
};

/**
 * A note takes at most 20 correction letters (nSeqEvento 1 to 20). Each replaces the ones before:
 * the latest must hold every correction.
 */
export const MAXIMO_CORRECOES = 20;

/**
 * xCondUso of every CC-e: the text leiauteCCe_v1.00.xsd fixes (its enumeration, accented form),
 * sent in the event and printed on the letter.
 */
export const CONDICOES_DE_USO_CCE =
  'A Carta de Correção é disciplinada pelo § 1º-A do art. 7º do Convênio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularização de erro ocorrido na emissão de documento fiscal, desde que o erro não esteja relacionado com: I - as variáveis que determinam o valor do imposto tais como: base de cálculo, alíquota, diferença de preço, quantidade, valor da operação ou da prestação; II - a correção de dados cadastrais que implique mudança do remetente ou do destinatário; III - a data de emissão ou de saída.';

const nomeDaNota = (modelo: ModeloFiscal, numero: number) =>
  `${MODELO_LABELS[modelo]} nº ${numero}`;

/** A range of numbers as people say it: "7", "7 a 9". */
const faixaTexto = (inicio: number, fim: number) =>
  inicio === fim ? String(inicio) : `${inicio} a ${fim}`;

export const EVENTOS_MENSAGENS = {
  justificativa: 'A justificativa deve ter de 15 a 255 caracteres',
  correcao: 'A correção deve ter de 15 a 1.000 caracteres',
  caractere: (caractere: string) =>
    `A SEFAZ não aceita o caractere "${caractere}": use letras, números e pontuação comuns`,
  cancelarVenda: 'Cancelar também a venda: informe verdadeiro ou falso',
  naoCancelavel: (situacao: string) =>
    `Só uma nota autorizada pode ser cancelada (esta está ${situacao.toLowerCase()})`,
  tentativaSubstituida:
    'Esta tentativa foi substituída pela nota em contingência: a fila fiscal a cancela ou inutiliza sozinha',
  prazoEsgotado: (modelo: ModeloFiscal) =>
    `O prazo de cancelamento da ${MODELO_LABELS[modelo]} (${PRAZO_CANCELAMENTO_LABELS[modelo]} após a autorização) terminou: a SEFAZ não aceita mais o cancelamento. Emita uma nota de devolução ou de estorno.`,
  eventoEmAndamento:
    'Outro pedido desta nota está sendo enviado à SEFAZ: aguarde a resposta e atualize a tela',
  correcaoSoNfe:
    'A NFC-e não tem carta de correção: para corrigi-la, cancele-a (no prazo) e emita outra',
  correcaoNaoAutorizada: (situacao: string) =>
    `Só uma NF-e autorizada recebe carta de correção (esta está ${situacao.toLowerCase()})`,
  limiteCorrecoes: `Esta NF-e já tem ${MAXIMO_CORRECOES} cartas de correção, o máximo que a SEFAZ aceita`,
  eventoNaoEncontrado: 'Evento não encontrado nesta nota',
  correcaoNaoEncontrada: 'Carta de correção não encontrada nesta nota',
  /** The sale cannot be cancelled while its note stands (the vendas module asks fiscal). */
  cancelarNotaAntes: (modelo: ModeloFiscal, numero: number, situacao: string) =>
    situacao === 'Em contingência'
      ? `A ${nomeDaNota(modelo, numero)} da venda está em contingência: transmita-a e cancele-a antes de cancelar a venda`
      : `Cancele antes a ${nomeDaNota(modelo, numero)} da venda (na tela da nota): a nota autorizada continua valendo enquanto não for cancelada na SEFAZ`,
  vendaJaCancelada: 'A venda já estava cancelada: só a nota foi cancelada',
  vendaNaoCancelada: (motivo: string) =>
    `A nota foi cancelada na SEFAZ, mas a venda não: ${motivo}. Cancele a venda na tela de vendas.`,
  faixa: 'O número final deve ser maior ou igual ao inicial',
  numero: 'Número deve estar entre 1 e 999.999.999',
  serie: 'Série deve estar entre 0 e 999',
  modelo: 'Modelo deve ser 55 (NF-e) ou 65 (NFC-e)',
  numerosUsados: (modelo: ModeloFiscal, numeros: number[], mais: boolean) =>
    `${numeros.length > 1 ? 'Os números' : 'O número'} ${numeros.join(', ')}${mais ? ' (e outros)' : ''} já ${numeros.length > 1 ? 'são' : 'é'} de ${MODELO_LABELS[modelo]} desta série: só números nunca usados podem ser inutilizados (uma nota em rascunho ou rejeitada se inutiliza na própria tela da nota)`,
  numerosInutilizados: (faixas: Array<{ inicio: number; fim: number }>) =>
    `Já inutilizados nesta série: ${faixas.map((f) => faixaTexto(f.inicio, f.fim)).join(', ')}`,
  numeroAFrente: (proximo: number) =>
    `O próximo número desta série é ${proximo}: só números que ficaram para trás podem ser inutilizados`,
  naoInutilizavel:
    'Só uma nota em rascunho ou rejeitada, que a SEFAZ nunca autorizou, tem o número inutilizado',
  envioIncerto:
    'O último envio desta nota ficou sem resposta: clique em Consultar antes (a SEFAZ pode tê-la autorizado)',
  inutilizacaoNaoEncontrada: 'Inutilização não encontrada',
  semResposta:
    'A SEFAZ não respondeu. O pedido pode ter chegado: tente de novo, e se a SEFAZ já o tiver registrado o Prumo o recupera.',
} as const;
const M = EVENTOS_MENSAGENS;

/**
 * What SEFAZ's codes for events and inutilização mean, in pt-BR for the user (Manual de
 * Orientação do Contribuinte, tabela de códigos de erros e descrições de mensagens).
 */
export const SEFAZ_EVENTO_MENSAGENS: Record<number, string> = {
  102: 'Inutilização homologada pela SEFAZ',
  128: 'Lote de eventos processado',
  135: 'Evento registrado e vinculado à nota',
  155: 'Cancelamento homologado fora de prazo',
  206: 'A SEFAZ já tem este número inutilizado',
  215: 'A SEFAZ recusou o formato da mensagem (falha no esquema XML)',
  217: 'A nota não consta na base da SEFAZ',
  218: 'A nota já está cancelada na SEFAZ',
  222: 'O protocolo de autorização informado difere do que a SEFAZ tem para a nota',
  241: 'Um número da faixa já foi usado numa nota: a SEFAZ não o inutiliza',
  256: 'Um número da faixa já está inutilizado na SEFAZ',
  297: 'A assinatura do pedido não confere (verifique o certificado)',
  494: 'A chave de acesso não existe na SEFAZ',
  501: 'O prazo de cancelamento terminou: a SEFAZ não aceita mais o cancelamento desta nota',
  563: 'Já existe um pedido de inutilização com esta mesma faixa',
  573: 'A SEFAZ já tem este evento registrado (duplicidade)',
  574: 'O autor do evento difere do emitente da nota (verifique o CNPJ do certificado)',
  577: 'A data do evento é anterior à emissão da nota',
  578: 'A data do evento é posterior ao processamento (verifique o relógio do servidor)',
  579: 'A data do evento é anterior à autorização da nota',
  580: 'O evento exige uma nota autorizada: a nota pode já estar cancelada ou denegada na SEFAZ (clique em Consultar)',
  594: 'O número de sequência do evento é maior que o permitido',
};

/** A SEFAZ answer to an event or inutilização as the user reads it. */
export function mensagemSefazEvento(cStat: number, xMotivo: string): string {
  const texto = SEFAZ_EVENTO_MENSAGENS[cStat];
  return texto ? `${texto} (SEFAZ ${cStat})` : `A SEFAZ recusou o pedido (${cStat}: ${xMotivo})`;
}

/** Typographic marks a text editor puts in, as the Latin-1 SEFAZ takes them. */
const TIPOGRAFIA: Array<[RegExp, string]> = [
  [/[‘’‚′]/g, "'"],
  [/[“”„″]/g, '"'],
  [/[‐‑‒–—―]/g, '-'],
  [/…/g, '...'],
];

/**
 * A free text for SEFAZ (xJust, xCorrecao): one line without spaces at the ends, Latin-1 only
 * (the schemas' pattern [!-ÿ]); typographic quotes and dashes become plain ones, any other
 * character outside it is named.
 */
function textoSefaz(min: number, max: number, message: string) {
  return trimmedString({ error: message })
    .overwrite((texto) =>
      TIPOGRAFIA.reduce((atual, [marca, simples]) => atual.replace(marca, simples), texto).replace(
        /\s+/g,
        ' ',
      ),
    )
    .min(min, { error: message })
    .max(max, { error: message })
    .superRefine((texto, ctx) => {
      const fora = /[^ -ÿ]/u.exec(texto);
      if (fora) ctx.addIssue({ code: 'custom', message: M.caractere(fora[0]) });
    });
}

export const justificativaSchema = textoSefaz(15, 255, M.justificativa);

/** POST /api/notas-fiscais/:id/cancelar (admins and managers). */
export const cancelarNotaSchema = z.strictObject({
  justificativa: justificativaSchema,
  /** Also cancel the sale (its stock and money return through their ledgers) once SEFAZ agrees. */
  cancelar_venda: z
    .boolean({ error: M.cancelarVenda })
    .optional()
    .transform((v) => v ?? false),
});
export type CancelarNotaInput = z.input<typeof cancelarNotaSchema>;

/** POST /api/notas-fiscais/:id/correcoes (NF-e only). */
export const cartaCorrecaoSchema = z.strictObject({
  correcao: textoSefaz(15, 1000, M.correcao),
});
export type CartaCorrecaoInput = z.input<typeof cartaCorrecaoSchema>;

/** POST /api/notas-fiscais/:id/inutilizar: a Rascunho or Rejeitada note gives up its number. */
export const inutilizarNotaSchema = z.strictObject({ justificativa: justificativaSchema });
export type InutilizarNotaInput = z.input<typeof inutilizarNotaSchema>;

const modelo = z.union([z.literal(55), z.literal(65)], { error: M.modelo });
const numero = z
  .number({ error: M.numero })
  .int({ error: M.numero })
  .min(1, { error: M.numero })
  .max(999_999_999, { error: M.numero });

/** POST /api/fiscal/inutilizacoes (admins and managers): a range of numbers never used. */
export const inutilizacaoInputSchema = z
  .strictObject({
    modelo,
    serie: z
      .number({ error: M.serie })
      .int({ error: M.serie })
      .min(0, { error: M.serie })
      .max(999, { error: M.serie }),
    numero_inicial: numero,
    numero_final: numero,
    justificativa: justificativaSchema,
  })
  .refine((v) => v.numero_final >= v.numero_inicial, { path: ['numero_final'], error: M.faixa });
export type InutilizacaoInput = z.input<typeof inutilizacaoInputSchema>;

/** /api/notas-fiscais/:id/eventos/:eventoId/xml, /api/notas-fiscais/:id/correcoes/:eventoId/pdf. */
export const eventoParamsSchema = idParamSchema.extend({ eventoId: idParamSchema.shape.id });

/** An event SEFAZ registered on a note (its procEventoNFe is downloadable). */
export const eventoNfeSchema = z.object({
  id: z.number().int(),
  tipo_evento: z.enum(TIPOS_EVENTO_NFE),
  sequencia: z.number().int(),
  /** The justification (cancellation) or the correction's text. */
  texto: z.string(),
  protocolo: z.string().nullable(),
  c_stat: z.number().int(),
  x_motivo: z.string(),
  registrado_em: z.string(),
  usuario_nome: z.string().nullable(),
});
export type EventoNfe = z.infer<typeof eventoNfeSchema>;

/**
 * GET /api/notas-fiscais/:id/eventos: the note's registered events and what may be done now,
 * with the reason when not (the screen shows it instead of the button).
 */
export const eventosDaNotaSchema = z.object({
  cancelamento: z.object({
    permitido: z.boolean(),
    /** The deadline (authorization + PRAZO_CANCELAMENTO_MS), once authorized. */
    prazo_ate: z.string().nullable(),
    /** Seconds left when answered (the screen counts down from it, whatever its own clock). */
    restante_segundos: z.number().int().nullable(),
    motivo: z.string().nullable(),
  }),
  correcao: z.object({
    permitida: z.boolean(),
    /** How many more letters SEFAZ takes (20 in all). */
    restantes: z.number().int(),
    motivo: z.string().nullable(),
  }),
  inutilizacao: z.object({ permitida: z.boolean(), motivo: z.string().nullable() }),
  eventos: z.array(eventoNfeSchema),
});
export type EventosDaNota = z.infer<typeof eventosDaNotaSchema>;

/** The answer of a cancellation: the note, its event and what happened to the sale. */
export const cancelamentoResultadoSchema = z.object({
  nota: notaFiscalSchema,
  evento: eventoNfeSchema,
  venda_cancelada: z.boolean(),
  /** Why the sale was not cancelled when asked (the note's cancellation stands). */
  aviso: z.string().nullable(),
});
export type CancelamentoResultado = z.infer<typeof cancelamentoResultadoSchema>;

/** A range of numbers voided with SEFAZ. */
export const inutilizacaoSchema = z.object({
  id: z.number().int(),
  ambiente: z.enum(AMBIENTES_FISCAIS),
  modelo: z.union([z.literal(55), z.literal(65)]),
  serie: z.number().int(),
  numero_inicial: z.number().int(),
  numero_final: z.number().int(),
  justificativa: z.string(),
  protocolo: z.string(),
  registrada_em: z.string(),
  usuario_nome: z.string().nullable(),
});
export type Inutilizacao = z.infer<typeof inutilizacaoSchema>;

const modeloQuery = z.coerce.number().pipe(modelo).optional();
const serieQuery = z.coerce.number({ error: M.serie }).int().min(0).max(999).optional();

/** GET /api/fiscal/inutilizacoes: newest first, a page (total in X-Total-Count). */
export const inutilizacoesQuerySchema = z.strictObject({
  modelo: modeloQuery,
  serie: serieQuery,
  ...pageQuery(20, 100),
});
export type InutilizacoesQuery = z.infer<typeof inutilizacoesQuerySchema>;

/** GET /api/fiscal/lacunas: the ambiente in use; every série, or one. */
export const lacunasQuerySchema = z.strictObject({ modelo: modeloQuery, serie: serieQuery });
export type LacunasQuery = z.infer<typeof lacunasQuerySchema>;

/** The most ranges answered for all séries together (each range may hold many numbers). */
export const LACUNAS_MAXIMO = 500;

/**
 * The gaps of one série: numbers from 1 to the largest used (by a note or a voided range) that
 * are neither, as ranges; each should be voided so SEFAZ sees no number skipped silently.
 */
export const lacunasSerieSchema = z.object({
  modelo: z.union([z.literal(55), z.literal(65)]),
  serie: z.number().int(),
  faixas: z.array(z.object({ inicio: z.number().int(), fim: z.number().int() })),
  /** How many numbers the ranges hold. */
  total: z.number().int(),
});
export type LacunasSerie = z.infer<typeof lacunasSerieSchema>;

/** "7", "7 a 9": a range of numbers as the screens and messages show it. */
export const formatFaixa = faixaTexto;
