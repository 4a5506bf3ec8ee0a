// Notes for the DANFE and DANFCE tests, written by hand in the shape of layout 4.00 (element
// order, namespaces, an nfeProc with its protNFe; the signature's values are placeholders).
// danfe.test.ts checks them against the official schema, so the shape cannot drift.
import { montarChave } from '@prumo/shared/fiscal';

export interface OpcoesFixture {
  mod: 55 | 65;
  nNF: number;
  itens: number;
  tpAmb?: 1 | 2;
  /** 9: NFC-e offline contingency (a bare NFe, not yet authorized). */
  tpEmis?: 1 | 9;
  /** NFC-e: the consumer's CPF; NF-e: always a company customer. */
  cpf?: string;
  /** Without the protNFe: a bare signed NFe. */
  semProtocolo?: boolean;
}

const CNPJ_EMITENTE = '11222333000181';
const DH_EMI = '2026-03-10T14:05:00-03:00';

/** A long name, a kilo product and a plain one, by turns: wrapping, decimals and "SEM GTIN". */
function produto(n: number) {
  const tipo = n % 3;
  if (tipo === 1)
    return {
      cProd: `P${String(n).padStart(5, '0')}`,
      cEAN: '7891000315507',
      xProd: `ARROZ BRANCO TIPO 1 PACOTE 5KG MARCA PRUMO SELECAO ESPECIAL LOTE ${n}`,
      NCM: '10063021',
      CEST: '1700700',
      uCom: 'UN',
      qCom: '2.0000',
      vUnCom: '25.9000000000',
      vProd: 5180,
      vDesc: 180,
    };
  if (tipo === 2)
    return {
      cProd: `P${String(n).padStart(5, '0')}`,
      cEAN: 'SEM GTIN',
      xProd: `QUEIJO MINAS FRESCAL ${n}`,
      NCM: '04061010',
      CEST: '',
      uCom: 'KG',
      qCom: '1.2550',
      vUnCom: '39.9000000000',
      vProd: 5007,
      vDesc: 0,
    };
  return {
    cProd: `P${String(n).padStart(5, '0')}`,
    cEAN: '7894900011517',
    xProd: `REFRIGERANTE LATA 350ML ${n}`,
    NCM: '22021000',
    CEST: '0300700',
    uCom: 'UN',
    qCom: '12.0000',
    vUnCom: '4.5000000000',
    vProd: 5400,
    vDesc: 0,
  };
}

const reais = (centavos: number) => (centavos / 100).toFixed(2);

const ENDERECO_EMITENTE =
  '<enderEmit><xLgr>Rua das Flores</xLgr><nro>123</nro><xCpl>Loja 2</xCpl><xBairro>Centro</xBairro>' +
  '<cMun>4106902</cMun><xMun>Curitiba</xMun><UF>PR</UF><CEP>80010000</CEP><cPais>1058</cPais>' +
  '<xPais>Brasil</xPais><fone>4133334444</fone></enderEmit>';

const ASSINATURA = (chave: string) =>
  '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>' +
  '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>' +
  '<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>' +
  `<Reference URI="#NFe${chave}"><Transforms>` +
  '<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>' +
  '<Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>' +
  '<DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>' +
  '<DigestValue>q6oJ0xdHZ6DMg2WdW0ZLfzf3kOc=</DigestValue></Reference></SignedInfo>' +
  '<SignatureValue>c2lnbmF0dXJlLXBsYWNlaG9sZGVy</SignatureValue><KeyInfo><X509Data>' +
  '<X509Certificate>Y2VydGlmaWNhdGUtcGxhY2Vob2xkZXI=</X509Certificate></X509Data></KeyInfo>' +
  '</Signature>';

/** An NF-e or NFC-e of `itens` items, as SEFAZ keeps it (nfeProc) or as signed (NFe). */
export function nfeFixture(opcoes: OpcoesFixture): string {
  const { mod, nNF, itens } = opcoes;
  const tpAmb = opcoes.tpAmb ?? 1;
  const tpEmis = opcoes.tpEmis ?? 1;
  const cNF = '10293847';
  const chave = montarChave({
    uf: 'PR',
    emissao: '2026-03',
    documento: CNPJ_EMITENTE,
    modelo: mod,
    serie: 1,
    numero: nNF,
    tipoEmissao: tpEmis,
    codigoNumerico: cNF,
  });
  const homologacao = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

  const dets: string[] = [];
  let vProd = 0;
  let vDesc = 0;
  for (let n = 1; n <= itens; n++) {
    const p = produto(n);
    // In homologação the first NFC-e item carries SEFAZ's fixed text.
    const xProd =
      mod === 65 && tpAmb === 2 && n === 1
        ? 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL'
        : p.xProd;
    vProd += p.vProd;
    vDesc += p.vDesc;
    dets.push(
      `<det nItem="${n}"><prod><cProd>${p.cProd}</cProd><cEAN>${p.cEAN}</cEAN><xProd>${xProd}</xProd>` +
        `<NCM>${p.NCM}</NCM>${p.CEST ? `<CEST>${p.CEST}</CEST>` : ''}<CFOP>5102</CFOP>` +
        `<uCom>${p.uCom}</uCom><qCom>${p.qCom}</qCom><vUnCom>${p.vUnCom}</vUnCom>` +
        `<vProd>${reais(p.vProd)}</vProd><cEANTrib>${p.cEAN}</cEANTrib><uTrib>${p.uCom}</uTrib>` +
        `<qTrib>${p.qCom}</qTrib><vUnTrib>${p.vUnCom}</vUnTrib>` +
        (p.vDesc ? `<vDesc>${reais(p.vDesc)}</vDesc>` : '') +
        '<indTot>1</indTot></prod>' +
        `<imposto><vTotTrib>${reais(Math.round(p.vProd * 0.1))}</vTotTrib><ICMS><ICMSSN102><orig>0</orig>` +
        '<CSOSN>102</CSOSN></ICMSSN102></ICMS><PIS><PISOutr><CST>99</CST><vBC>0.00</vBC>' +
        '<pPIS>0.0000</pPIS><vPIS>0.00</vPIS></PISOutr></PIS><COFINS><COFINSOutr><CST>99</CST>' +
        '<vBC>0.00</vBC><pCOFINS>0.0000</pCOFINS><vCOFINS>0.00</vCOFINS></COFINSOutr></COFINS>' +
        '</imposto></det>',
    );
  }
  const vFrete = mod === 55 ? 2500 : 0;
  const vNF = vProd - vDesc + vFrete;
  const vTotTrib = Math.round(vProd * 0.1);

  const dest =
    mod === 55
      ? `<dest><CNPJ>44555666000190</CNPJ><xNome>${tpAmb === 2 ? homologacao : 'MERCADO BOM PRECO LTDA'}</xNome>` +
        '<enderDest><xLgr>Avenida Brasil</xLgr><nro>4500</nro><xCpl>Galpao 3</xCpl>' +
        '<xBairro>Jardim Botanico</xBairro><cMun>4113700</cMun><xMun>Londrina</xMun><UF>PR</UF>' +
        '<CEP>86010000</CEP><cPais>1058</cPais><xPais>Brasil</xPais><fone>4332221111</fone>' +
        '</enderDest><indIEDest>1</indIEDest><IE>9012345678</IE><email>compras@bompreco.com.br</email></dest>'
      : opcoes.cpf
        ? `<dest><CPF>${opcoes.cpf}</CPF>${tpAmb === 2 ? `<xNome>${homologacao}</xNome>` : ''}<indIEDest>9</indIEDest></dest>`
        : '';

  // NF-e: half by boleto (with its duplicatas), half by PIX. NFC-e: cash with troco, and a card.
  const cobr =
    mod === 55
      ? `<cobr><fat><nFat>${nNF}</nFat><vOrig>${reais(vNF)}</vOrig><vDesc>0.00</vDesc><vLiq>${reais(vNF)}</vLiq></fat>` +
        `<dup><nDup>001</nDup><dVenc>2026-04-09</dVenc><vDup>${reais(Math.floor(vNF / 2))}</vDup></dup>` +
        `<dup><nDup>002</nDup><dVenc>2026-05-09</dVenc><vDup>${reais(vNF - Math.floor(vNF / 2))}</vDup></dup></cobr>`
      : '';
  const pag =
    mod === 55
      ? `<pag><detPag><indPag>1</indPag><tPag>15</tPag><vPag>${reais(vNF)}</vPag></detPag></pag>`
      : `<pag><detPag><indPag>0</indPag><tPag>01</tPag><vPag>${reais(vNF - 1000 + 1550)}</vPag></detPag>` +
        '<detPag><indPag>0</indPag><tPag>03</tPag><vPag>10.00</vPag><card><tpIntegra>2</tpIntegra></card></detPag>' +
        '<vTroco>15.50</vTroco></pag>';
  const transp =
    mod === 55
      ? '<transp><modFrete>0</modFrete><transporta><CNPJ>55666777000105</CNPJ>' +
        '<xNome>TRANSPORTES RAPIDOS DO SUL LTDA</xNome><IE>1234567890</IE>' +
        '<xEnder>Rodovia BR-277, km 5</xEnder><xMun>Sao Jose dos Pinhais</xMun><UF>PR</UF></transporta>' +
        '<vol><qVol>3</qVol><esp>CAIXA</esp><marca>PRUMO</marca><nVol>1-3</nVol>' +
        '<pesoL>42.500</pesoL><pesoB>45.000</pesoB></vol></transp>'
      : '<transp><modFrete>9</modFrete></transp>';

  const contingencia =
    tpEmis === 9
      ? '<dhCont>2026-03-10T13:50:00-03:00</dhCont>' +
        '<xJust>SEFAZ sem resposta no prazo: NFC-e emitida em contingencia offline</xJust>'
      : '';
  const ide =
    `<ide><cUF>41</cUF><cNF>${cNF}</cNF><natOp>VENDA DE MERCADORIA</natOp><mod>${mod}</mod>` +
    `<serie>1</serie><nNF>${nNF}</nNF><dhEmi>${DH_EMI}</dhEmi>` +
    (mod === 55 ? `<dhSaiEnt>2026-03-10T15:30:00-03:00</dhSaiEnt>` : '') +
    `<tpNF>1</tpNF><idDest>1</idDest><cMunFG>4106902</cMunFG><tpImp>${mod === 55 ? 1 : 4}</tpImp>` +
    `<tpEmis>${tpEmis}</tpEmis><cDV>${chave.at(-1)}</cDV><tpAmb>${tpAmb}</tpAmb><finNFe>1</finNFe>` +
    `<indFinal>${mod === 65 ? 1 : 0}</indFinal><indPres>1</indPres><procEmi>0</procEmi>` +
    `<verProc>Prumo 0.1.0</verProc>${contingencia}</ide>`;

  const infNFe =
    `<infNFe Id="NFe${chave}" versao="4.00">${ide}` +
    `<emit><CNPJ>${CNPJ_EMITENTE}</CNPJ><xNome>PADARIA PAO QUENTE LTDA</xNome>` +
    `<xFant>Padaria Pão Quente</xFant>${ENDERECO_EMITENTE}<IE>9044016688</IE><CRT>1</CRT></emit>` +
    dest +
    dets.join('') +
    `<total><ICMSTot><vBC>0.00</vBC><vICMS>0.00</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP>` +
    `<vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet>` +
    `<vProd>${reais(vProd)}</vProd><vFrete>${reais(vFrete)}</vFrete><vSeg>0.00</vSeg>` +
    `<vDesc>${reais(vDesc)}</vDesc><vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>0.00</vIPIDevol>` +
    `<vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>0.00</vOutro><vNF>${reais(vNF)}</vNF>` +
    `<vTotTrib>${reais(vTotTrib)}</vTotTrib></ICMSTot></total>` +
    transp +
    cobr +
    pag +
    '<infAdic><infCpl>DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL. ' +
    'NAO GERA DIREITO A CREDITO FISCAL DE IPI. Pedido 4521; entregar no horario comercial.</infCpl></infAdic>' +
    '<infRespTec><CNPJ>11222333000181</CNPJ><xContato>Suporte Prumo</xContato>' +
    '<email>suporte@prumo.dev</email><fone>4133334444</fone></infRespTec></infNFe>';

  const qrCode =
    tpEmis === 9
      ? `${urlQrCode(tpAmb)}?p=${chave}|3|${tpAmb}|10|${reais(vNF)}|${opcoes.cpf ? `2|${opcoes.cpf}` : '|'}|` +
        'U2lnbmF0dXJlT2ZUaGVPZmZsaW5lRmllbGRzUGxhY2Vob2xkZXI='
      : `${urlQrCode(tpAmb)}?p=${chave}|3|${tpAmb}`;
  const supl =
    mod === 65
      ? `<infNFeSupl><qrCode><![CDATA[${qrCode}]]></qrCode>` +
        '<urlChave>http://www.fazenda.pr.gov.br/nfce/consulta</urlChave></infNFeSupl>'
      : '';
  const nfe = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe">${infNFe}${supl}${ASSINATURA(chave)}</NFe>`;
  if (opcoes.semProtocolo || tpEmis === 9) return nfe;
  return (
    `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${nfe}` +
    `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>PR-v4_8_58</verAplic>` +
    `<chNFe>${chave}</chNFe><dhRecbto>2026-03-10T14:05:03-03:00</dhRecbto>` +
    `<nProt>${mod === 55 ? '141260000012345' : '141260000067890'}</nProt>` +
    '<digVal>q6oJ0xdHZ6DMg2WdW0ZLfzf3kOc=</digVal><cStat>100</cStat>' +
    `<xMotivo>Autorizado o uso da ${mod === 55 ? 'NF-e' : 'NFC-e'}</xMotivo></infProt></protNFe></nfeProc>`
  );
}

function urlQrCode(tpAmb: 1 | 2) {
  return tpAmb === 1
    ? 'http://www.fazenda.pr.gov.br/nfce/qrcode'
    : 'http://www.homologacao.fazenda.pr.gov.br/nfce/qrcode';
}

/** The access key inside a fixture. */
export const chaveDe = (xml: string) => /Id="NFe(\d{44})"/.exec(xml)![1]!;
/** The QR code's text inside an NFC-e fixture. */
export const qrCodeDe = (xml: string) => /<qrCode><!\[CDATA\[(.*?)\]\]><\/qrCode>/.exec(xml)![1]!;

export const NFE_10_ITENS = nfeFixture({ mod: 55, nNF: 1234, itens: 10 });
export const NFE_60_ITENS = nfeFixture({ mod: 55, nNF: 1235, itens: 60 });
export const NFE_HOMOLOGACAO = nfeFixture({ mod: 55, nNF: 1236, itens: 3, tpAmb: 2 });
export const NFCE_COM_CPF = nfeFixture({ mod: 65, nNF: 123, itens: 3, cpf: '12345678909' });
export const NFCE_SEM_CPF = nfeFixture({ mod: 65, nNF: 124, itens: 2 });
export const NFCE_CONTINGENCIA = nfeFixture({
  mod: 65,
  nNF: 125,
  itens: 2,
  tpEmis: 9,
  cpf: '12345678909',
});
export const NFCE_HOMOLOGACAO = nfeFixture({ mod: 65, nNF: 126, itens: 2, tpAmb: 2 });
