// Reads an authorized nfeProc (the note and its protocol) or a bare signed NFe, layout 4.00, into
// what the DANFE and the DANFCE print. Field names are those of the layout, so a reader can look
// them up in the Manual de Orientação do Contribuinte; money is in integer centavos.
import type { Element } from '@xmldom/xmldom';
import { leitorXml, raizDoXml } from '../xml-leitura';

const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
const { filho, filhos, texto, dinheiro } = leitorXml(NS_NFE);

export interface EnderecoNfe {
  xLgr: string;
  nro: string;
  xCpl: string;
  xBairro: string;
  cMun: string;
  xMun: string;
  UF: string;
  CEP: string;
  fone: string;
}

export interface ItemNfe {
  nItem: number;
  cProd: string;
  /** A GTIN or "SEM GTIN". */
  cEAN: string;
  xProd: string;
  NCM: string;
  CEST: string;
  CFOP: string;
  uCom: string;
  /** Quantity and unit price as written (up to 4 and 10 decimals): not money in centavos. */
  qCom: number;
  vUnCom: number;
  vProd: number;
  vDesc: number;
  orig: string;
  /** CSOSN (Simples Nacional) or CST (regime normal), whichever the ICMS group has. */
  CSOSN: string;
  vBC: number;
  vICMS: number;
  /** Rates in percent. */
  pICMS: number;
  vIPI: number;
  pIPI: number;
  vTotTrib: number;
  infAdProd: string;
}

export interface TotalNfe {
  vBC: number;
  vICMS: number;
  vBCST: number;
  vST: number;
  vProd: number;
  vFrete: number;
  vSeg: number;
  vDesc: number;
  vII: number;
  vIPI: number;
  vPIS: number;
  vCOFINS: number;
  vOutro: number;
  vNF: number;
  vTotTrib: number;
}

export interface NfeLida {
  /** The 44 characters of the access key. */
  chave: string;
  ide: {
    cUF: string;
    natOp: string;
    mod: 55 | 65;
    serie: number;
    nNF: number;
    /** As written, with the issuer's offset (2026-03-10T14:05:00-03:00). */
    dhEmi: string;
    dhSaiEnt: string;
    /** 0 entrada, 1 saída. */
    tpNF: 0 | 1;
    /** 1 produção, 2 homologação. */
    tpAmb: 1 | 2;
    /** 1 normal; 9 NFC-e contingência offline (others: FS-DA, SVC...). */
    tpEmis: number;
    dhCont: string;
    xJust: string;
  };
  emit: {
    CNPJ: string;
    CPF: string;
    xNome: string;
    xFant: string;
    IE: string;
    IEST: string;
    CRT: string;
    endereco: EnderecoNfe;
  };
  dest: {
    CNPJ: string;
    CPF: string;
    idEstrangeiro: string;
    xNome: string;
    IE: string;
    email: string;
    endereco: EnderecoNfe | null;
  } | null;
  det: ItemNfe[];
  total: TotalNfe;
  transp: {
    /** 0 remetente (CIF), 1 destinatário (FOB), 2 terceiros, 3/4 próprio, 9 sem transporte. */
    modFrete: number;
    transporta: {
      CNPJ: string;
      CPF: string;
      xNome: string;
      IE: string;
      xEnder: string;
      xMun: string;
      UF: string;
    } | null;
    veiculo: { placa: string; UF: string; RNTC: string } | null;
    vol: Array<{
      qVol: string;
      esp: string;
      marca: string;
      nVol: string;
      /** Kilograms, as written. */
      pesoL: string;
      pesoB: string;
    }>;
  };
  cobr: {
    fat: { nFat: string; vOrig: number; vDesc: number; vLiq: number } | null;
    dup: Array<{ nDup: string; dVenc: string; vDup: number }>;
  } | null;
  pag: {
    detPag: Array<{ tPag: string; xPag: string; vPag: number }>;
    vTroco: number;
  };
  infAdic: { infAdFisco: string; infCpl: string };
  /** protNFe/infProt of an nfeProc; null for a bare NFe (not yet authorized, or offline). */
  protocolo: { nProt: string; dhRecbto: string; cStat: string; xMotivo: string } | null;
  /** NFC-e: the QR code's text and the "consulte pela chave" URL. */
  infNFeSupl: { qrCode: string; urlChave: string } | null;
}

export class NfeIlegivel extends Error {
  constructor(motivo: string) {
    super(`XML da NF-e ilegível: ${motivo}`);
    this.name = 'NfeIlegivel';
  }
}

/** The first child element whatever its name (the one group inside ICMS, IPI...). */
function primeiroFilho(pai: Element | null | undefined): Element | null {
  if (!pai) return null;
  for (let no = pai.firstChild; no; no = no.nextSibling)
    if (no.nodeType === 1) return no as Element;
  return null;
}

const numero = (valor: string) => (valor ? Number(valor) : 0);

function endereco(elemento: Element | null): EnderecoNfe;
function endereco(elemento: Element | null, opcional: true): EnderecoNfe | null;
/** An address group; the emitente's is required by the schema, so it reads as empty fields. */
function endereco(elemento: Element | null, opcional = false): EnderecoNfe | null {
  if (!elemento && opcional) return null;
  const campo = (nome: string) => texto(elemento, nome);
  return {
    xLgr: campo('xLgr'),
    nro: campo('nro'),
    xCpl: campo('xCpl'),
    xBairro: campo('xBairro'),
    cMun: campo('cMun'),
    xMun: campo('xMun'),
    UF: campo('UF'),
    CEP: campo('CEP'),
    fone: campo('fone'),
  };
}

function item(det: Element): ItemNfe {
  const prod = filho(det, 'prod');
  const imposto = filho(det, 'imposto');
  const icms = primeiroFilho(filho(imposto, 'ICMS'));
  const ipi = filho(filho(imposto, 'IPI'), 'IPITrib');
  return {
    nItem: numero(det.getAttribute('nItem') ?? ''),
    cProd: texto(prod, 'cProd'),
    cEAN: texto(prod, 'cEAN'),
    xProd: texto(prod, 'xProd'),
    NCM: texto(prod, 'NCM'),
    CEST: texto(prod, 'CEST'),
    CFOP: texto(prod, 'CFOP'),
    uCom: texto(prod, 'uCom'),
    qCom: numero(texto(prod, 'qCom')),
    vUnCom: numero(texto(prod, 'vUnCom')),
    vProd: dinheiro(prod, 'vProd'),
    vDesc: dinheiro(prod, 'vDesc'),
    orig: texto(icms, 'orig'),
    CSOSN: texto(icms, 'CSOSN') || texto(icms, 'CST'),
    vBC: dinheiro(icms, 'vBC'),
    vICMS: dinheiro(icms, 'vICMS'),
    pICMS: numero(texto(icms, 'pICMS')),
    vIPI: dinheiro(ipi, 'vIPI'),
    pIPI: numero(texto(ipi, 'pIPI')),
    vTotTrib: dinheiro(imposto, 'vTotTrib'),
    infAdProd: texto(det, 'infAdProd'),
  };
}

function total(icmsTot: Element | null): TotalNfe {
  const v = (nome: string) => dinheiro(icmsTot, nome);
  return {
    vBC: v('vBC'),
    vICMS: v('vICMS'),
    vBCST: v('vBCST'),
    vST: v('vST'),
    vProd: v('vProd'),
    vFrete: v('vFrete'),
    vSeg: v('vSeg'),
    vDesc: v('vDesc'),
    vII: v('vII'),
    vIPI: v('vIPI'),
    vPIS: v('vPIS'),
    vCOFINS: v('vCOFINS'),
    vOutro: v('vOutro'),
    vNF: v('vNF'),
    vTotTrib: v('vTotTrib'),
  };
}

function transporte(transp: Element | null): NfeLida['transp'] {
  const transporta = filho(transp, 'transporta');
  const veiculo = filho(transp, 'veicTransp');
  return {
    modFrete: numero(texto(transp, 'modFrete') || '9'),
    transporta: transporta && {
      CNPJ: texto(transporta, 'CNPJ'),
      CPF: texto(transporta, 'CPF'),
      xNome: texto(transporta, 'xNome'),
      IE: texto(transporta, 'IE'),
      xEnder: texto(transporta, 'xEnder'),
      xMun: texto(transporta, 'xMun'),
      UF: texto(transporta, 'UF'),
    },
    veiculo: veiculo && {
      placa: texto(veiculo, 'placa'),
      UF: texto(veiculo, 'UF'),
      RNTC: texto(veiculo, 'RNTC'),
    },
    vol: filhos(transp, 'vol').map((vol) => ({
      qVol: texto(vol, 'qVol'),
      esp: texto(vol, 'esp'),
      marca: texto(vol, 'marca'),
      nVol: texto(vol, 'nVol'),
      pesoL: texto(vol, 'pesoL'),
      pesoB: texto(vol, 'pesoB'),
    })),
  };
}

function cobranca(cobr: Element | null): NfeLida['cobr'] {
  if (!cobr) return null;
  const fat = filho(cobr, 'fat');
  return {
    fat: fat && {
      nFat: texto(fat, 'nFat'),
      vOrig: dinheiro(fat, 'vOrig'),
      vDesc: dinheiro(fat, 'vDesc'),
      vLiq: dinheiro(fat, 'vLiq'),
    },
    dup: filhos(cobr, 'dup').map((dup) => ({
      nDup: texto(dup, 'nDup'),
      dVenc: texto(dup, 'dVenc'),
      vDup: dinheiro(dup, 'vDup'),
    })),
  };
}

/** The NFe element of an nfeProc, or the document itself when it is a bare NFe. */
function elementoNfe(raiz: Element): Element | null {
  if (raiz.namespaceURI !== NS_NFE) return null;
  if (raiz.localName === 'NFe') return raiz;
  if (raiz.localName === 'nfeProc') return filho(raiz, 'NFe');
  return null;
}

export function lerNfe(xml: string): NfeLida {
  let raiz: Element | null;
  try {
    raiz = raizDoXml(xml);
  } catch (erro) {
    throw new NfeIlegivel(erro instanceof Error ? erro.message : String(erro));
  }
  const nfe = raiz && elementoNfe(raiz);
  const inf = filho(nfe, 'infNFe');
  if (!raiz || !inf) throw new NfeIlegivel('não é uma NFe nem um nfeProc do leiaute 4.00');
  const chave = (inf.getAttribute('Id') ?? '').replace(/^NFe/, '');
  if (!/^\d{6}[0-9A-Z]{12}\d{26}$/.test(chave))
    throw new NfeIlegivel('a chave de acesso (infNFe/@Id) é inválida');

  const ide = filho(inf, 'ide');
  const emit = filho(inf, 'emit');
  const dest = filho(inf, 'dest');
  const pag = filho(inf, 'pag');
  const infProt = filho(filho(raiz, 'protNFe'), 'infProt');
  const supl = filho(nfe, 'infNFeSupl');
  const mod = texto(ide, 'mod');
  return {
    chave,
    ide: {
      cUF: texto(ide, 'cUF'),
      natOp: texto(ide, 'natOp'),
      mod: mod === '65' ? 65 : 55,
      serie: numero(texto(ide, 'serie')),
      nNF: numero(texto(ide, 'nNF')),
      dhEmi: texto(ide, 'dhEmi'),
      dhSaiEnt: texto(ide, 'dhSaiEnt'),
      tpNF: texto(ide, 'tpNF') === '0' ? 0 : 1,
      tpAmb: texto(ide, 'tpAmb') === '1' ? 1 : 2,
      tpEmis: numero(texto(ide, 'tpEmis') || '1'),
      dhCont: texto(ide, 'dhCont'),
      xJust: texto(ide, 'xJust'),
    },
    emit: {
      CNPJ: texto(emit, 'CNPJ'),
      CPF: texto(emit, 'CPF'),
      xNome: texto(emit, 'xNome'),
      xFant: texto(emit, 'xFant'),
      IE: texto(emit, 'IE'),
      IEST: texto(emit, 'IEST'),
      CRT: texto(emit, 'CRT'),
      endereco: endereco(filho(emit, 'enderEmit')),
    },
    dest: dest && {
      CNPJ: texto(dest, 'CNPJ'),
      CPF: texto(dest, 'CPF'),
      idEstrangeiro: texto(dest, 'idEstrangeiro'),
      xNome: texto(dest, 'xNome'),
      IE: texto(dest, 'IE'),
      email: texto(dest, 'email'),
      endereco: endereco(filho(dest, 'enderDest'), true),
    },
    det: filhos(inf, 'det').map(item),
    total: total(filho(filho(inf, 'total'), 'ICMSTot')),
    transp: transporte(filho(inf, 'transp')),
    cobr: cobranca(filho(inf, 'cobr')),
    pag: {
      detPag: filhos(pag, 'detPag').map((detPag) => ({
        tPag: texto(detPag, 'tPag'),
        xPag: texto(detPag, 'xPag'),
        vPag: dinheiro(detPag, 'vPag'),
      })),
      vTroco: dinheiro(pag, 'vTroco'),
    },
    infAdic: {
      infAdFisco: texto(inf, 'infAdic', 'infAdFisco'),
      infCpl: texto(inf, 'infAdic', 'infCpl'),
    },
    protocolo: infProt && {
      nProt: texto(infProt, 'nProt'),
      dhRecbto: texto(infProt, 'dhRecbto'),
      cStat: texto(infProt, 'cStat'),
      xMotivo: texto(infProt, 'xMotivo'),
    },
    infNFeSupl: supl && { qrCode: texto(supl, 'qrCode'), urlChave: texto(supl, 'urlChave') },
  };
}

// --- what the documents print ---------------------------------------------------------------

/** tPag (MOC 4.00, NT 2020.006 and later). */
const FORMAS_PAGAMENTO: Record<string, string> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de Crédito',
  '04': 'Cartão de Débito',
  '05': 'Crédito Loja',
  '10': 'Vale Alimentação',
  '11': 'Vale Refeição',
  '12': 'Vale Presente',
  '13': 'Vale Combustível',
  '15': 'Boleto Bancário',
  '16': 'Depósito Bancário',
  '17': 'PIX',
  '18': 'Transferência Bancária',
  '19': 'Programa de Fidelidade',
  '20': 'PIX Estático',
  '21': 'Crédito em Loja',
  '22': 'Pagamento Eletrônico',
  '90': 'Sem Pagamento',
  '99': 'Outros',
};

export function formaDePagamento(tPag: string, xPag = ''): string {
  return (tPag === '99' && xPag) || FORMAS_PAGAMENTO[tPag] || xPag || tPag;
}

/** modFrete as the DANFE prints it. */
const MODALIDADES_FRETE: Record<number, string> = {
  0: '0-Por conta do Remetente',
  1: '1-Por conta do Destinatário',
  2: '2-Por conta de Terceiros',
  3: '3-Próprio por conta do Remetente',
  4: '4-Próprio por conta do Destinatário',
  9: '9-Sem Ocorrência de Transporte',
};

export function modalidadeFrete(modFrete: number): string {
  return MODALIDADES_FRETE[modFrete] ?? String(modFrete);
}

/** "4126 0311 2223 ..." */
export function chaveEmGrupos(chave: string): string {
  return chave.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * A date-time of the XML as written by its issuer, in its own offset: "2026-03-10T14:05:03-03:00"
 * → { data: "10/03/2026", hora: "14:05:03" }. The document shows the issuer's clock, as
 * SEFAZ's consultation does.
 */
export function dataHoraXml(valor: string): { data: string; hora: string; completa: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(valor);
  if (!match) return { data: '', hora: '', completa: '' };
  const [, ano, mes, dia, h, m, s] = match;
  const data = `${dia}/${mes}/${ano}`;
  const hora = h ? `${h}:${m}:${s ?? '00'}` : '';
  return { data, hora, completa: hora ? `${data} ${hora}` : data };
}

/** nNF as the DANFE prints it: "000.001.234". */
export function numeroDaNota(nNF: number): string {
  return String(nNF)
    .padStart(9, '0')
    .replace(/^(\d{3})(\d{3})(\d{3})$/, '$1.$2.$3');
}

/** "001" */
export const serieDaNota = (serie: number) => String(serie).padStart(3, '0');

/** "(41) 3333-4444" from the XML's digits; other lengths as written. */
export function telefone(fone: string): string {
  const digitos = fone.replace(/\D/g, '');
  if (digitos.length === 10) return digitos.replace(/^(\d{2})(\d{4})(\d{4})$/, '($1) $2-$3');
  if (digitos.length === 11) return digitos.replace(/^(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3');
  return fone;
}
