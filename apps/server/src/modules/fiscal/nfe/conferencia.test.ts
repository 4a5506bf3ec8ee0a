import { CONFERENCIA_MENSAGENS as M, FISCAL_MENSAGENS } from '@prumo/shared/fiscal';
import { describe, expect, it } from 'vitest';
import { conferirNota } from './conferencia';
import { gtinValido } from './gtin';
import type { NotaDados } from './nfe-dados';
import { itemDeExemplo, notaDeExemplo } from './nfe-exemplo';
import { URLS_NFCE, urlConsultaNfce, urlQrCodeNfce } from './qrcode';

const nfce = (outros: Partial<NotaDados> = {}) =>
  notaDeExemplo({
    modelo: 65,
    destinatario: undefined,
    itens: [itemDeExemplo(1)],
    ...outros,
  });

describe('conferirNota', () => {
  it('passes complete NF-e and NFC-e', () => {
    expect(conferirNota(notaDeExemplo())).toEqual([]);
    expect(conferirNota(nfce())).toEqual([]);
    expect(
      conferirNota(nfce({ destinatario: { nome: '', cpf: '529.982.247-25', indicadorIE: 9 } })),
    ).toEqual([]);
  });

  it('names the products without NCM, with an invalid NCM, CEST or CFOP, or without unit', () => {
    const nota = notaDeExemplo({
      itens: [
        itemDeExemplo(1, { descricao: 'Camiseta', ncm: '' }),
        itemDeExemplo(2, { descricao: 'Boné', ncm: '6505' }),
        itemDeExemplo(3, { descricao: 'Meia', cest: '12345' }),
        itemDeExemplo(4, { descricao: 'Cinto', cfop: '512', unidade: ' ' }),
      ],
    });
    expect(conferirNota(nota)).toEqual([
      M.produtoSemNcm('Camiseta'),
      M.produtoNcmInvalido('Boné'),
      M.produtoCestInvalido('Meia'),
      M.produtoCfopInvalido('Cinto'),
      M.produtoSemUnidade('Cinto'),
    ]);
    expect(M.produtoSemNcm('Camiseta')).toBe("Produto 'Camiseta' sem NCM");
  });

  it("names what the NF-e's customer lacks", () => {
    expect(conferirNota(notaDeExemplo({ destinatario: undefined }))).toEqual([
      FISCAL_MENSAGENS.vendaSemCliente,
    ]);
    const base = notaDeExemplo().destinatario!;
    const semNada = conferirNota(
      notaDeExemplo({
        destinatario: {
          ...base,
          cnpj: null,
          cpf: null,
          inscricaoEstadual: null,
          endereco: { ...base.endereco!, numero: '', codigoMunicipio: 9999999 },
        },
      }),
    );
    expect(semNada).toEqual([
      M.clienteSemDocumento,
      M.clienteSemEndereco,
      M.clienteSemMunicipio,
      M.clienteSemIe,
    ]);
    expect(M.clienteSemMunicipio).toBe('Cliente sem município');
    // A município of another UF is not the customer's.
    const outraUf = conferirNota(
      notaDeExemplo({ destinatario: { ...base, endereco: { ...base.endereco!, uf: 'SP' } } }),
    );
    expect(outraUf).toEqual([M.clienteSemMunicipio]);
  });

  it("names what the company's registration lacks", () => {
    const base = notaDeExemplo().emitente;
    const problemas = conferirNota(
      notaDeExemplo({
        emitente: {
          ...base,
          cnpj: '11222333000100',
          inscricaoEstadual: '',
          endereco: { ...base.endereco, cep: '123', codigoMunicipio: 0 },
        },
      }),
    );
    expect(problemas).toEqual([
      M.empresaSemCnpj,
      M.empresaSemIe,
      M.empresaSemEndereco,
      M.empresaSemMunicipio,
    ]);
  });

  it('asks the NFC-e for a valid consumer document (the QR code v3 needs no CSC)', () => {
    expect(
      conferirNota(nfce({ destinatario: { nome: 'X', cpf: '11111111111', indicadorIE: 9 } })),
    ).toEqual([M.clienteSemDocumento]);
  });

  it('checks the credit rate of CSOSN 101, the discount, the payments and the troco', () => {
    expect(conferirNota(notaDeExemplo({ itens: [itemDeExemplo(1, { csosn: '101' })] }))).toEqual([
      M.creditoSnSemAliquota,
    ]);
    expect(conferirNota(notaDeExemplo({ descontoCentavos: 99_999_999, pagamentos: [] }))).toEqual([
      M.descontoMaiorQueTotal,
    ]);
    const curta = notaDeExemplo({ pagamentos: [{ tPag: '01', valorCentavos: 1000 }] });
    expect(conferirNota(curta)).toEqual([M.pagamentoInsuficiente]);
    const comTroco = notaDeExemplo({
      pagamentos: [{ tPag: '01', valorCentavos: 20_000 }],
      trocoCentavos: 10_000,
    });
    expect(conferirNota(comTroco)).toEqual([M.trocoIncorreto]);
    expect(conferirNota({ ...comTroco, trocoCentavos: 20_000 - 13_447 })).toEqual([]);
    expect(conferirNota(notaDeExemplo({ pagamentos: [{ tPag: '90', valorCentavos: 0 }] }))).toEqual(
      [],
    );
  });
});

describe('gtinValido', () => {
  it.each(['78912342', '036000291452', '7891000315507', '17891000315504', '9788576082675'])(
    'accepts %s',
    (gtin) => expect(gtinValido(gtin)).toBe(true),
  );

  it.each([
    ['a wrong check digit', '7891000315508'],
    ['restricted circulation (200–299)', '2000000000015'],
    ['a prefix of nobody (962)', '9620000000001'],
    ['a UPC of restricted circulation (starts with 2)', '212345678903'],
    ['GTIN-14 with indicator 0', '07891000315507'],
    ['11 digits', '50000000005'],
    ['letters', 'SEM GTIN'],
    ['zeros', '00000000'],
    ['nothing', null],
  ])('refuses %s', (_, gtin) => expect(gtinValido(gtin)).toBe(false));
});

describe('NFC-e QR code and consultation URL', () => {
  const chave = '35261111222333000181650010000000011405268139';

  it('has both ambientes for every UF', () => {
    expect(Object.keys(URLS_NFCE)).toHaveLength(27);
    for (const porAmbiente of Object.values(URLS_NFCE)) {
      for (const { qrCode, urlChave } of Object.values(porAmbiente)) {
        expect(qrCode).toMatch(/^https?:\/\//);
        expect(urlChave.length).toBeGreaterThanOrEqual(21);
        expect(urlChave.length).toBeLessThanOrEqual(85);
      }
    }
  });

  it('answers the UF addresses', () => {
    expect(urlConsultaNfce('RS', 1)).toBe('www.sefaz.rs.gov.br/nfce/consulta');
    expect(urlConsultaNfce('SP', 2)).toBe(
      'https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica',
    );
    expect(urlQrCodeNfce({ uf: 'PR', tpAmb: 1, chave })).toBe(
      `http://www.fazenda.pr.gov.br/nfce/qrcode?p=${chave}|3|1`,
    );
    expect(() => urlConsultaNfce('XX', 1)).toThrow(/UF/);
  });

  it('signs the seven offline fields without the URL', () => {
    const offline = `${chave.slice(0, 34)}9${chave.slice(35)}`;
    const assinados: string[] = [];
    const url = urlQrCodeNfce({
      uf: 'MG',
      tpAmb: 2,
      chave: offline,
      offline: {
        dia: '05',
        valorNf: '10.50',
        destinatario: { tipo: 1, documento: '11444777000161' },
        assinar: (texto) => {
          assinados.push(texto);
          return 'YXNzaW5hdHVyYQ==';
        },
      },
    });
    expect(assinados).toEqual([`${offline}|3|2|05|10.50|1|11444777000161`]);
    expect(url).toBe(
      `https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml?p=${offline}|3|2|05|10.50|1|11444777000161|YXNzaW5hdHVyYQ==`,
    );
  });
});
