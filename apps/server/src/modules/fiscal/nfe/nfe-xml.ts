// The NF-e / NFC-e XML, layout 4.00 (MOC 7.0, schema package PL_010 v1.30), for a Simples
// Nacional (CRT 1) or MEI (CRT 4) issuer. Unsigned, without XML declaration and without
// whitespace between tags; elements in the schema's order (esquemas.ts validates it after
// signing). The IBS/CBS groups of the tax reform stay out: optional for CRT 1 and 4 until 2027.
import { UFS } from '@prumo/shared/brasil';
import { FISCAL_TEXTOS, montarChave } from '@prumo/shared/fiscal';
import { gtinValido } from './gtin';
import type {
  Destinatario,
  Emitente,
  Endereco,
  ItemNota,
  NotaDados,
  PagamentoNota,
  Transportadora,
} from './nfe-dados';
import { urlConsultaNfce, urlQrCodeNfce } from './qrcode';
import { isoComFuso } from '@prumo/shared/dates';
import { dinheiro, escapar, somenteDigitos, tag, texto, textoFiscal } from '../xml-texto';

export const NAMESPACE_NFE = 'http://www.portalfiscal.inf.br/nfe';
export const VERSAO_PROCESSO = 'Prumo 1.0';
/** dest/xNome in homologação (rule 598). */
export const DESTINATARIO_HOMOLOGACAO =
  'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
/** The first item's xProd of an NFC-e in homologação. */
export const ITEM_HOMOLOGACAO = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/** PIS and COFINS of the Simples Nacional: paid in the DAS, so CST 99 with zero values. */
const CST_PIS_COFINS = '99';
/** tPag that need the card group (rule 391): crédito, débito and PIX dinâmico. */
const PAGAMENTOS_COM_CARTAO = new Set<PagamentoNota['tPag']>(['03', '04', '17']);

export interface NotaMontada {
  xml: string;
  chave: string;
  /** vNF in centavos. */
  totalCentavos: number;
  /** NFC-e: the QR code's content (also in infNFeSupl); null for an NF-e. */
  qrCodeUrl: string | null;
}

/** A percentage with 2 decimals, or 4 when it has more (TDec_0302a04). */
function percentual(valor: number): string {
  const duas = valor.toFixed(2);
  return Number(duas) === Number(valor.toFixed(4)) ? duas : valor.toFixed(4);
}

/** A moment in `timeZone`: "2026-11-27T10:15:00-03:00" (TDateTimeUTC) and its date parts. */
export function dataHoraFiscal(data: Date, timeZone: string) {
  const texto = isoComFuso(data, timeZone);
  return { texto, anoMes: texto.slice(0, 7), dia: texto.slice(8, 10) };
}

// ----- money spread over the items ------------------------------------------------------------

/**
 * Splits `total` centavos over the items in proportion to `bases` by the largest remainder
 * (Hamilton) method: each part is its share rounded down, and the centavos left go one each to
 * the largest fractions (ties to the later item), so the parts add up to `total` exactly and no
 * part exceeds its base when total ≤ Σ bases. With all bases zero, the last item takes it all.
 */
export function ratear(total: number, bases: readonly number[]): number[] {
  const soma = bases.reduce((a, b) => a + b, 0);
  if (total === 0 || bases.length === 0) return bases.map(() => 0);
  if (soma === 0) return bases.map((_, i) => (i === bases.length - 1 ? total : 0));
  const totalG = BigInt(total);
  const somaG = BigInt(soma);
  const partes = bases.map((base) => {
    const produto = totalG * BigInt(base);
    return { parte: Number(produto / somaG), resto: produto % somaG };
  });
  let sobra = total - partes.reduce((a, p) => a + p.parte, 0);
  const ordem = partes
    .map((p, i) => ({ i, resto: p.resto }))
    .sort((a, b) => (a.resto === b.resto ? b.i - a.i : a.resto > b.resto ? -1 : 1));
  for (const { i } of ordem) {
    if (sobra === 0) break;
    partes[i]!.parte += 1;
    sobra -= 1;
  }
  return partes.map((p) => p.parte);
}

export interface ValoresItem {
  vProd: number;
  vDesc: number;
  vFrete: number;
}

/** vProd (quantity × unit price, to the centavo), vDesc and vFrete of each item, in centavos. */
export function valoresDosItens(
  dados: Pick<NotaDados, 'itens' | 'descontoCentavos' | 'freteCentavos'>,
): ValoresItem[] {
  const brutos = dados.itens.map((item) =>
    Math.round((Math.round(item.quantidade * 1000) * item.valorUnitarioCentavos) / 1000),
  );
  const liquidos = brutos.map((vProd, i) => vProd - dados.itens[i]!.descontoCentavos);
  if (liquidos.some((valor) => valor < 0)) {
    throw new Error('O desconto de um item é maior que o valor do item');
  }
  if (dados.descontoCentavos > liquidos.reduce((a, b) => a + b, 0)) {
    throw new Error('O desconto da venda é maior que o valor dos produtos');
  }
  const descontos = ratear(dados.descontoCentavos, liquidos);
  const aposDesconto = liquidos.map((valor, i) => valor - descontos[i]!);
  const fretes = ratear(dados.freteCentavos, aposDesconto);
  return brutos.map((vProd, i) => ({
    vProd,
    vDesc: dados.itens[i]!.descontoCentavos + descontos[i]!,
    vFrete: fretes[i]!,
  }));
}

// ----- groups ------------------------------------------------------------------------------------

function endereco(end: Endereco, emitente: boolean): string {
  const fone = somenteDigitos(end.telefone);
  return [
    texto('xLgr', end.logradouro, 60),
    texto('nro', end.numero, 60),
    texto('xCpl', end.complemento, 60, true),
    texto('xBairro', end.bairro, 60),
    tag('cMun', end.codigoMunicipio),
    texto('xMun', end.municipio, 60),
    tag('UF', end.uf),
    emitente || somenteDigitos(end.cep) !== '' ? tag('CEP', somenteDigitos(end.cep)) : '',
    tag('cPais', '1058'),
    tag('xPais', 'Brasil'),
    fone.length >= 6 && fone.length <= 14 ? tag('fone', fone) : '',
  ].join('');
}

/** CNPJ (numeric or alphanumeric) or CPF, without punctuation; null when neither is given. */
function identificacao(cnpj: string | null | undefined, cpf: string | null | undefined) {
  const cnpjLimpo = (cnpj ?? '').replace(/[.\-/\s]/g, '').toUpperCase();
  if (cnpjLimpo !== '') return { grupo: 'CNPJ' as const, numero: cnpjLimpo };
  const cpfLimpo = somenteDigitos(cpf);
  return cpfLimpo !== '' ? { grupo: 'CPF' as const, numero: cpfLimpo } : null;
}

function documento(cnpj: string | null | undefined, cpf: string | null | undefined): string {
  const id = identificacao(cnpj, cpf);
  return id ? tag(id.grupo, id.numero) : '';
}

function inscricaoEstadual(ie: string | null | undefined): string {
  const limpa = (ie ?? '').trim().toUpperCase();
  return limpa === 'ISENTO' ? limpa : somenteDigitos(limpa);
}

function emit(emitente: Emitente): string {
  return tag(
    'emit',
    [
      documento(emitente.cnpj, null),
      texto('xNome', emitente.razaoSocial, 60),
      texto('xFant', emitente.nomeFantasia, 60, true),
      tag('enderEmit', endereco(emitente.endereco, true)),
      tag('IE', inscricaoEstadual(emitente.inscricaoEstadual)),
      tag('CRT', emitente.crt),
    ].join(''),
  );
}

function dest(d: Destinatario, nfce: boolean, homologacao: boolean): string {
  const nome = homologacao ? DESTINATARIO_HOMOLOGACAO : d.nome;
  const indicadorIE = nfce ? 9 : d.indicadorIE;
  const ie = indicadorIE === 1 ? inscricaoEstadual(d.inscricaoEstadual) : '';
  return tag(
    'dest',
    [
      documento(d.cnpj, d.cpf),
      texto('xNome', nome, 60, true),
      !nfce && d.endereco ? tag('enderDest', endereco(d.endereco, false)) : '',
      tag('indIEDest', indicadorIE),
      ie !== '' && ie !== 'ISENTO' ? tag('IE', ie) : '',
      texto('email', d.email, 60, true),
    ].join(''),
  );
}

function icms(item: ItemNota, baseCentavos: number): string {
  const orig = tag('orig', item.origem);
  switch (item.csosn) {
    case '101': {
      const aliquota = item.aliquotaCreditoSn ?? 0;
      const credito = Math.round((baseCentavos * aliquota) / 100);
      return tag(
        'ICMSSN101',
        orig +
          tag('CSOSN', '101') +
          tag('pCredSN', percentual(aliquota)) +
          tag('vCredICMSSN', dinheiro(credito)),
      );
    }
    case '102':
    case '103':
    case '300':
    case '400':
      return tag('ICMSSN102', orig + tag('CSOSN', item.csosn));
    case '500':
      // The ST already retained (vBCSTRet, vICMSSTRet…) is optional in the schema and unknown here.
      return tag('ICMSSN500', orig + tag('CSOSN', '500'));
    case '900':
      // A return's: no base nor credit of its own (the Simples pays on revenue, not per item).
      return tag('ICMSSN900', orig + tag('CSOSN', '900'));
    default:
      throw new Error(`CSOSN não suportado: ${item.csosn}`);
  }
}

const PIS_COFINS_ZERO =
  `<PIS><PISOutr><CST>${CST_PIS_COFINS}</CST><vBC>0.00</vBC><pPIS>0.00</pPIS><vPIS>0.00</vPIS>` +
  `</PISOutr></PIS><COFINS><COFINSOutr><CST>${CST_PIS_COFINS}</CST><vBC>0.00</vBC>` +
  `<pCOFINS>0.00</pCOFINS><vCOFINS>0.00</vCOFINS></COFINSOutr></COFINS>`;

function det(item: ItemNota, valores: ValoresItem, nItem: number, descricao: string): string {
  const gtin = gtinValido(item.gtin) ? item.gtin!.trim() : FISCAL_TEXTOS.semGtin;
  const quantidade = item.quantidade.toFixed(4);
  const unitario = dinheiro(item.valorUnitarioCentavos);
  const cest = somenteDigitos(item.cest);
  const prod = [
    texto('cProd', item.codigo, 60),
    tag('cEAN', gtin),
    texto('xProd', descricao, 120),
    tag('NCM', somenteDigitos(item.ncm)),
    cest !== '' ? tag('CEST', cest) : '',
    tag('CFOP', somenteDigitos(item.cfop)),
    texto('uCom', item.unidade, 6),
    tag('qCom', quantidade),
    tag('vUnCom', unitario),
    tag('vProd', dinheiro(valores.vProd)),
    tag('cEANTrib', gtin),
    texto('uTrib', item.unidade, 6),
    tag('qTrib', quantidade),
    tag('vUnTrib', unitario),
    valores.vFrete > 0 ? tag('vFrete', dinheiro(valores.vFrete)) : '',
    valores.vDesc > 0 ? tag('vDesc', dinheiro(valores.vDesc)) : '',
    tag('indTot', '1'),
  ].join('');
  const base = valores.vProd - valores.vDesc + valores.vFrete;
  const devolucao =
    item.percentualDevolvido !== undefined
      ? tag(
          'impostoDevol',
          tag('pDevol', item.percentualDevolvido.toFixed(2)) + tag('IPI', tag('vIPIDevol', '0.00')),
        )
      : '';
  return `<det nItem="${nItem}">${tag('prod', prod)}${tag('imposto', tag('ICMS', icms(item, base)) + PIS_COFINS_ZERO)}${devolucao}</det>`;
}

function total(vProd: number, vDesc: number, vFrete: number, vNF: number): string {
  const zero = '0.00';
  return tag(
    'total',
    tag(
      'ICMSTot',
      [
        tag('vBC', zero),
        tag('vICMS', zero),
        tag('vICMSDeson', zero),
        tag('vFCP', zero),
        tag('vBCST', zero),
        tag('vST', zero),
        tag('vFCPST', zero),
        tag('vFCPSTRet', zero),
        tag('vProd', dinheiro(vProd)),
        tag('vFrete', dinheiro(vFrete)),
        tag('vSeg', zero),
        tag('vDesc', dinheiro(vDesc)),
        tag('vII', zero),
        tag('vIPI', zero),
        tag('vIPIDevol', zero),
        tag('vPIS', zero),
        tag('vCOFINS', zero),
        tag('vOutro', zero),
        tag('vNF', dinheiro(vNF)),
      ].join(''),
    ),
  );
}

function transp(modalidade: NotaDados['modalidadeFrete'], t: Transportadora | undefined): string {
  if (!t) return tag('transp', tag('modFrete', modalidade));
  const ie = inscricaoEstadual(t.inscricaoEstadual);
  const uf = (t.uf ?? '').trim().toUpperCase();
  const transporta = [
    documento(t.cnpj, t.cpf),
    texto('xNome', t.nome, 60, true),
    ie !== '' ? tag('IE', ie) : '',
    texto('xEnder', t.enderecoCompleto, 60, true),
    texto('xMun', t.municipio, 60, true),
    UFS.some((u) => u.sigla === uf) ? tag('UF', uf) : '',
  ].join('');
  return tag('transp', tag('modFrete', modalidade) + tag('transporta', transporta));
}

function pag(pagamentos: PagamentoNota[], trocoCentavos: number): string {
  const lista: PagamentoNota[] =
    pagamentos.length > 0 ? pagamentos : [{ tPag: '90', valorCentavos: 0 }];
  const detalhes = lista
    .map((p) =>
      tag(
        'detPag',
        tag('tPag', p.tPag) +
          tag('vPag', dinheiro(p.valorCentavos)) +
          (PAGAMENTOS_COM_CARTAO.has(p.tPag) ? tag('card', tag('tpIntegra', '2')) : ''),
      ),
    )
    .join('');
  return tag('pag', detalhes + (trocoCentavos > 0 ? tag('vTroco', dinheiro(trocoCentavos)) : ''));
}

// ----- the note --------------------------------------------------------------------------------

function semAssinatura(): never {
  throw new Error('NFC-e em contingência offline: falta assinar o QR code');
}

/**
 * Builds the note. Throws (pt-BR) only on data no note can carry (a discount above the value, an
 * unknown CSOSN, contingency without its data); what a user can fix is conferirNota's job.
 */
export function montarNfe(
  dados: NotaDados,
  opcoes: { assinarQrCode?: (texto: string) => string } = {},
): NotaMontada {
  const nfce = dados.modelo === 65;
  const homologacao = dados.tpAmb === 2;
  const emitente = dados.emitente;
  const uf = UFS.find((u) => u.sigla === emitente.endereco.uf);
  if (!uf) throw new Error(`UF da empresa inválida: ${emitente.endereco.uf}`);
  if (dados.tpEmis === 9 && (!nfce || !dados.contingencia)) {
    throw new Error('Contingência offline (tpEmis 9) é só da NFC-e, com início e justificativa');
  }
  if (dados.itens.length === 0 || dados.itens.length > 990) {
    throw new Error('A nota tem de 1 a 990 itens');
  }

  const emissao = dataHoraFiscal(dados.emitidaEm, dados.timeZone);
  const chave = montarChave({
    uf: uf.sigla,
    emissao: emissao.anoMes,
    documento: emitente.cnpj,
    modelo: dados.modelo,
    serie: dados.serie,
    numero: dados.numero,
    tipoEmissao: dados.tpEmis,
    codigoNumerico: dados.codigoNumerico,
  });

  const destinatario = dados.destinatario;
  const interestadual =
    !nfce && destinatario?.endereco !== undefined && destinatario.endereco.uf !== uf.sigla;
  const indFinal = nfce || destinatario?.indicadorIE === 9 ? 1 : 0;
  // NF-e: presencial within the UF; an interstate sale is "não presencial, outros" (9), which
  // also asks indIntermed (0: no marketplace). NFC-e: always presencial.
  const indPres = interestadual ? 9 : 1;

  const ide = [
    tag('cUF', uf.ibge),
    tag('cNF', dados.codigoNumerico),
    texto('natOp', dados.naturezaOperacao, 60),
    tag('mod', dados.modelo),
    tag('serie', dados.serie),
    tag('nNF', dados.numero),
    tag('dhEmi', emissao.texto),
    nfce ? '' : tag('dhSaiEnt', emissao.texto),
    tag('tpNF', dados.tipoOperacao ?? 1),
    tag('idDest', interestadual ? '2' : '1'),
    tag('cMunFG', emitente.endereco.codigoMunicipio),
    tag('tpImp', nfce ? '4' : '1'),
    tag('tpEmis', dados.tpEmis),
    tag('cDV', chave[43]!),
    tag('tpAmb', dados.tpAmb),
    tag('finNFe', dados.finalidade ?? 1),
    tag('indFinal', indFinal),
    tag('indPres', indPres),
    indPres === 9 ? tag('indIntermed', '0') : '',
    tag('procEmi', '0'),
    tag('verProc', VERSAO_PROCESSO),
    dados.contingencia && dados.tpEmis === 9
      ? tag('dhCont', dataHoraFiscal(dados.contingencia.inicio, dados.timeZone).texto) +
        texto('xJust', dados.contingencia.justificativa, 256)
      : '',
    ...(dados.referencias ?? []).map((chave) => tag('NFref', tag('refNFe', chave))),
  ].join('');

  const valores = valoresDosItens(dados);
  const itens = dados.itens
    .map((item, i) =>
      det(
        item,
        valores[i]!,
        i + 1,
        nfce && homologacao && i === 0 ? ITEM_HOMOLOGACAO : item.descricao,
      ),
    )
    .join('');
  const vProd = valores.reduce((a, v) => a + v.vProd, 0);
  const vDesc = valores.reduce((a, v) => a + v.vDesc, 0);
  const vFrete = valores.reduce((a, v) => a + v.vFrete, 0);
  const vNF = vProd - vDesc + vFrete;

  const complementares = textoFiscal(dados.informacoesComplementares, 5000);
  const rt = dados.responsavelTecnico;
  const infNFe = [
    tag('ide', ide),
    emit(emitente),
    destinatario ? dest(destinatario, nfce, homologacao) : '',
    itens,
    total(vProd, vDesc, vFrete, vNF),
    transp(dados.modalidadeFrete, dados.transportadora),
    pag(dados.pagamentos, dados.trocoCentavos),
    complementares !== '' ? tag('infAdic', tag('infCpl', escapar(complementares))) : '',
    tag(
      'infRespTec',
      documento(rt.cnpj, null) +
        texto('xContato', rt.contato, 60) +
        texto('email', rt.email, 60) +
        tag('fone', somenteDigitos(rt.telefone)),
    ),
  ].join('');

  let qrCodeUrl: string | null = null;
  let suplementar = '';
  if (nfce) {
    const id = destinatario ? identificacao(destinatario.cnpj, destinatario.cpf) : null;
    qrCodeUrl = urlQrCodeNfce({
      uf: uf.sigla,
      tpAmb: dados.tpAmb,
      chave,
      offline:
        dados.tpEmis === 9
          ? {
              dia: emissao.dia,
              valorNf: dinheiro(vNF),
              destinatario: id && { tipo: id.grupo === 'CNPJ' ? 1 : 2, documento: id.numero },
              assinar: opcoes.assinarQrCode ?? semAssinatura,
            }
          : undefined,
    });
    suplementar = tag(
      'infNFeSupl',
      `<qrCode><![CDATA[${qrCodeUrl}]]></qrCode>` +
        tag('urlChave', escapar(urlConsultaNfce(uf.sigla, dados.tpAmb))),
    );
  }

  const xml =
    `<NFe xmlns="${NAMESPACE_NFE}"><infNFe Id="NFe${chave}" versao="4.00">${infNFe}</infNFe>` +
    `${suplementar}</NFe>`;
  return { xml, chave, totalCentavos: vNF, qrCodeUrl };
}
