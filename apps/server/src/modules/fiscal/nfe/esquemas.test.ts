import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARQUIVO_DO_ESQUEMA, type EsquemaNfe, pastaDosEsquemas, validarXml } from './esquemas';

const NFE = 'xmlns="http://www.portalfiscal.inf.br/nfe"';
const STATUS = `<consStatServ ${NFE} versao="4.00"><tpAmb>2</tpAmb><cUF>35</cUF><xServ>STATUS</xServ></consStatServ>`;

describe('validarXml', () => {
  it('has a schema file for every document the design names', () => {
    const pasta = pastaDosEsquemas();
    expect(pasta.endsWith(path.join('esquemas', 'nfe', 'PL_010_V1.30'))).toBe(true);
    const esperados: EsquemaNfe[] = [
      'nfe',
      'enviNFe',
      'retEnviNFe',
      'procNFe',
      'consSitNFe',
      'retConsSitNFe',
      'consStatServ',
      'retConsStatServ',
      'consReciNFe',
      'retConsReciNFe',
      'inutNFe',
      'retInutNFe',
      'envEventoCancNFe',
      'retEnvEventoCancNFe',
    ];
    for (const esquema of esperados) {
      expect(fs.existsSync(path.join(pasta, ARQUIVO_DO_ESQUEMA[esquema]))).toBe(true);
    }
  });

  it('accepts a valid document and answers in pt-BR what is wrong with another', async () => {
    expect(await validarXml(STATUS, 'consStatServ')).toEqual({ valido: true, erros: [] });
    const ruim = await validarXml(
      STATUS.replace('<tpAmb>2', '<tpAmb>3').replace('STATUS', 'ESTADO'),
      'consStatServ',
    );
    expect(ruim.valido).toBe(false);
    expect(ruim.erros).toEqual([
      "Elemento 'tpAmb' fora do esquema oficial: o valor '3' não está entre os permitidos: '1', '2'.",
      "Elemento 'xServ' fora do esquema oficial: o valor 'ESTADO' não está entre os permitidos: 'STATUS'.",
    ]);
  });

  it('names a missing element, a wrong root and malformed XML', async () => {
    const semCuf = await validarXml(STATUS.replace('<cUF>35</cUF>', ''), 'consStatServ');
    expect(semCuf.erros[0]).toBe(
      "Elemento 'xServ' fora do esquema oficial: não era esperado aqui; esperado: cUF.",
    );
    const raiz = await validarXml(STATUS, 'nfe');
    expect(raiz.erros[0]).toMatch(
      /^Elemento 'consStatServ' fora do esquema oficial: o elemento raiz/,
    );
    const quebrado = await validarXml('<consStatServ><tpAmb>', 'consStatServ');
    expect(quebrado.valido).toBe(false);
    expect(quebrado.erros[0]).toMatch(/^O XML está malformado: /);
  });

  it('answers each of many validations at once (batched by schema) with its own result', async () => {
    const documentos: [string, EsquemaNfe][] = [
      [STATUS, 'consStatServ'],
      [STATUS.replace('<tpAmb>2', '<tpAmb>5'), 'consStatServ'],
      ['<consStatServ><tpAmb>', 'consStatServ'],
      [STATUS, 'nfe'],
      [STATUS, 'consStatServ'],
      [STATUS.replace('<cUF>35', '<cUF>99'), 'consStatServ'],
      [STATUS, 'consStatServ'],
    ];
    const resultados = await Promise.all(
      documentos.map(([xml, esquema]) => validarXml(xml, esquema)),
    );
    expect(resultados.map((r) => r.valido)).toEqual([true, false, false, false, true, false, true]);
    expect(resultados[1]!.erros).toHaveLength(1);
    expect(resultados[1]!.erros[0]).toContain("'5'");
    expect(resultados[2]!.erros[0]).toMatch(/^O XML está malformado/);
    expect(resultados[5]!.erros[0]).toContain("Elemento 'cUF'");
  });
});
