// Reads a DPS and a national NFS-e (layout 1.01) into what the issuer's test double, the DANFSe
// and the stored note need. Field names are the layout's; money is in integer centavos, rates
// in percent.
import type { Element } from '@xmldom/xmldom';
import { leitorXml, raizDoXml } from '../xml-leitura';
import { NAMESPACE_NFSE } from './dps-xml';

const { filho, texto, dinheiro } = leitorXml(NAMESPACE_NFSE);

export class NfseIlegivel extends Error {
  constructor(motivo: string) {
    super(`XML da NFS-e ilegível: ${motivo}`);
    this.name = 'NfseIlegivel';
  }
}

export interface EnderecoLido {
  xLgr: string;
  nro: string;
  xCpl: string;
  xBairro: string;
  cMun: string;
  /** The emitente's only (the registry's address). */
  UF: string;
  CEP: string;
}

export interface DpsLida {
  /** infDPS/@Id (45 characters). */
  id: string;
  tpAmb: 1 | 2;
  dhEmi: string;
  serie: number;
  nDPS: number;
  dCompet: string;
  cLocEmi: string;
  prest: {
    CNPJ: string;
    CPF: string;
    IM: string;
    fone: string;
    email: string;
    opSimpNac: number;
    regApTribSN: number | null;
    regEspTrib: number;
  };
  toma: {
    CNPJ: string;
    CPF: string;
    IM: string;
    xNome: string;
    end: EnderecoLido | null;
    fone: string;
    email: string;
  } | null;
  serv: {
    cLocPrestacao: string;
    cTribNac: string;
    xDescServ: string;
    cNBS: string;
    cIntContrib: string;
    xInfComp: string;
  };
  valores: {
    vServ: number;
    vDescIncond: number;
    /** 1 operação tributável, 2 imunidade, 3 exportação, 4 não incidência. */
    tribISSQN: number;
    /** 1 não retido, 2 retido pelo tomador, 3 pelo intermediário. */
    tpRetISSQN: number;
    pAliq: number | null;
    pTotTribSN: number | null;
  };
}

export interface NfseLida {
  /** The 50-digit access key (infNFSe/@Id without "NFS"). */
  chave: string;
  nNFSe: number;
  /** 100 gerada, 101 de substituição. */
  cStat: number;
  dhProc: string;
  xLocEmi: string;
  xLocPrestacao: string;
  xTribNac: string;
  xNBS: string;
  /** 1 the municipality's issuer, 2 the national Sefin. */
  ambGer: number;
  emit: {
    CNPJ: string;
    CPF: string;
    IM: string;
    xNome: string;
    xFant: string;
    end: EnderecoLido;
    fone: string;
    email: string;
  };
  valores: {
    vBC: number;
    pAliqAplic: number | null;
    vISSQN: number;
    vTotalRet: number;
    vLiq: number;
  };
  xOutInf: string;
  dps: DpsLida;
}

const numeroOuNulo = (valor: string) => (valor === '' ? null : Number(valor));

function endereco(elemento: Element | null): EnderecoLido | null {
  if (!elemento) return null;
  const nacional = filho(elemento, 'endNac');
  return {
    xLgr: texto(elemento, 'xLgr'),
    nro: texto(elemento, 'nro'),
    xCpl: texto(elemento, 'xCpl'),
    xBairro: texto(elemento, 'xBairro'),
    cMun: texto(nacional ?? elemento, 'cMun'),
    UF: texto(elemento, 'UF'),
    CEP: texto(nacional ?? elemento, 'CEP'),
  };
}

/** The DPS element's content (inside a DPS document or an NFS-e). */
export function lerDpsDoElemento(dps: Element): DpsLida {
  const inf = filho(dps, 'infDPS');
  if (!inf) throw new NfseIlegivel('falta infDPS');
  const prest = filho(inf, 'prest');
  const regTrib = filho(prest, 'regTrib');
  const toma = filho(inf, 'toma');
  const serv = filho(inf, 'serv');
  const cServ = filho(serv, 'cServ');
  const valores = filho(inf, 'valores');
  const tribMun = filho(filho(valores, 'trib'), 'tribMun');
  return {
    id: inf.getAttribute('Id') ?? '',
    tpAmb: texto(inf, 'tpAmb') === '1' ? 1 : 2,
    dhEmi: texto(inf, 'dhEmi'),
    serie: Number(texto(inf, 'serie')),
    nDPS: Number(texto(inf, 'nDPS')),
    dCompet: texto(inf, 'dCompet'),
    cLocEmi: texto(inf, 'cLocEmi'),
    prest: {
      CNPJ: texto(prest, 'CNPJ'),
      CPF: texto(prest, 'CPF'),
      IM: texto(prest, 'IM'),
      fone: texto(prest, 'fone'),
      email: texto(prest, 'email'),
      opSimpNac: Number(texto(regTrib, 'opSimpNac')),
      regApTribSN: numeroOuNulo(texto(regTrib, 'regApTribSN')),
      regEspTrib: Number(texto(regTrib, 'regEspTrib')),
    },
    toma: toma
      ? {
          CNPJ: texto(toma, 'CNPJ'),
          CPF: texto(toma, 'CPF'),
          IM: texto(toma, 'IM'),
          xNome: texto(toma, 'xNome'),
          end: endereco(filho(toma, 'end')),
          fone: texto(toma, 'fone'),
          email: texto(toma, 'email'),
        }
      : null,
    serv: {
      cLocPrestacao: texto(serv, 'locPrest', 'cLocPrestacao'),
      cTribNac: texto(cServ, 'cTribNac'),
      xDescServ: texto(cServ, 'xDescServ'),
      cNBS: texto(cServ, 'cNBS'),
      cIntContrib: texto(cServ, 'cIntContrib'),
      xInfComp: texto(serv, 'infoCompl', 'xInfComp'),
    },
    valores: {
      vServ: dinheiro(valores, 'vServPrest', 'vServ'),
      vDescIncond: dinheiro(valores, 'vDescCondIncond', 'vDescIncond'),
      tribISSQN: Number(texto(tribMun, 'tribISSQN')),
      tpRetISSQN: Number(texto(tribMun, 'tpRetISSQN')),
      pAliq: numeroOuNulo(texto(tribMun, 'pAliq')),
      pTotTribSN: numeroOuNulo(texto(valores, 'trib', 'totTrib', 'pTotTribSN')),
    },
  };
}

function raizDe(xml: string, nome: string): Element {
  let raiz: Element | null;
  try {
    raiz = raizDoXml(xml);
  } catch (erro) {
    throw new NfseIlegivel(erro instanceof Error ? erro.message : String(erro));
  }
  if (!raiz || raiz.localName !== nome || raiz.namespaceURI !== NAMESPACE_NFSE) {
    throw new NfseIlegivel(`não é um documento ${nome} do leiaute nacional`);
  }
  return raiz;
}

/** A DPS document. */
export function lerDps(xml: string): DpsLida {
  return lerDpsDoElemento(raizDe(xml, 'DPS'));
}

/** An NFS-e document (the national issuer's, signed). */
export function lerNfse(xml: string): NfseLida {
  const inf = filho(raizDe(xml, 'NFSe'), 'infNFSe');
  const dps = filho(inf, 'DPS');
  if (!inf || !dps) throw new NfseIlegivel('falta infNFSe ou a DPS');
  const chave = (inf.getAttribute('Id') ?? '').replace(/^NFS/, '');
  if (!/^\d{50}$/.test(chave)) throw new NfseIlegivel('a chave de acesso (infNFSe/@Id) é inválida');
  const emit = filho(inf, 'emit');
  const valores = filho(inf, 'valores');
  return {
    chave,
    nNFSe: Number(texto(inf, 'nNFSe')),
    cStat: Number(texto(inf, 'cStat')),
    dhProc: texto(inf, 'dhProc'),
    xLocEmi: texto(inf, 'xLocEmi'),
    xLocPrestacao: texto(inf, 'xLocPrestacao'),
    xTribNac: texto(inf, 'xTribNac'),
    xNBS: texto(inf, 'xNBS'),
    ambGer: Number(texto(inf, 'ambGer')),
    emit: {
      CNPJ: texto(emit, 'CNPJ'),
      CPF: texto(emit, 'CPF'),
      IM: texto(emit, 'IM'),
      xNome: texto(emit, 'xNome'),
      xFant: texto(emit, 'xFant'),
      end: endereco(filho(emit, 'enderNac'))!,
      fone: texto(emit, 'fone'),
      email: texto(emit, 'email'),
    },
    valores: {
      vBC: dinheiro(valores, 'vBC'),
      pAliqAplic: numeroOuNulo(texto(valores, 'pAliqAplic')),
      vISSQN: dinheiro(valores, 'vISSQN'),
      vTotalRet: dinheiro(valores, 'vTotalRet'),
      vLiq: dinheiro(valores, 'vLiq'),
    },
    xOutInf: texto(inf, 'xOutInf'),
    dps: lerDpsDoElemento(dps),
  };
}
