import { isValidCpf, normalizeCpf } from '../brasil';
import { isoDate, optionalText, pageQuery, recordId, searchQuery, z } from '../validation';
import type { ModeloFiscal } from './chave';

/**
 * Fiscal notes (issue 28): NF-e (modelo 55) for a product sale with a customer, NFC-e (modelo 65)
 * at the counter. The settings are the admin's (Configurações → Fiscal); notes are issued by
 * anyone signed in, from a finalized sale.
 */

/** Where notes go: the built-in simulation of SEFAZ (demo), homologação (tests) or produção. */
export const AMBIENTES_FISCAIS = ['simulacao', 'homologacao', 'producao'] as const;
export type AmbienteFiscal = (typeof AMBIENTES_FISCAIS)[number];
export const AMBIENTE_LABELS: Record<AmbienteFiscal, string> = {
  simulacao: 'Ambiente de simulação',
  homologacao: 'Homologação',
  producao: 'Produção',
};
/** tpAmb of the XML: produção 1, homologação 2 (the simulation answers as homologação). */
export const TP_AMB: Record<AmbienteFiscal, 1 | 2> = { simulacao: 2, homologacao: 2, producao: 1 };

/** CRT: Simples Nacional 1, MEI 4 (the regimes Prumo issues for). */
export const REGIMES_FISCAIS = [1, 4] as const;
export type RegimeFiscal = (typeof REGIMES_FISCAIS)[number];
export const REGIME_LABELS: Record<RegimeFiscal, string> = {
  1: 'Simples Nacional',
  4: 'MEI',
};

/**
 * NFS-e (issue 30): opSimpNac of the DPS, the company's situation in the Simples Nacional. Its
 * default follows the CRT (MEI 4 → 2, Simples Nacional 1 → 3).
 */
export const NFSE_OPCOES_SIMPLES_NACIONAL = [1, 2, 3] as const;
export type NfseOpSimplesNacional = (typeof NFSE_OPCOES_SIMPLES_NACIONAL)[number];
export const NFSE_OP_SIMPLES_NACIONAL_LABELS: Record<NfseOpSimplesNacional, string> = {
  1: 'Não optante',
  2: 'Optante — Microempreendedor Individual (MEI)',
  3: 'Optante — Microempresa ou Empresa de Pequeno Porte (ME/EPP)',
};
export function opSimplesNacionalDoCrt(crt: RegimeFiscal): NfseOpSimplesNacional {
  return crt === 4 ? 2 : 3;
}

/** regApTribSN of the DPS: where an ME/EPP (opSimpNac 3) pays its taxes; sent only then. */
export const NFSE_REGIMES_APURACAO_SN = [1, 2, 3] as const;
export type NfseRegimeApuracaoSn = (typeof NFSE_REGIMES_APURACAO_SN)[number];
export const NFSE_REGIME_APURACAO_SN_LABELS: Record<NfseRegimeApuracaoSn, string> = {
  1: 'Tributos federais e municipal pelo Simples Nacional',
  2: 'Tributos federais pelo Simples Nacional e ISSQN por fora',
  3: 'Tributos federais e municipal por fora do Simples Nacional',
};

/** regEspTrib of the DPS: the municipal special regime, 0 when none. */
export const NFSE_REGIMES_ESPECIAIS = [0, 1, 2, 3, 4, 5, 6] as const;
export type NfseRegimeEspecial = (typeof NFSE_REGIMES_ESPECIAIS)[number];
export const NFSE_REGIME_ESPECIAL_LABELS: Record<NfseRegimeEspecial, string> = {
  0: 'Nenhum',
  1: 'Ato cooperado (cooperativa)',
  2: 'Estimativa',
  3: 'Microempresa municipal',
  4: 'Notário ou registrador',
  5: 'Profissional autônomo',
  6: 'Sociedade de profissionais',
};

/** The DPS série (1 to 5 digits, never 0) and its number (the settings take up to 999.999.999). */
export const NFSE_SERIE_MAXIMA = 99_999;

/** NFS-e texts shared by the settings and the NFS-e screens. */
export const NFSE_MENSAGENS = {
  /** Shown wherever the NFS-e would be issued when the company's city has its own issuer. */
  emissorMunicipal:
    'O município da empresa não usa o emissor nacional: a NFS-e não é emitida pelo Prumo',
  inscricaoMunicipal: 'Inscrição municipal: até 15 letras ou números',
  opSimplesNacional: 'Selecione a situação perante o Simples Nacional',
  opSimplesNacionalMei: 'Empresa MEI (CRT 4): na NFS-e a situação perante o Simples Nacional é MEI',
  regimeApuracaoSn: 'Selecione o regime de apuração do Simples Nacional',
  regimeEspecial: 'Selecione o regime especial de tributação',
  serie: `Série da DPS deve estar entre 1 e ${NFSE_SERIE_MAXIMA}`,
  simNao: 'Informe verdadeiro ou falso',
  numeroUsado: (maior: number) =>
    `O número ${maior} já foi usado nesta série: o próximo deve ser maior que ${maior}`,
} as const;

/** CSOSN of the Simples Nacional that Prumo writes (ICMSSN101, ICMSSN102 and ICMSSN500). */
export const CSOSNS = ['101', '102', '103', '300', '400', '500'] as const;
export type Csosn = (typeof CSOSNS)[number];
export const CSOSN_LABELS: Record<Csosn, string> = {
  '101': '101 — Tributada com permissão de crédito',
  '102': '102 — Tributada sem permissão de crédito',
  '103': '103 — Isenção do ICMS para faixa de receita bruta',
  '300': '300 — Imune',
  '400': '400 — Não tributada',
  '500': '500 — ICMS cobrado anteriormente por substituição tributária',
};

/** indIEDest of a customer: contribuinte 1, isento 2, não contribuinte 9. */
export const INDICADORES_IE = [1, 2, 9] as const;
export type IndicadorIE = (typeof INDICADORES_IE)[number];
export const INDICADOR_IE_LABELS: Record<IndicadorIE, string> = {
  1: 'Contribuinte ICMS',
  2: 'Contribuinte isento de inscrição',
  9: 'Não contribuinte',
};

export const MODELO_LABELS: Record<ModeloFiscal, string> = { 55: 'NF-e', 65: 'NFC-e' };

/**
 * What a note is: the situações of issue 28, part 8, and Inutilizada: a number that an attempt
 * took and SEFAZ never authorized (it timed out and the NFC-e went on in contingency under the
 * next number), voided with SEFAZ so no number is skipped silently.
 */
export const SITUACOES_NOTA = [
  'Rascunho',
  'Autorizada',
  'Rejeitada',
  'Em contingência',
  'Cancelada',
  'Denegada',
  'Inutilizada',
] as const;
export type SituacaoNota = (typeof SITUACOES_NOTA)[number];

/** Texts printed and shown (DANFE, DANFCE, screens). */
export const FISCAL_TEXTOS = {
  semValorFiscal: 'SEM VALOR FISCAL',
  emitidaEmContingencia: 'EMITIDA EM CONTINGÊNCIA',
  consumidorNaoIdentificado: 'CONSUMIDOR NÃO IDENTIFICADO',
  semGtin: 'SEM GTIN',
  simplesNacional:
    'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL. NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI.',
  justificativaContingencia: 'SEFAZ sem resposta no prazo: NFC-e emitida em contingência offline',
} as const;

export const FISCAL_MENSAGENS = {
  regime: 'Selecione o regime tributário',
  cnae: 'CNAE deve ter 7 dígitos',
  municipio: 'Município inválido: escolha um da tabela do IBGE',
  municipioUf: 'O município não é da UF da empresa',
  serie: 'Série deve estar entre 0 e 999',
  numero: 'Número deve estar entre 1 e 999.999.999',
  ambiente: 'Selecione o ambiente',
  producaoSemConfirmacao:
    'Para emitir em produção, confirme que as notas terão valor fiscal (confirmar_producao)',
  cscId: 'Identificador do CSC deve ter até 6 dígitos',
  cscToken: 'CSC deve ter de 16 a 36 caracteres',
  csosn: 'Selecione o CSOSN',
  cfop: 'CFOP deve ter 4 dígitos, começando por 5 (dentro da UF) ou 6 (fora)',
  certificadoArquivo: 'Envie o certificado A1 (arquivo .pfx ou .p12)',
  certificadoSenha: 'Senha do certificado incorreta ou arquivo inválido',
  certificadoSemChave: 'O arquivo não contém a chave privada do certificado',
  certificadoVencido: 'O certificado está vencido',
  certificadoCnpj: 'O CNPJ do certificado difere do CNPJ da empresa',
  semCertificado: 'Envie o certificado A1 em Configurações → Fiscal',
  fiscalNaoConfigurado: 'Configure a emissão em Configurações → Fiscal',
  modeloDesativado: (modelo: ModeloFiscal) =>
    `A emissão de ${MODELO_LABELS[modelo]} está desativada em Configurações → Fiscal`,
  vendaNaoEncontrada: 'Venda não encontrada',
  vendaNaoFinalizada: 'Só uma venda finalizada pode ter nota fiscal',
  vendaSemCliente: 'A NF-e precisa de um cliente na venda',
  vendaServico: 'Agendamentos de serviço são faturados por NFS-e',
  cpfConsumidor: 'CPF inválido',
  notaNaoEncontrada: 'Nota fiscal não encontrada',
  naoTransmissivel: 'Só uma nota em rascunho, rejeitada ou em contingência é transmitida',
  xmlIndisponivel: 'Esta nota ainda não tem XML',
  sefazIndisponivel: 'A SEFAZ não respondeu; tente de novo em instantes',
  somenteSimulacao:
    'Esta instalação só emite no ambiente de simulação (FISCAL_SOMENTE_SIMULACAO): volte o ambiente para simulação',
  esquema: (erro: string) => `A nota não passou na validação do esquema: ${erro}`,
} as const;
const M = FISCAL_MENSAGENS;

/** Business checks before signing (issue 28, part 2): what is missing, in pt-BR. */
export const CONFERENCIA_MENSAGENS = {
  produtoSemNcm: (nome: string) => `Produto '${nome}' sem NCM`,
  produtoNcmInvalido: (nome: string) => `Produto '${nome}' com NCM inválido (8 dígitos)`,
  produtoCestInvalido: (nome: string) => `Produto '${nome}' com CEST inválido (7 dígitos)`,
  clienteSemDocumento: 'Cliente sem CPF ou CNPJ',
  clienteSemEndereco: 'Cliente sem endereço completo (logradouro, número, bairro e CEP)',
  clienteSemMunicipio: 'Cliente sem município',
  empresaSemCnpj: 'Empresa sem CNPJ em Configurações → Empresa',
  empresaSemIe: 'Empresa sem inscrição estadual',
  empresaSemEndereco: 'Empresa sem endereço completo em Configurações → Empresa',
  empresaSemMunicipio: 'Empresa sem município em Configurações → Fiscal',
  produtoCfopInvalido: (nome: string) => `Produto '${nome}' com CFOP inválido (4 dígitos)`,
  produtoSemUnidade: (nome: string) => `Produto '${nome}' sem unidade de medida`,
  clienteSemIe: 'Cliente contribuinte do ICMS sem inscrição estadual',
  creditoSnSemAliquota:
    'CSOSN 101 pede a alíquota de crédito do Simples Nacional em Configurações → Fiscal',
  descontoMaiorQueTotal: 'O desconto é maior que o valor dos produtos',
  pagamentoInsuficiente: 'Os pagamentos não cobrem o total da nota',
  trocoIncorreto: 'O troco não confere com os pagamentos e o total da nota',
} as const;

const digitos = (n: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{${n}}$`), { error: message });

const serie = z
  .number({ error: M.serie })
  .int({ error: M.serie })
  .min(0, { error: M.serie })
  .max(999, { error: M.serie });
const proximoNumero = z
  .number({ error: M.numero })
  .int({ error: M.numero })
  .min(1, { error: M.numero })
  .max(999_999_999, { error: M.numero });
const cfop = (inicio: '5' | '6') =>
  z
    .string({ error: M.cfop })
    .trim()
    .regex(new RegExp(`^${inicio}\\d{3}$`), { error: M.cfop });

/**
 * A município's IBGE code (7 digits; the first two are the UF's). The server checks it against
 * the shipped table (@prumo/shared/municipios, kept out of this schema so the screens that use
 * these constants do not load it).
 */
export const codigoMunicipio = () =>
  z
    .number({ error: M.municipio })
    .int({ error: M.municipio })
    .min(1_100_000, { error: M.municipio })
    .max(5_399_999, { error: M.municipio });

const NM = NFSE_MENSAGENS;

/** Up to 15 letters or digits; dots, dashes, slashes and spaces are dropped, letters upper-cased. */
const inscricaoMunicipal = z
  .string({ error: NM.inscricaoMunicipal })
  .transform((value) => value.replace(/[\s.\-/]/g, '').toUpperCase())
  .refine((value) => value === '' || /^[0-9A-Z]{1,15}$/.test(value), {
    error: NM.inscricaoMunicipal,
  })
  .nullish()
  .transform((value) => value || null);

/**
 * PUT /api/fiscal/configuracao (admin). Secrets go in and never come out: `csc_token` left out
 * or null keeps the stored one. Produção needs `confirmar_producao: true` in the same request.
 * The NFS-e's: the inscrição municipal, opSimpNac (null follows the CRT), regApTribSN (used only
 * for an ME/EPP), regEspTrib, whether the company's município uses the national issuer (without
 * it the NFS-e cannot be turned on), and the DPS série and its next number.
 */
export const configuracaoFiscalUpdateSchema = z
  .strictObject({
    crt: z.union([z.literal(1), z.literal(4)], { error: M.regime }),
    cnae: digitos(7, M.cnae)
      .nullish()
      .transform((v) => v ?? null),
    codigo_municipio: codigoMunicipio()
      .nullish()
      .transform((v) => v ?? null),
    ambiente: z.enum(AMBIENTES_FISCAIS, { error: M.ambiente }),
    confirmar_producao: z.boolean().optional(),
    nfe_ativa: z.boolean(),
    nfe_serie: serie,
    nfe_proximo_numero: proximoNumero,
    nfce_ativa: z.boolean(),
    nfce_serie: serie,
    nfce_proximo_numero: proximoNumero,
    csc_id: z
      .string({ error: M.cscId })
      .trim()
      .regex(/^\d{1,6}$/, { error: M.cscId })
      .nullish()
      .transform((v) => v ?? null),
    csc_token: z
      .string({ error: M.cscToken })
      .trim()
      .min(16, { error: M.cscToken })
      .max(36, { error: M.cscToken })
      .nullish()
      .transform((v) => v ?? null),
    csosn_padrao: z.enum(CSOSNS, { error: M.csosn }),
    /** pCredSN of CSOSN 101 (percent, up to 2 decimals in the note). */
    aliquota_credito_sn: z
      .number()
      .min(0)
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
    cfop_dentro_uf: cfop('5'),
    cfop_fora_uf: cfop('6'),
    /** Seconds SEFAZ has to answer before an NFC-e goes into contingency. */
    tempo_limite_segundos: z.number().int().min(1).max(60),
    informacoes_complementares: optionalText(2000),
    inscricao_municipal: inscricaoMunicipal,
    nfse_op_simples_nacional: z
      .literal(NFSE_OPCOES_SIMPLES_NACIONAL, { error: NM.opSimplesNacional })
      .nullish()
      .transform((v) => v ?? null),
    nfse_regime_apuracao_sn: z.literal(NFSE_REGIMES_APURACAO_SN, { error: NM.regimeApuracaoSn }),
    nfse_regime_especial: z.literal(NFSE_REGIMES_ESPECIAIS, { error: NM.regimeEspecial }),
    nfse_emissor_nacional: z.boolean({ error: NM.simNao }),
    nfse_ativa: z.boolean({ error: NM.simNao }),
    /** The queue issues the NFS-e of each order and appointment concluded from now on. */
    nfse_emitir_ao_concluir: z.boolean({ error: NM.simNao }),
    nfse_serie: z
      .number({ error: NM.serie })
      .int({ error: NM.serie })
      .min(1, { error: NM.serie })
      .max(NFSE_SERIE_MAXIMA, { error: NM.serie }),
    nfse_proximo_numero: proximoNumero,
  })
  .superRefine((value, ctx) => {
    if (value.ambiente === 'producao' && value.confirmar_producao !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmar_producao'],
        message: M.producaoSemConfirmacao,
      });
    }
    if (
      value.crt === 4 &&
      value.nfse_op_simples_nacional != null &&
      value.nfse_op_simples_nacional !== 2
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['nfse_op_simples_nacional'],
        message: NM.opSimplesNacionalMei,
      });
    }
    if (value.nfse_ativa && !value.nfse_emissor_nacional) {
      ctx.addIssue({ code: 'custom', path: ['nfse_ativa'], message: NM.emissorMunicipal });
    }
  });
export type ConfiguracaoFiscalInput = z.input<typeof configuracaoFiscalUpdateSchema>;

/** The A1 certificate as shown: never the file, the key or the password. */
export const certificadoInfoSchema = z.object({
  titular: z.string(),
  cnpj: z.string().nullable(),
  emitido_por: z.string(),
  valido_de: z.string(),
  valido_ate: z.string(),
  /** Days until it expires (negative once expired). */
  dias_para_vencer: z.number().int(),
  /** A certificate Prumo made for the simulation (demo), valid only there. */
  simulacao: z.boolean(),
});
export type CertificadoInfo = z.infer<typeof certificadoInfoSchema>;

/** GET /api/fiscal/configuracao (admin). */
export const configuracaoFiscalSchema = z.object({
  crt: z.union([z.literal(1), z.literal(4)]),
  cnae: z.string().nullable(),
  codigo_municipio: z.number().int().nullable(),
  ambiente: z.enum(AMBIENTES_FISCAIS),
  nfe_ativa: z.boolean(),
  nfe_serie: z.number().int(),
  nfe_proximo_numero: z.number().int(),
  nfce_ativa: z.boolean(),
  nfce_serie: z.number().int(),
  nfce_proximo_numero: z.number().int(),
  csc_id: z.string().nullable(),
  /** Whether a CSC token is stored (the token itself is never answered). */
  csc_token_definido: z.boolean(),
  csosn_padrao: z.enum(CSOSNS),
  aliquota_credito_sn: z.number().nullable(),
  cfop_dentro_uf: z.string(),
  cfop_fora_uf: z.string(),
  tempo_limite_segundos: z.number().int(),
  informacoes_complementares: z.string().nullable(),
  inscricao_municipal: z.string().nullable(),
  /** As stored, or the CRT's default while none was chosen. */
  nfse_op_simples_nacional: z.literal(NFSE_OPCOES_SIMPLES_NACIONAL),
  nfse_regime_apuracao_sn: z.literal(NFSE_REGIMES_APURACAO_SN),
  nfse_regime_especial: z.literal(NFSE_REGIMES_ESPECIAIS),
  nfse_emissor_nacional: z.boolean(),
  nfse_ativa: z.boolean(),
  nfse_emitir_ao_concluir: z.boolean(),
  nfse_serie: z.number().int(),
  /** The next DPS number of the série in the settings' ambiente. */
  nfse_proximo_numero: z.number().int(),
  certificado: certificadoInfoSchema.nullable(),
});
export type ConfiguracaoFiscal = z.infer<typeof configuracaoFiscalSchema>;

/**
 * PUT /api/fiscal/simulacao (ambiente de simulação only): how the simulated SEFAZ behaves, so a
 * new user can see contingency at work ("silencio": it stops answering).
 */
export const CENARIOS_SIMULACAO = ['normal', 'silencio', 'paralisado'] as const;
export type CenarioSimulacao = (typeof CENARIOS_SIMULACAO)[number];
export const CENARIO_LABELS: Record<CenarioSimulacao, string> = {
  normal: 'SEFAZ respondendo',
  silencio: 'SEFAZ sem resposta (rede fora)',
  paralisado: 'SEFAZ paralisada (108)',
};
export const simulacaoSchema = z.strictObject({
  cenario: z.enum(CENARIOS_SIMULACAO, { error: 'Cenário inválido' }),
});

/** GET /api/fiscal/status (anyone): what the screens need to offer emission, and SEFAZ's state. */
export const statusFiscalSchema = z.object({
  ambiente: z.enum(AMBIENTES_FISCAIS),
  nfe_ativa: z.boolean(),
  nfce_ativa: z.boolean(),
  /** NFS-e: on, and whether the company's município uses the national issuer (every role reads it). */
  nfse_ativa: z.boolean(),
  nfse_emissor_nacional: z.boolean(),
  /** Settings and certificate complete enough to issue. */
  pronto: z.boolean(),
  /** What is missing when not `pronto`. */
  pendencias: z.array(z.string()),
  sefaz: z.object({
    /** null until asked. */
    online: z.boolean().nullable(),
    c_stat: z.number().int().nullable(),
    x_motivo: z.string().nullable(),
    consultado_em: z.string().nullable(),
  }),
  /** NFC-e waiting in the contingency queue. */
  fila_contingencia: z.number().int(),
  /** The queue's last pass (it runs by itself) and what it did, or null before the first. */
  fila_executada_em: z.string().nullable(),
  fila_resultado: z.string().nullable(),
  /** The simulated SEFAZ's behaviour (ambiente de simulação only, else null). */
  cenario_simulacao: z.enum(CENARIOS_SIMULACAO).nullable(),
});
export type StatusFiscal = z.infer<typeof statusFiscalSchema>;

/** POST /api/notas-fiscais: issue the note of a finalized sale (Idempotency-Key honoured). */
export const emitirNotaSchema = z.strictObject({
  venda_id: recordId(M.vendaNaoEncontrada),
  modelo: z.union([z.literal(55), z.literal(65)], { error: 'Modelo deve ser 55 ou 65' }),
  /** NFC-e: the consumer's CPF when asked "CPF na nota?". */
  cpf_consumidor: z
    .string({ error: M.cpfConsumidor })
    .trim()
    .refine((v) => v === '' || isValidCpf(v), { error: M.cpfConsumidor })
    .transform((v) => (v === '' ? null : normalizeCpf(v)))
    .nullish()
    .transform((v) => v ?? null),
  /** NF-e: the carrier (Cadastros → Transportadoras) and who pays the freight (modFrete). */
  transportadora_id: recordId('Transportadora não encontrada')
    .nullish()
    .transform((v) => v ?? null),
  modalidade_frete: z
    .union([z.literal(0), z.literal(1), z.literal(9)], {
      error: 'Modalidade do frete: 0 (emitente), 1 (destinatário) ou 9 (sem frete)',
    })
    .nullish()
    .transform((v) => v ?? null),
});
export type EmitirNotaInput = z.input<typeof emitirNotaSchema>;

/** A line of the timeline: what was sent to SEFAZ and what it answered. */
export const notaEventoSchema = z.object({
  id: z.number().int(),
  /** "emissao", "transmissao", "resposta", "consulta", "contingencia", "rejeicao", "erro". */
  tipo: z.string(),
  descricao: z.string(),
  c_stat: z.number().int().nullable(),
  x_motivo: z.string().nullable(),
  usuario_nome: z.string().nullable(),
  criado_em: z.string(),
});
export type NotaEvento = z.infer<typeof notaEventoSchema>;

/** A row of GET /api/notas-fiscais. */
export const notaFiscalResumoSchema = z.object({
  id: z.number().int(),
  modelo: z.union([z.literal(55), z.literal(65)]),
  serie: z.number().int(),
  numero: z.number().int(),
  chave: z.string(),
  situacao: z.enum(SITUACOES_NOTA),
  ambiente: z.enum(AMBIENTES_FISCAIS),
  contingencia: z.boolean(),
  /** The sale of the note; null on a return's note (devolucao_id). */
  venda_id: z.number().int().nullable(),
  venda_numero: z.number().int().nullable(),
  /** finNFe: 1 normal, 4 devolução. */
  finalidade: z.union([z.literal(1), z.literal(4)]),
  devolucao_id: z.number().int().nullable(),
  destinatario_nome: z.string().nullable(),
  destinatario_documento: z.string().nullable(),
  valor_total: z.number(),
  emitida_em: z.string(),
  autorizada_em: z.string().nullable(),
  protocolo: z.string().nullable(),
  c_stat: z.number().int().nullable(),
  x_motivo: z.string().nullable(),
});
export type NotaFiscalResumo = z.infer<typeof notaFiscalResumoSchema>;

/** GET /api/notas-fiscais/:id: the row, its timeline and the QR code's URL (NFC-e). */
export const notaFiscalSchema = notaFiscalResumoSchema.extend({
  eventos: z.array(notaEventoSchema),
  qrcode_url: z.string().nullable(),
  /** Business or schema problems that stopped it before SEFAZ (Rascunho). */
  pendencias: z.array(z.string()),
  tem_xml: z.boolean(),
});
export type NotaFiscal = z.infer<typeof notaFiscalSchema>;

export const NOTAS_LIMIT_MAX = 100;
export const NOTAS_ORDENACOES = ['numero', 'emitida_em', 'valor', 'destinatario'] as const;

/** GET /api/notas-fiscais: search by number, key or customer; filters; server paging. */
export const notasFiscaisQuerySchema = z.strictObject({
  modelo: z.coerce
    .number()
    .pipe(z.union([z.literal(55), z.literal(65)], { error: 'Modelo deve ser 55 ou 65' }))
    .optional(),
  q: searchQuery,
  situacao: z.enum(SITUACOES_NOTA, { error: 'Situação inválida' }).optional(),
  de: isoDate().optional(),
  ate: isoDate().optional(),
  venda_id: z.coerce.number().int().positive().optional(),
  sort: z.enum(NOTAS_ORDENACOES, { error: 'Ordenação inválida' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'Direção inválida: use asc ou desc' }).optional(),
  ...pageQuery(25, NOTAS_LIMIT_MAX),
});
export type NotasFiscaisQuery = z.infer<typeof notasFiscaisQuerySchema>;
