// The DANFSe (A4) read back as a person and a scanner would: pdftotext for the blocks, zbarimg
// for the QR code of the national public consultation, pdftotext -bbox for where words sit.
import { beforeAll, describe, expect, it } from 'vitest';
import { MM } from '../../../pdf/documento';
import { CONTEXTO_TESTE, paginasDoPdf, textoDoPdf } from '../../../pdf/pdf-teste';
import { PNG } from '../../../test/multipart-body';
import { codigosDaPagina, corrido, palavrasDaPagina } from '../danfe/danfe-teste';
import { chaveEmGrupos } from '../danfe/nfe-leitura';
import { validarXml } from '../nfe/esquemas';
import {
  AVISO_AMBIENTE_RESTRITO,
  danfsePdf,
  TOMADOR_NAO_IDENTIFICADO,
  urlConsultaPublica,
} from './danfse';
import { dpsDeExemplo } from './dps-exemplo';
import { DESCRICAO_TRIBUTACAO_EXEMPLO, nfseComIssRetido, nfseDeExemplo } from './danfse-fixtures';

let producao: { xml: string; chave: string };
let pdfProducao: Uint8Array;
beforeAll(async () => {
  producao = nfseDeExemplo({ dps: { tpAmb: 1 } });
  pdfProducao = await danfsePdf(producao.xml, CONTEXTO_TESTE);
});

describe('danfsePdf', () => {
  it('prints every block of a national NFS-e on one A4 page', async () => {
    const paginas = await paginasDoPdf(pdfProducao);
    expect(paginas).toHaveLength(1);
    expect(paginas[0]!.largura).toBeCloseTo(210 * MM, 1);
    expect(paginas[0]!.altura).toBeCloseTo(297 * MM, 1);

    const texto = corrido(textoDoPdf(pdfProducao));
    for (const esperado of [
      // Header
      'DANFSe — Documento Auxiliar da NFS-e',
      'CHAVE DE ACESSO DA NFS-E',
      chaveEmGrupos(producao.chave),
      'NÚMERO DA NFS-E COMPETÊNCIA DA NFS-E DATA E HORA DA EMISSÃO DA NFS-E',
      '7 27/11/2026 27/11/2026 10:20:00',
      'NÚMERO DA DPS SÉRIE DA DPS DATA E HORA DA EMISSÃO DA DPS',
      '1 1 27/11/2026 10:15:00',
      'www.nfse.gov.br',
      // Emitente
      'EMITENTE DA NFS-e',
      '11.222.333/0001-81 12345678 (11) 3000-0000 contato@prumo.com.br',
      'Prumo Comércio e Serviços Ltda',
      'NOME FANTASIA',
      'Av. Paulista, 1000 - Bela Vista São Paulo/SP 01310-100',
      'Optante pelo Simples Nacional — ME/EPP',
      'Tributos federais e municipal pelo Simples Nacional',
      // Tomador
      'TOMADOR DO SERVIÇO',
      '529.982.247-25',
      '(11) 98765-4321 maria@exemplo.com.br',
      'Maria Aparecida da Silva',
      'Av. Paulista, 1000 - Ap. 12 - Bela Vista São Paulo/SP 01310-100',
      // Serviço
      'SERVIÇO PRESTADO',
      `14.01.01 ${DESCRICAO_TRIBUTACAO_EXEMPLO}`,
      '1.2001.20.00 São Paulo/SP OS000123',
      'DESCRIÇÃO DO SERVIÇO',
      '1 × Troca de tela de notebook (R$ 350,00); 1 × Limpeza interna (R$ 80,00)',
      // Valores
      'VALORES / TRIBUTAÇÃO MUNICIPAL',
      'Operação tributável Não - -',
      'VALOR DO SERVIÇO DESCONTO INCONDICIONADO BASE DE CÁLCULO DO ISSQN ALÍQUOTA APLICADA ISSQN APURADO VALOR LÍQUIDO DA NFS-E',
      'R$ 430,00 R$ 30,00 R$ 400,00 2,00% R$ 8,00 R$ 400,00',
      // Informações complementares and footer
      'INFORMAÇÕES COMPLEMENTARES',
      'Ordem de serviço nº 000123',
      'Impresso em 10/03/2026 14:30',
      'Folha 1/1',
    ])
      expect(texto, esperado).toContain(esperado);
    expect(texto).not.toContain('SEM VALIDADE');
    expect(texto).not.toContain(TOMADOR_NAO_IDENTIFICADO);
  });

  it('prints a QR code that opens the national public consultation of the key', () => {
    expect(codigosDaPagina(pdfProducao)).toEqual([`QR-Code:${urlConsultaPublica(producao.chave)}`]);
    expect(urlConsultaPublica(producao.chave)).toBe(
      `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${producao.chave}`,
    );
  });

  it('marks a note of the restricted production environment (tpAmb 2) as without legal value', async () => {
    const { xml, chave } = nfseDeExemplo({ dps: { tpAmb: 2 } });
    const pdf = await danfsePdf(xml, CONTEXTO_TESTE);
    expect(await paginasDoPdf(pdf)).toHaveLength(1);
    const texto = corrido(textoDoPdf(pdf));
    expect(texto).toContain(AVISO_AMBIENTE_RESTRITO);
    expect(AVISO_AMBIENTE_RESTRITO).toBe(
      'NFS-e SEM VALIDADE JURÍDICA — AMBIENTE DE PRODUÇÃO RESTRITA / SIMULAÇÃO',
    );
    // The band sits right under the header, above the emitente.
    const palavras = palavrasDaPagina(pdf);
    const banda = palavras.find((p) => p.texto === 'PRODUÇÃO')!;
    const emitente = palavras.find((p) => p.texto === 'EMITENTE')!;
    const rotuloChave = palavras.find((p) => p.texto === 'CHAVE')!;
    expect(banda.yMin).toBeGreaterThan(rotuloChave.yMax);
    expect(banda.yMax).toBeLessThan(emitente.yMin);
    // The watermark does not keep the QR code from reading.
    expect(codigosDaPagina(pdf)).toEqual([`QR-Code:${urlConsultaPublica(chave)}`]);
  });

  it('prints the withheld ISS of a company customer', async () => {
    const { xml } = nfseComIssRetido();
    expect((await validarXml(xml, 'NFSe')).erros).toEqual([]);
    const texto = corrido(textoDoPdf(await danfsePdf(xml, CONTEXTO_TESTE)));
    for (const esperado of [
      '44.555.666/0001-90 98765432 (19) 3232-0000 fiscal@horizonte.com.br',
      'Construtora Horizonte S.A.',
      'Rua Barão de Jaguara, 900 - Centro Campinas/SP 13015-904',
      'TRIBUTAÇÃO DO ISSQN ISSQN RETIDO RESPONSÁVEL PELA RETENÇÃO VALOR DO ISSQN RETIDO',
      'Operação tributável Sim Tomador R$ 20,00',
      'R$ 430,00 R$ 30,00 R$ 400,00 5,00% R$ 20,00 R$ 380,00',
    ])
      expect(texto, esperado).toContain(esperado);
  });

  it('says when the customer is not identified, and prints the NBS description and xOutInf', async () => {
    const { xml } = nfseDeExemplo({
      dps: { tpAmb: 1, tomador: undefined },
      descricaoNbs: 'Serviços de manutenção e reparação de computadores e seus periféricos',
      outrasInformacoes: 'NFS-e gerada pelo emissor público nacional',
    });
    expect((await validarXml(xml, 'NFSe')).erros).toEqual([]);
    const texto = corrido(textoDoPdf(await danfsePdf(xml, CONTEXTO_TESTE)));
    expect(texto).toContain(`TOMADOR DO SERVIÇO ${TOMADOR_NAO_IDENTIFICADO}`);
    expect(texto).not.toContain('Maria Aparecida');
    expect(texto).toContain(
      '1.2001.20.00 Serviços de manutenção e reparação de computadores e seus periféricos',
    );
    expect(texto).toContain('São Paulo/SP OS000123');
    expect(texto).toContain('Outras informações: NFS-e gerada pelo emissor público nacional');
  });

  it('wraps a long description and long informações inside the margins, over more pages', async () => {
    const palavras = (prefixo: string, quantas: number) =>
      Array.from({ length: quantas }, (_, i) => `${prefixo}${String(i + 1).padStart(3, '0')}`);
    // 2,000 characters each: the most xDescServ and xInfComp hold.
    const descricao = palavras('servico', 181);
    const informacoes = palavras('informe', 181);
    const { xml, chave } = nfseDeExemplo({
      dps: {
        tpAmb: 1,
        servico: {
          ...dpsDeExemplo().servico,
          descricao: descricao.join(' '),
          informacoesComplementares: informacoes.join(' '),
        },
      },
      outrasInformacoes: palavras('outra', 150).join(' '),
    });
    const pdf = await danfsePdf(xml, CONTEXTO_TESTE);
    const paginas = await paginasDoPdf(pdf);
    expect(paginas.length).toBeGreaterThanOrEqual(2);

    const lidas: string[] = [];
    for (let pagina = 1; pagina <= paginas.length; pagina++) {
      for (const palavra of palavrasDaPagina(pdf, pagina)) {
        expect(palavra.xMin, palavra.texto).toBeGreaterThanOrEqual(8 * MM - 1);
        expect(palavra.xMax, palavra.texto).toBeLessThanOrEqual(202 * MM + 1);
        expect(palavra.yMax, palavra.texto).toBeLessThanOrEqual(289 * MM);
        lidas.push(palavra.texto);
      }
      const texto = corrido(textoDoPdf(pdf, pagina));
      expect(texto).toContain(`Folha ${pagina}/${paginas.length}`);
      if (pagina > 1) expect(texto).toContain(chaveEmGrupos(chave));
    }
    // Every word once, in order.
    expect(lidas.filter((p) => /^servico\d{3}$/.test(p))).toEqual(descricao);
    expect(lidas.filter((p) => /^informe\d{3}$/.test(p))).toEqual(informacoes);
    expect(corrido(textoDoPdf(pdf))).toContain('(CONTINUAÇÃO)');
  });

  it("draws the company's logo beside the title", async () => {
    const xDoTitulo = async (contexto: typeof CONTEXTO_TESTE) =>
      palavrasDaPagina(await danfsePdf(producao.xml, contexto)).find(
        (palavra) => palavra.texto === 'DANFSe',
      )!.xMin;
    const comLogo = {
      ...CONTEXTO_TESTE,
      empresa: { ...CONTEXTO_TESTE.empresa, logo: { tipoMime: 'image/png', conteudo: PNG } },
    };
    // The 1×1 logo grows to 13 mm square; the title is centred in what is left.
    expect(await xDoTitulo(comLogo)).toBeGreaterThan((await xDoTitulo(CONTEXTO_TESTE)) + 3 * MM);
  });
});
