// What SEFAZ registered, as the fiscal tables keep it: an event's answer (cancellation, correction
// letter) and a homologated inutilização. Shared by the events a user asks for (eventos.ts) and
// the fiscal queue's own (emissao.ts: the attempt a contingency note replaced).
import type { AmbienteFiscal, ModeloFiscal } from '@prumo/shared/fiscal';
import type { Ator } from '../auditoria/auditoria.repository';
import type { inutilizacoes } from './eventos.table';
import { montarProcInutNFe } from './sefaz/mensagens';
import { CSTAT, type RetornoEvento, type RetornoInutilizacao } from './sefaz/sefaz-client';

/** An event SEFAZ registered (135/136/155), with its procEventoNFe. */
export interface Registro {
  cStat: number;
  xMotivo: string;
  protocolo: string | null;
  registradoEm: Date;
  texto: string;
  xml: string;
}

/** The registration in an event's answer, or null when SEFAZ refused it. */
export function registroDoRetorno(retorno: RetornoEvento, texto: string): Registro | null {
  if (!retorno.procEvento || !retorno.evento) return null;
  return {
    cStat: retorno.evento.cStat,
    xMotivo: retorno.evento.xMotivo,
    protocolo: retorno.evento.nProt,
    registradoEm: dataDaSefaz(retorno.evento.dhRegEvento),
    texto,
    xml: retorno.procEvento,
  };
}

export const dataDaSefaz = (valor: string | null) => {
  const data = valor ? new Date(valor) : new Date(Number.NaN);
  return Number.isNaN(data.getTime()) ? new Date() : data;
};

/** A range of numbers of one modelo and série, and why it is voided. */
export interface Faixa {
  modelo: ModeloFiscal;
  serie: number;
  inicio: number;
  fim: number;
  justificativa: string;
}

export const homologada = (
  retorno: RetornoInutilizacao,
): retorno is RetornoInutilizacao & { nProt: string } =>
  retorno.cStat === CSTAT.inutilizacaoHomologada && retorno.nProt !== null;

/** The row of a homologated inutilização, with its procInutNFe. */
export function valoresDaInutilizacao(
  ambiente: AmbienteFiscal,
  faixa: Faixa,
  retorno: RetornoInutilizacao & { nProt: string },
  ator: Ator,
): typeof inutilizacoes.$inferInsert {
  return {
    ambiente,
    modelo: faixa.modelo,
    serie: faixa.serie,
    numeroInicial: faixa.inicio,
    numeroFinal: faixa.fim,
    justificativa: faixa.justificativa,
    protocolo: retorno.nProt,
    registradaEm: dataDaSefaz(retorno.dhRecbto),
    xml: montarProcInutNFe(retorno.xmlPedido, retorno.xml),
    usuarioId: ator?.id ?? null,
  };
}
