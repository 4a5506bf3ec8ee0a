import type { ModeloFiscal } from '@prumo/shared/fiscal';

/**
 * Everything one NF-e or NFC-e (layout 4.00) says, gathered from a sale, the company and the
 * fiscal settings by emissao.ts, and written into XML by nfe-xml.ts. Money is in integer
 * centavos; quantities are numbers with at most 3 decimals (4 in the XML); texts are as stored
 * (the builder trims, escapes and cuts them to the schema's sizes).
 */
export interface NotaDados {
  modelo: ModeloFiscal;
  serie: number;
  numero: number;
  /** cNF: 8 random digits, not the number and not on the forbidden list (shared/fiscal/chave). */
  codigoNumerico: string;
  /** 1 normal; 9 NFC-e contingência offline. */
  tpEmis: 1 | 9;
  /** 1 produção; 2 homologação (and the simulation). */
  tpAmb: 1 | 2;
  /** dhEmi; written with the offset of `timeZone` (2026-11-27T10:15:00-03:00). */
  emitidaEm: Date;
  timeZone: string;
  /** tpEmis 9: when contingency began and why (15 to 256 characters). */
  contingencia?: { inicio: Date; justificativa: string };
  naturezaOperacao: string;
  /** tpNF: 1 saída (a sale, a return to a supplier); 0 entrada (a customer's return). */
  tipoOperacao?: 0 | 1;
  /** finNFe: 1 normal; 4 devolução (with the original note in `referencias`). */
  finalidade?: 1 | 4;
  /** NFref/refNFe: the access keys of the notes this one refers to (a return's original). */
  referencias?: string[];
  emitente: Emitente;
  /** NF-e: the customer (required). NFC-e: only when the consumer gave a CPF (or a CNPJ). */
  destinatario?: Destinatario;
  itens: ItemNota[];
  /** Sale-level discount and freight, spread over the items by the builder (last item rounds). */
  descontoCentavos: number;
  freteCentavos: number;
  /** modFrete: 0 by the sender (CIF), 1 by the receiver (FOB), 9 no transport. */
  modalidadeFrete: 0 | 1 | 9;
  transportadora?: Transportadora;
  pagamentos: PagamentoNota[];
  trocoCentavos: number;
  /** infAdic/infCpl: the Simples Nacional text and the settings' complementary information. */
  informacoesComplementares: string;
  responsavelTecnico: ResponsavelTecnico;
}

export interface Endereco {
  logradouro: string;
  numero: string;
  complemento?: string | null;
  bairro: string;
  /** IBGE code, 7 digits. */
  codigoMunicipio: number;
  municipio: string;
  uf: string;
  /** 8 digits. */
  cep: string;
  telefone?: string | null;
}

export interface Emitente {
  /** 14 characters (may be alphanumeric). */
  cnpj: string;
  razaoSocial: string;
  nomeFantasia?: string | null;
  inscricaoEstadual: string;
  /** 1 Simples Nacional; 4 MEI. */
  crt: 1 | 4;
  endereco: Endereco;
}

export interface Destinatario {
  nome: string;
  cpf?: string | null;
  cnpj?: string | null;
  /** indIEDest: 1 contribuinte, 2 isento, 9 não contribuinte (always 9 on an NFC-e). */
  indicadorIE: 1 | 2 | 9;
  inscricaoEstadual?: string | null;
  email?: string | null;
  /** Required on an NF-e; left out on an NFC-e. */
  endereco?: Endereco;
}

export interface ItemNota {
  /** cProd: the product's internal code, or its id. */
  codigo: string;
  /** cEAN and cEANTrib: a valid GTIN-8/12/13/14, or null for "SEM GTIN". */
  gtin: string | null;
  descricao: string;
  /** 8 digits. */
  ncm: string;
  /** 7 digits, or null. */
  cest?: string | null;
  /** 4 digits (5102 within the UF, 6102 to another). */
  cfop: string;
  /** uCom and uTrib. */
  unidade: string;
  quantidade: number;
  valorUnitarioCentavos: number;
  /** The line's own discount (the sale-level one is spread on top by the builder). */
  descontoCentavos: number;
  /** orig: 0 nacional, 1 estrangeira importação direta, 2 estrangeira mercado interno. */
  origem: number;
  /** 101 (with pCredSN), 102/103/300/400, 500, or 900 (a return's, without values). */
  csosn: string;
  /** CSOSN 101: the credit's rate (percent). */
  aliquotaCreditoSn?: number | null;
  /** A return's item: the share of the original item returned (impostoDevol/pDevol, percent). */
  percentualDevolvido?: number;
}

export interface Transportadora {
  nome: string;
  cnpj?: string | null;
  cpf?: string | null;
  inscricaoEstadual?: string | null;
  enderecoCompleto?: string | null;
  municipio?: string | null;
  uf?: string | null;
}

/** tPag: 01 dinheiro, 03 crédito, 04 débito, 15 boleto, 17 PIX dinâmico, 90 sem pagamento. */
export interface PagamentoNota {
  tPag: '01' | '03' | '04' | '15' | '17' | '90';
  valorCentavos: number;
}

export interface ResponsavelTecnico {
  cnpj: string;
  contato: string;
  email: string;
  telefone: string;
}

/** The A1 certificate as PEM, parsed from the .pfx (certificado/certificado.ts). */
export interface CertificadoPem {
  chavePrivadaPem: string;
  certificadoPem: string;
  /** The intermediate and root certificates the .pfx carries (ICP-Brasil chain), PEM. */
  cadeiaPem: string[];
}
