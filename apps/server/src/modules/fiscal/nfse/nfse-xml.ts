// The other documents of the national NFS-e (layout 1.01), unsigned, elements in the schema's
// order: the cancellation request Prumo sends (pedRegEvento with e101101), and what the national
// issuer answers — the NFS-e wrapping the DPS, and the registered event — which the issuer's test
// double (sefin-simulador.ts) writes as the real one does.
import { montarChaveNfse } from '@prumo/shared/fiscal';
import { dataHoraFiscal } from '../nfe/nfe-xml';
import { dinheiro, somenteDigitos, tag, texto } from '../xml-texto';
import { NAMESPACE_NFSE, VERSAO_APLICATIVO, VERSAO_DPS } from './dps-xml';
import type { DpsLida } from './nfse-leitura';

/** tpEvento of the cancellation by the issuer. */
export const EVENTO_CANCELAMENTO_NFSE = '101101';
/** cMotivo of a cancellation: 1 erro na emissão, 2 serviço não prestado, 9 outros. */
export type MotivoCancelamentoNfse = 1 | 2 | 9;

const municipio = (codigo: number | string) => String(codigo).padStart(7, '0');

export interface PedidoCancelamento {
  tpAmb: 1 | 2;
  emitidoEm: Date;
  timeZone: string;
  cnpjAutor: string;
  chave: string;
  /** nPedRegEvento: 1 for the first request of this event on the note. */
  sequencia: number;
  motivo: MotivoCancelamentoNfse;
  /** xMotivo: 15 to 255 characters. */
  justificativa: string;
}

/** infPedReg's Id: "PRE" + the key (50) + tpEvento (6) + nPedRegEvento (3). */
export const idDoPedido = (chave: string, tpEvento: string, sequencia: number) =>
  `PRE${chave}${tpEvento}${String(sequencia).padStart(3, '0')}`;

/** The request to register the cancellation of an NFS-e (to be signed on infPedReg). */
export function montarPedidoCancelamento(pedido: PedidoCancelamento): string {
  const id = idDoPedido(pedido.chave, EVENTO_CANCELAMENTO_NFSE, pedido.sequencia);
  const inf =
    tag('tpAmb', pedido.tpAmb) +
    texto('verAplic', VERSAO_APLICATIVO, 20) +
    tag('dhEvento', dataHoraFiscal(pedido.emitidoEm, pedido.timeZone).texto) +
    tag('CNPJAutor', somenteDigitos(pedido.cnpjAutor)) +
    tag('chNFSe', pedido.chave) +
    tag('nPedRegEvento', pedido.sequencia) +
    tag(
      'e101101',
      tag('xDesc', 'Cancelamento de NFS-e') +
        tag('cMotivo', pedido.motivo) +
        texto('xMotivo', pedido.justificativa, 255),
    );
  return `<pedRegEvento xmlns="${NAMESPACE_NFSE}" versao="${VERSAO_DPS}"><infPedReg Id="${id}">${inf}</infPedReg></pedRegEvento>`;
}

// ----- the national issuer's side (its test double) ---------------------------------------------

/** The issuer as the national registry knows it (name and address come from there). */
export interface EmitenteCadastrado {
  cnpj: string;
  inscricaoMunicipal?: string | null;
  nome: string;
  nomeFantasia?: string | null;
  endereco: {
    logradouro: string;
    numero: string;
    complemento?: string | null;
    bairro: string;
    codigoMunicipio: number;
    uf: string;
    cep: string;
  };
  telefone?: string | null;
  email?: string | null;
}

export interface NfseGerada {
  /** The signed DPS as received, embedded whole (its signature still verifies). */
  dpsAssinada: string;
  dps: DpsLida;
  numero: number;
  codigoNumerico: string;
  processadaEm: Date;
  timeZone: string;
  emitente: EmitenteCadastrado;
  /** Names the issuer writes out: municipalities and the service code's description. */
  nomes: { localEmissao: string; localPrestacao: string; tributacaoNacional: string };
  /** The rate applied when the DPS states none (the município's, which the issuer keeps). */
  aliquotaPadrao: number;
}

/** The NFS-e the issuer answers for a DPS (to be signed on infNFSe), and its key. */
export function montarNfse(gerada: NfseGerada): { xml: string; chave: string } {
  const { dps, emitente } = gerada;
  const processada = dataHoraFiscal(gerada.processadaEm, gerada.timeZone);
  const chave = montarChaveNfse({
    municipio: Number(dps.cLocEmi),
    ambienteGerador: 2,
    cnpj: dps.prest.CNPJ || null,
    cpf: dps.prest.CPF || null,
    numero: gerada.numero,
    anoMes: processada.anoMes.slice(2, 4) + processada.anoMes.slice(5, 7),
    codigoNumerico: gerada.codigoNumerico,
  });
  const base = dps.valores.vServ - dps.valores.vDescIncond;
  const tributavel = dps.valores.tribISSQN === 1;
  const aliquota = tributavel ? (dps.valores.pAliq ?? gerada.aliquotaPadrao) : null;
  const iss = aliquota === null ? 0 : Math.round((base * aliquota) / 100);
  const retido = dps.valores.tpRetISSQN !== 1 ? iss : 0;
  const end = emitente.endereco;
  const emit =
    tag('CNPJ', somenteDigitos(emitente.cnpj)) +
    texto('IM', emitente.inscricaoMunicipal, 15, true) +
    texto('xNome', emitente.nome, 300) +
    texto('xFant', emitente.nomeFantasia, 150, true) +
    tag(
      'enderNac',
      texto('xLgr', end.logradouro, 255) +
        texto('nro', end.numero || 'S/N', 60) +
        texto('xCpl', end.complemento, 156, true) +
        texto('xBairro', end.bairro, 60) +
        tag('cMun', municipio(end.codigoMunicipio)) +
        tag('UF', end.uf) +
        tag('CEP', somenteDigitos(end.cep)),
    ) +
    (somenteDigitos(emitente.telefone).length >= 6
      ? tag('fone', somenteDigitos(emitente.telefone).slice(0, 20))
      : '') +
    texto('email', emitente.email, 80, true);
  const valores =
    (tributavel ? tag('vBC', dinheiro(base)) : '') +
    (aliquota !== null ? tag('pAliqAplic', aliquota === 0 ? '0' : aliquota.toFixed(2)) : '') +
    (tributavel ? tag('vISSQN', dinheiro(iss)) : '') +
    (retido > 0 ? tag('vTotalRet', dinheiro(retido)) : '') +
    tag('vLiq', dinheiro(base - retido));
  const inf =
    texto('xLocEmi', gerada.nomes.localEmissao, 150) +
    texto('xLocPrestacao', gerada.nomes.localPrestacao, 150) +
    tag('nNFSe', gerada.numero) +
    tag('cLocIncid', municipio(dps.serv.cLocPrestacao)) +
    texto('xLocIncid', gerada.nomes.localPrestacao, 150) +
    texto('xTribNac', gerada.nomes.tributacaoNacional, 600) +
    texto('verAplic', 'SefinNacional_1.01', 20) +
    tag('ambGer', 2) +
    tag('tpEmis', 1) +
    tag('cStat', 100) +
    tag('dhProc', processada.texto) +
    tag('nDFSe', gerada.numero) +
    tag('emit', emit) +
    tag('valores', valores) +
    gerada.dpsAssinada.replace(/^<\?xml[^>]*\?>/, '');
  return {
    xml: `<NFSe xmlns="${NAMESPACE_NFSE}" versao="${VERSAO_DPS}"><infNFSe Id="NFS${chave}">${inf}</infNFSe></NFSe>`,
    chave,
  };
}

/** infEvento's Id: "EVT" + the key (50) + tpEvento (6) + nSeqEvento (3). */
export const idDoEvento = (chave: string, tpEvento: string, sequencia: number) =>
  `EVT${chave}${tpEvento}${String(sequencia).padStart(3, '0')}`;

/** The event the issuer registers for a signed request (to be signed on infEvento). */
export function montarEvento(registro: {
  pedidoAssinado: string;
  chave: string;
  tpEvento: string;
  sequencia: number;
  processadoEm: Date;
  timeZone: string;
  numeroDfe: number;
}): string {
  const inf =
    texto('verAplic', 'SefinNacional_1.01', 20) +
    tag('ambGer', 2) +
    tag('nSeqEvento', registro.sequencia) +
    tag('dhProc', dataHoraFiscal(registro.processadoEm, registro.timeZone).texto) +
    tag('nDFe', registro.numeroDfe) +
    registro.pedidoAssinado.replace(/^<\?xml[^>]*\?>/, '');
  const id = idDoEvento(registro.chave, registro.tpEvento, registro.sequencia);
  return `<evento xmlns="${NAMESPACE_NFSE}" versao="${VERSAO_DPS}"><infEvento Id="${id}">${inf}</infEvento></evento>`;
}
