// From a return (issue 29, item 4) and its original note to what the return's NF-e says
// (NotaDados): finalidade 4 with the original key in NFref, tpNF 0 for a customer's return (the
// goods come in) and 1 for ours to a supplier, the return CFOPs, each item as it was on the
// original note with the quantity returned, and no payment (tPag 90, as SEFAZ requires of a
// return). Pure: the data comes read, the note goes to nfe/nfe-xml.ts.
import { formatDate } from '@prumo/shared/dates';
import {
  CFOP_DEVOLUCAO,
  FISCAL_TEXTOS,
  MODELO_LABELS,
  TP_AMB,
  type ConfiguracaoFiscal,
  type ModeloFiscal,
} from '@prumo/shared/fiscal';
import { toCentavos } from '@prumo/shared/money';
import type { Empresa } from '@prumo/shared/configuracoes';
import type { ItemNfe, NfeLida } from './danfe/nfe-leitura';
import type { DevolucaoFiscal } from './devolucoes.repository';
import { gtinValido } from './nfe/gtin';
import type { NotaDados } from './nfe/nfe-dados';
import {
  destinatarioDoCadastro,
  emitenteDaEmpresa,
  outraUf,
  RESPONSAVEL_TECNICO,
} from './nota-da-venda';

/** What the returned part of one original item is worth, in centavos. */
export interface ValorDevolvido {
  /** The original vUnCom to the centavo (our notes have no more; a supplier's may). */
  valorUnitarioCentavos: number;
  /** quantity × unit price, rounded as the NF-e builder rounds vProd. */
  vProd: number;
  /** The returned share of the item's discount. */
  vDesc: number;
  /** What the return is worth: vProd − vDesc. */
  liquido: number;
  /** impostoDevol/pDevol: the share of the original quantity returned, in percent. */
  percentual: number;
}

export function valorDevolvido(item: ItemNfe, quantidadeMilesimos: number): ValorDevolvido {
  const valorUnitarioCentavos = Math.round(item.vUnCom * 100);
  const originalMilesimos = Math.round(item.qCom * 1000);
  const vProd = Math.round((quantidadeMilesimos * valorUnitarioCentavos) / 1000);
  const vDesc = Math.min(
    vProd,
    Math.round((item.vDesc * quantidadeMilesimos) / Math.max(originalMilesimos, 1)),
  );
  return {
    valorUnitarioCentavos,
    vProd,
    vDesc,
    liquido: vProd - vDesc,
    percentual: Math.min(100, (quantidadeMilesimos * 100) / Math.max(originalMilesimos, 1)),
  };
}

export interface EntradaNotaDevolucao {
  serie: number;
  numero: number;
  codigoNumerico: string;
  emitidaEm: Date;
  timeZone: string;
  devolucao: DevolucaoFiscal;
  /** The original note, read from its XML. */
  origem: NfeLida;
  empresa: Empresa;
  configuracao: ConfiguracaoFiscal;
}

export function notaDaDevolucao(entrada: EntradaNotaDevolucao): NotaDados {
  const { devolucao: dados, origem, configuracao: cfg } = entrada;
  const { devolucao } = dados;
  const cliente = devolucao.tipo === 'cliente';
  const destinatario = destinatarioDoCadastro(dados.pessoa, 55);
  const cfops = CFOP_DEVOLUCAO[devolucao.tipo];
  const cfop = outraUf(cfg, destinatario) ? cfops.fora : cfops.dentro;
  const itensOrigem = new Map(origem.det.map((item) => [item.nItem, item]));
  const modeloOrigem = MODELO_LABELS[origem.ide.mod as ModeloFiscal];
  const referencia = `Devolução ${cliente ? 'da' : 'referente à'} ${modeloOrigem} nº ${origem.ide.nNF} série ${origem.ide.serie} de ${formatDate(origem.ide.dhEmi.slice(0, 10))}, chave ${origem.chave}. Motivo: ${devolucao.motivo}`;

  return {
    modelo: 55,
    serie: entrada.serie,
    numero: entrada.numero,
    codigoNumerico: entrada.codigoNumerico,
    tpEmis: 1,
    tpAmb: TP_AMB[cfg.ambiente],
    emitidaEm: entrada.emitidaEm,
    timeZone: entrada.timeZone,
    naturezaOperacao: cliente ? 'DEVOLUÇÃO DE VENDA' : 'DEVOLUÇÃO DE COMPRA',
    tipoOperacao: cliente ? 0 : 1,
    finalidade: 4,
    referencias: [devolucao.chaveReferenciada],
    emitente: emitenteDaEmpresa(entrada.empresa, cfg),
    destinatario,
    itens: dados.itens.map((linha) => {
      const original = itensOrigem.get(linha.nItem);
      if (!original) throw new Error(`A nota de origem não tem o item ${linha.nItem}`);
      const valor = valorDevolvido(original, Math.round(Number(linha.quantidade) * 1000));
      return {
        codigo: original.cProd,
        gtin: gtinValido(original.cEAN) ? original.cEAN : null,
        descricao: linha.descricao,
        ncm: original.NCM,
        cest: original.CEST || null,
        cfop,
        unidade: linha.unidade,
        quantidade: Number(linha.quantidade),
        valorUnitarioCentavos: valor.valorUnitarioCentavos,
        descontoCentavos: valor.vDesc,
        origem: Number(original.orig) || 0,
        csosn: '900',
        percentualDevolvido: valor.percentual,
      };
    }),
    descontoCentavos: 0,
    freteCentavos: 0,
    modalidadeFrete: 9,
    pagamentos: [],
    trocoCentavos: 0,
    informacoesComplementares: [FISCAL_TEXTOS.simplesNacional, referencia].join(' '),
    responsavelTecnico: RESPONSAVEL_TECNICO,
  };
}

/** The value the stored item says (centavos): what the note and the title carry. */
export const totalDaDevolucao = (itens: ReadonlyArray<{ valorTotal: number }>) =>
  itens.reduce((soma, item) => soma + toCentavos(Number(item.valorTotal)), 0);
