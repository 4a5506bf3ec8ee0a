// Reading an nfeProc / NFe (layout 4.00) into what the DANFE prints, and the fixtures' shape
// against the official schemas.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chaveValida } from '@prumo/shared/fiscal';
import {
  NFCE_COM_CPF,
  NFCE_CONTINGENCIA,
  NFCE_HOMOLOGACAO,
  NFCE_SEM_CPF,
  NFE_10_ITENS,
  NFE_60_ITENS,
  NFE_HOMOLOGACAO,
  nfeFixture,
  qrCodeDe,
} from './danfe-fixtures';
import { centavos } from '../xml-leitura';
import {
  chaveEmGrupos,
  dataHoraXml,
  formaDePagamento,
  lerNfe,
  NfeIlegivel,
  numeroDaNota,
  telefone,
} from './nfe-leitura';

describe('lerNfe', () => {
  it('reads an authorized NF-e (nfeProc): ide, emitente, destinatário, items, totals in centavos, transport, fatura, payments, protocol', () => {
    const nota = lerNfe(NFE_10_ITENS);
    expect(chaveValida(nota.chave)).toBe(true);
    expect(nota.chave).toMatch(/^4126031122233300018155001000001234/);
    expect(nota.ide).toMatchObject({
      mod: 55,
      serie: 1,
      nNF: 1234,
      dhEmi: '2026-03-10T14:05:00-03:00',
      tpNF: 1,
      tpAmb: 1,
      tpEmis: 1,
      natOp: 'VENDA DE MERCADORIA',
    });
    expect(nota.emit).toMatchObject({
      CNPJ: '11222333000181',
      xNome: 'PADARIA PAO QUENTE LTDA',
      xFant: 'Padaria Pão Quente',
      IE: '9044016688',
      CRT: '1',
    });
    expect(nota.emit.endereco).toMatchObject({ xMun: 'Curitiba', UF: 'PR', CEP: '80010000' });
    expect(nota.dest).toMatchObject({ CNPJ: '44555666000190', IE: '9012345678' });
    expect(nota.dest?.endereco?.xMun).toBe('Londrina');
    expect(nota.det).toHaveLength(10);
    expect(nota.det[1]).toMatchObject({
      nItem: 2,
      cProd: 'P00002',
      cEAN: 'SEM GTIN',
      NCM: '04061010',
      CFOP: '5102',
      uCom: 'KG',
      qCom: 1.255,
      vUnCom: 39.9,
      vProd: 5007,
      vDesc: 0,
      orig: '0',
      CSOSN: '102',
    });
    expect(nota.det[0]).toMatchObject({ CEST: '1700700', vDesc: 180, vTotTrib: 518 });
    // 4 arroz (51,80; 1,80 off), 3 queijos (50,07), 3 refrigerantes (54,00) and 25,00 freight.
    expect(nota.total).toMatchObject({
      vProd: 4 * 5180 + 3 * 5007 + 3 * 5400,
      vDesc: 4 * 180,
      vFrete: 2500,
      vNF: 4 * 5180 + 3 * 5007 + 3 * 5400 - 4 * 180 + 2500,
      vBC: 0,
      vICMS: 0,
    });
    expect(nota.transp.modFrete).toBe(0);
    expect(nota.transp.transporta).toMatchObject({
      CNPJ: '55666777000105',
      xNome: 'TRANSPORTES RAPIDOS DO SUL LTDA',
    });
    expect(nota.transp.vol).toEqual([
      { qVol: '3', esp: 'CAIXA', marca: 'PRUMO', nVol: '1-3', pesoL: '42.500', pesoB: '45.000' },
    ]);
    expect(nota.cobr?.dup.map((dup) => dup.dVenc)).toEqual(['2026-04-09', '2026-05-09']);
    expect(nota.pag.detPag).toEqual([{ tPag: '15', xPag: '', vPag: nota.total.vNF }]);
    expect(nota.protocolo).toEqual({
      nProt: '141260000012345',
      dhRecbto: '2026-03-10T14:05:03-03:00',
      cStat: '100',
      xMotivo: 'Autorizado o uso da NF-e',
    });
    expect(nota.infAdic.infCpl).toContain('SIMPLES NACIONAL');
    expect(nota.infNFeSupl).toBeNull();
  });

  it('reads an NFC-e: the consumer CPF or none, troco, the QR code and the consultation URL', () => {
    const comCpf = lerNfe(NFCE_COM_CPF);
    expect(comCpf.ide.mod).toBe(65);
    expect(comCpf.dest).toMatchObject({ CPF: '12345678909', xNome: '', endereco: null });
    expect(comCpf.pag.vTroco).toBe(1550);
    expect(comCpf.pag.detPag.map((pag) => pag.tPag)).toEqual(['01', '03']);
    expect(comCpf.infNFeSupl).toEqual({
      qrCode: qrCodeDe(NFCE_COM_CPF),
      urlChave: 'http://www.fazenda.pr.gov.br/nfce/consulta',
    });
    expect(lerNfe(NFCE_SEM_CPF).dest).toBeNull();
    expect(lerNfe(NFCE_HOMOLOGACAO).ide.tpAmb).toBe(2);
  });

  it('reads a bare signed NFe in offline contingency: tpEmis 9, dhCont and xJust, no protocol', () => {
    const nota = lerNfe(NFCE_CONTINGENCIA);
    expect(nota.ide).toMatchObject({
      tpEmis: 9,
      dhCont: '2026-03-10T13:50:00-03:00',
      xJust: 'SEFAZ sem resposta no prazo: NFC-e emitida em contingencia offline',
    });
    expect(nota.chave[34]).toBe('9');
    expect(nota.protocolo).toBeNull();
    expect(nota.infNFeSupl?.qrCode).toContain('|3|1|10|');
  });

  it('refuses what is not an NF-e of layout 4.00, in pt-BR', () => {
    expect(() => lerNfe('<nfeProc')).toThrow(NfeIlegivel);
    expect(() => lerNfe('<NFe><infNFe Id="NFe1"/></NFe>')).toThrow(/leiaute 4.00/);
    expect(() => lerNfe(NFE_10_ITENS.replace(/Id="NFe\d{44}"/, 'Id="NFe123"'))).toThrow(
      'XML da NF-e ilegível: a chave de acesso (infNFe/@Id) é inválida',
    );
  });

  it('turns decimal texts into exact centavos', () => {
    expect(centavos('1234.56')).toBe(123456);
    expect(centavos('0.10')).toBe(10);
    expect(centavos('3')).toBe(300);
    expect(centavos('1.005')).toBe(101);
    expect(centavos('')).toBe(0);
  });

  it('formats what the documents print', () => {
    expect(chaveEmGrupos('41260311222333000181550010000012341102938475')).toBe(
      '4126 0311 2223 3300 0181 5500 1000 0012 3411 0293 8475',
    );
    expect(numeroDaNota(1234)).toBe('000.001.234');
    expect(dataHoraXml('2026-03-10T14:05:03-03:00')).toEqual({
      data: '10/03/2026',
      hora: '14:05:03',
      completa: '10/03/2026 14:05:03',
    });
    expect(dataHoraXml('2026-04-09').completa).toBe('09/04/2026');
    expect(telefone('4133334444')).toBe('(41) 3333-4444');
    expect(telefone('41999998888')).toBe('(41) 99999-8888');
    expect(formaDePagamento('17')).toBe('PIX');
    expect(formaDePagamento('99', 'Permuta')).toBe('Permuta');
  });
});

describe('fixtures', () => {
  const pasta = path.resolve(import.meta.dirname, '../../../../esquemas/nfe/PL_010_V1.30');
  const esquemas = fs
    .readdirSync(pasta)
    .filter((arquivo) => arquivo.endsWith('.xsd'))
    .map((arquivo) => ({
      fileName: arquivo,
      contents: fs.readFileSync(path.join(pasta, arquivo), 'utf8'),
    }));

  async function validar(xml: string) {
    const { validateXML } = await import('xmllint-wasm');
    const principal = xml.startsWith('<nfeProc') ? 'procNFe_v4.00.xsd' : 'nfe_v4.00.xsd';
    const resultado = await validateXML({
      xml: [{ fileName: 'nota.xml', contents: xml }],
      schema: esquemas.filter((esquema) => esquema.fileName === principal),
      preload: esquemas.filter((esquema) => esquema.fileName !== principal),
    });
    return resultado.errors.map((erro) => erro.message);
  }

  it('are valid against the official schemas (nfeProc, or NFe for the contingency)', async () => {
    for (const xml of [
      NFE_10_ITENS,
      NFE_60_ITENS,
      NFE_HOMOLOGACAO,
      NFCE_COM_CPF,
      NFCE_SEM_CPF,
      NFCE_CONTINGENCIA,
      NFCE_HOMOLOGACAO,
      nfeFixture({ mod: 55, nNF: 9, itens: 1, semProtocolo: true }),
    ])
      expect(await validar(xml)).toEqual([]);
    // The check can fail: a note without its CFOP is refused.
    expect(await validar(NFCE_SEM_CPF.replace('<CFOP>5102</CFOP>', ''))).not.toEqual([]);
  });
});
