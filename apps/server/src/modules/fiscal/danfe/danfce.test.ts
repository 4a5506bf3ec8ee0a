// The DANFCE (80 mm roll) read back with pdftotext, its QR code with zbarimg and measured on
// the rendered page.
import { describe, expect, it } from 'vitest';
import { MM } from '../../../pdf/documento';
import {
  CONTEXTO_TESTE,
  imagemDaPagina,
  medianaMs,
  paginasDoPdf,
  textoDoPdf,
} from '../../../pdf/pdf-teste';
import {
  chaveDe,
  NFCE_COM_CPF,
  NFCE_CONTINGENCIA,
  NFCE_HOMOLOGACAO,
  NFCE_SEM_CPF,
  qrCodeDe,
} from './danfe-fixtures';
import { codigosDaPagina, corrido, palavrasDaPagina } from './danfe-teste';
import { danfcePdf } from './danfce';
import { chaveEmGrupos } from './nfe-leitura';

/**
 * The QR code's printed width in millimetres: the ink between the line above it ("Data de
 * autorização...") and the dashed rule under it, rendered at 300 dpi.
 */
function larguraDoQrMm(pdf: Uint8Array): number {
  const dpi = 300;
  const escala = dpi / 72;
  const palavras = palavrasDaPagina(pdf);
  const acima = palavras.find(
    (p) =>
      p.texto === 'autorização:' &&
      palavras.some((q) => q.texto === 'Data' && Math.abs(q.yMin - p.yMin) < 1),
  )!;
  const abaixo = palavras.find((p) => p.texto === 'Tributos')!;
  const { largura, altura, rgb } = imagemDaPagina(pdf, 1, dpi);
  let xMin = largura;
  let xMax = -1;
  const y0 = Math.ceil(acima.yMax * escala) + 2;
  const y1 = Math.min(altura, Math.floor(abaixo.yMin * escala) - 2);
  for (let y = y0; y < y1; y++) {
    let primeiro = -1;
    let ultimo = -1;
    for (let x = 0; x < largura; x++) {
      const i = (y * largura + x) * 3;
      if (rgb[i]! < 128 && rgb[i + 1]! < 128 && rgb[i + 2]! < 128) {
        if (primeiro < 0) primeiro = x;
        ultimo = x;
      }
    }
    // The dashed separator spans the whole roll; the QR code does not.
    if (primeiro < 0 || ultimo - primeiro > largura * 0.8) continue;
    xMin = Math.min(xMin, primeiro);
    xMax = Math.max(xMax, ultimo);
  }
  return ((xMax - xMin + 1) / dpi) * 25.4;
}

describe('danfcePdf', () => {
  it('prints an authorized NFC-e with the consumer CPF on one 80 mm page', async () => {
    const pdf = await danfcePdf(NFCE_COM_CPF, CONTEXTO_TESTE);
    const paginas = await paginasDoPdf(pdf);
    expect(paginas).toHaveLength(1);
    expect(paginas[0]!.largura).toBeCloseTo(80 * MM, 1);

    const texto = corrido(textoDoPdf(pdf));
    for (const esperado of [
      'PADARIA PAO QUENTE LTDA',
      'CNPJ: 11.222.333/0001-81 IE: 9044016688',
      'Rua das Flores, 123 - Loja 2 - Centro - Curitiba/PR',
      'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
      'Código Descrição',
      'Vl total',
      'P00001 ARROZ BRANCO TIPO 1 PACOTE 5KG',
      '2 UN x 25,90 51,80',
      'Desconto -1,80',
      '1,255 KG x 39,90 50,07',
      '12 UN x 4,50 54,00',
      'Qtde. total de itens 3',
      'Valor total R$ 155,87',
      'Descontos R$ -1,80',
      'Valor a pagar R$ 154,07',
      'FORMA PAGAMENTO VALOR PAGO R$',
      'Dinheiro 159,57',
      'Cartão de Crédito 10,00',
      'Troco R$ 15,50',
      'Consulte pela Chave de Acesso em',
      'http://www.fazenda.pr.gov.br/nfce/consulta',
      chaveEmGrupos(chaveDe(NFCE_COM_CPF)),
      'CONSUMIDOR - CPF 123.456.789-09',
      'NFC-e nº 000000123 Série 001 10/03/2026 14:05:00',
      'Protocolo de autorização: 141260000067890',
      'Data de autorização: 10/03/2026 14:05:03',
      'Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ 15,59',
      'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL',
    ])
      expect(texto, esperado).toContain(esperado);
    for (const ausente of ['SEM VALOR FISCAL', 'CONTINGÊNCIA', 'NÃO IDENTIFICADO'])
      expect(texto).not.toContain(ausente);
  });

  it('prints a QR code at least 25 mm wide that decodes to the qrCode URL', async () => {
    const pdf = await danfcePdf(NFCE_COM_CPF, CONTEXTO_TESTE);
    expect(codigosDaPagina(pdf)).toEqual([`QR-Code:${qrCodeDe(NFCE_COM_CPF)}`]);
    const largura = larguraDoQrMm(pdf);
    expect(largura).toBeGreaterThanOrEqual(25);
    expect(largura).toBeLessThan(45);
  });

  it('says CONSUMIDOR NÃO IDENTIFICADO without a CPF', async () => {
    const texto = corrido(textoDoPdf(await danfcePdf(NFCE_SEM_CPF, CONTEXTO_TESTE)));
    expect(texto).toContain('CONSUMIDOR NÃO IDENTIFICADO');
    expect(texto).not.toContain('CPF');
  });

  it('prints an offline contingency note as EMITIDA EM CONTINGÊNCIA, pending authorization', async () => {
    const pdf = await danfcePdf(NFCE_CONTINGENCIA, CONTEXTO_TESTE);
    const texto = corrido(textoDoPdf(pdf));
    expect(texto).toContain('EMITIDA EM CONTINGÊNCIA');
    expect(texto).toContain('NFC-e nº 000000125 Série 001 10/03/2026 14:05:00');
    expect(texto).toContain('Pendente de autorização');
    expect(texto).not.toContain('Protocolo de autorização');
    // The offline QR code carries the day, the value and the signature of the fields.
    const qr = qrCodeDe(NFCE_CONTINGENCIA);
    expect(qr).toMatch(/\|3\|1\|10\|100\.07\|2\|12345678909\|/);
    expect(codigosDaPagina(pdf)).toEqual([`QR-Code:${qr}`]);
  });

  it('says SEM VALOR FISCAL in homologação', async () => {
    const texto = corrido(textoDoPdf(await danfcePdf(NFCE_HOMOLOGACAO, CONTEXTO_TESTE)));
    expect(texto).toContain('SEM VALOR FISCAL');
    expect(texto).toContain('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO SEM VALOR FISCAL');
    expect(texto).toContain('CONSUMIDOR NÃO IDENTIFICADO');
  });

  it('takes the QR code and the consultation URL from the options when the XML has no infNFeSupl', async () => {
    const qr = qrCodeDe(NFCE_SEM_CPF);
    const xml = NFCE_SEM_CPF.replace(/<infNFeSupl>.*<\/infNFeSupl>/, '');
    const pdf = await danfcePdf(xml, CONTEXTO_TESTE, {
      qrCodeUrl: qr,
      urlConsulta: 'http://www.fazenda.pr.gov.br/nfce/consulta',
    });
    expect(corrido(textoDoPdf(pdf))).toContain('http://www.fazenda.pr.gov.br/nfce/consulta');
    expect(codigosDaPagina(pdf)).toEqual([`QR-Code:${qr}`]);
  });

  it('renders quickly once warm', async () => {
    const mediana = await medianaMs(() => danfcePdf(NFCE_COM_CPF, CONTEXTO_TESTE), 15);
    console.info(`DANFCE (mediana, aquecido): ${mediana.toFixed(1)} ms`);
    expect(mediana).toBeLessThan(1000);
  });
});
