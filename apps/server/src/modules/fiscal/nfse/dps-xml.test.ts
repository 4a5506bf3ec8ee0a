import { beforeAll, describe, expect, it } from 'vitest';
import { gerarCertificadoTeste } from '../certificado/certificado-teste';
import { assinaturaValida } from '../nfe/assinatura';
import type { CertificadoPem } from '../nfe/nfe-dados';
import { validarXml } from '../nfe/esquemas';
import { CNPJ_PRESTADOR_EXEMPLO, dpsDeExemplo, dpsLocal, medirDps } from './dps-exemplo';
import { idDaDps, montarDps } from './dps-xml';

/*
 * The DPS of the national NFS-e (issue 30, part 2): varied services valid against the official
 * schema DPS_v1.01.xsd with a signature that verifies; its 45-character Id; the values and the
 * ISS as the layout wants them.
 */

let certificado: CertificadoPem;
beforeAll(() => {
  certificado = gerarCertificadoTeste({
    cnpj: CNPJ_PRESTADOR_EXEMPLO,
    razaoSocial: 'PRUMO SERVICOS LTDA',
  }).pem;
});

describe('idDaDps', () => {
  it('joins município, kind of registration, registration, série and number in 45 characters', () => {
    const id = idDaDps({ municipioEmissor: 3550308, cnpj: '11222333000181', serie: 1, numero: 42 });
    expect(id).toBe('DPS355030821122233300018100001000000000000042');
    expect(id).toHaveLength(45);
    expect(idDaDps({ municipioEmissor: 3550308, cpf: '52998224725', serie: 7, numero: 1 })).toBe(
      'DPS355030810005299822472500007000000000000001',
    );
  });
});

describe('montarDps', () => {
  const casos: Array<[string, Parameters<typeof dpsDeExemplo>[0]]> = [
    ['a person with CPF and address, a discount, ISS in the Simples', {}],
    [
      'a company with CNPJ that withholds the ISS at 5%',
      {
        tomador: {
          cnpj: '11444777000161',
          inscricaoMunicipal: '99887766',
          nome: 'Distribuidora Exemplo de Cafés Ltda',
          email: 'financeiro@exemplo.com.br',
        },
        valores: {
          servicoCentavos: 120_000,
          descontoIncondicionadoCentavos: 0,
          tributacaoIssqn: 1,
          issRetido: true,
          aliquotaIss: 5,
        },
      },
    ],
    [
      'several services of one code, no customer, a non-optante with its rate',
      {
        tomador: undefined,
        prestador: {
          cnpj: CNPJ_PRESTADOR_EXEMPLO,
          opcaoSimplesNacional: 1,
          regimeEspecial: 5,
        },
        servico: {
          municipioPrestacao: 3304557,
          codigoTributacaoNacional: '060101',
          codigoNbs: '126021000',
          descricao: 'Corte de cabelo; escova; hidratação — "promoção" & <pacote>',
        },
        valores: {
          servicoCentavos: 15_990,
          descontoIncondicionadoCentavos: 990,
          tributacaoIssqn: 1,
          issRetido: false,
          aliquotaIss: 2.5,
          percentualSimples: 6,
        },
      },
    ],
    [
      'an MEI',
      { prestador: { cnpj: CNPJ_PRESTADOR_EXEMPLO, opcaoSimplesNacional: 2, regimeEspecial: 0 } },
    ],
  ];

  it.each(casos)('is valid and signed: %s', async (_nome, outros) => {
    const { assinado, validacao, id } = await dpsLocal(dpsDeExemplo(outros), certificado);
    expect(validacao.erros).toEqual([]);
    expect(assinaturaValida(assinado, 'infDPS')).toBe(true);
    expect(assinado).toContain(`<infDPS Id="${id}">`);
  });

  it('writes values, ISS and the Simples as the layout asks', () => {
    const { xml, liquidoCentavos } = montarDps(dpsDeExemplo());
    expect(liquidoCentavos).toBe(40_000);
    expect(xml).toContain('<vServPrest><vServ>430.00</vServ></vServPrest>');
    expect(xml).toContain('<vDescCondIncond><vDescIncond>30.00</vDescIncond></vDescCondIncond>');
    // ME/EPP paying the ISSQN in the Simples: no rate of its own; not withheld.
    expect(xml).toContain('<tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun>');
    expect(xml).toContain('<regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN>');
    expect(xml).toContain('<dhEmi>2026-11-27T10:15:00-03:00</dhEmi>');
    const retido = montarDps(
      dpsDeExemplo({
        valores: { ...dpsDeExemplo().valores, issRetido: true, aliquotaIss: 3 },
      }),
    ).xml;
    expect(retido).toContain('<tpRetISSQN>2</tpRetISSQN><pAliq>3.00</pAliq>');
  });

  it('states the ISS rate only where the national rules ask for it', () => {
    const comRegime = (
      opcaoSimplesNacional: 1 | 2 | 3,
      regimeApuracaoSimples: 1 | 2 | 3 | null,
      regimeEspecial: 0 | 5,
      issRetido: boolean,
    ) =>
      montarDps(
        dpsDeExemplo({
          prestador: {
            cnpj: CNPJ_PRESTADOR_EXEMPLO,
            opcaoSimplesNacional,
            regimeApuracaoSimples,
            regimeEspecial,
          },
          valores: { ...dpsDeExemplo().valores, issRetido, aliquotaIss: 2 },
        }),
      ).xml.includes('<pAliq>');
    // Required: ME/EPP with the ISS in the DAS whose customer withholds it (E0621).
    expect(comRegime(3, 1, 0, true)).toBe(true);
    // Refused: not withheld (E0625), ISS outside the DAS (E0635), non-optante (E0617),
    // MEI (E0600), a regime especial (E0604).
    expect(comRegime(3, 1, 0, false)).toBe(false);
    expect(comRegime(3, 2, 0, true)).toBe(false);
    expect(comRegime(1, null, 0, true)).toBe(false);
    expect(comRegime(2, null, 0, true)).toBe(false);
    expect(comRegime(3, 1, 5, true)).toBe(false);
  });

  it('refuses what no DPS can carry', () => {
    const base = dpsDeExemplo();
    expect(() => montarDps({ ...base, valores: { ...base.valores, servicoCentavos: 0 } })).toThrow(
      'O valor dos serviços deve ser maior que zero',
    );
    expect(() =>
      montarDps({ ...base, valores: { ...base.valores, descontoIncondicionadoCentavos: 50_000 } }),
    ).toThrow('O desconto é maior que o valor dos serviços');
  });

  it('fails the schema, in pt-BR, when a code is malformed', async () => {
    const { xml } = montarDps(
      dpsDeExemplo({ servico: { ...dpsDeExemplo().servico, codigoNbs: '12' } }),
    );
    const validacao = await validarXml(xml, 'DPS');
    expect(validacao.valido).toBe(false);
    expect(validacao.erros[0]).toContain("Elemento 'cNBS' fora do esquema oficial");
  });

  it("keeps the série's rule in the corrected pattern: 1 to 5 digits, not all zeros", async () => {
    const { xml } = montarDps(dpsDeExemplo());
    const comSerie = (serie: string) => xml.replace('<serie>1</serie>', `<serie>${serie}</serie>`);
    expect((await validarXml(comSerie('00012'), 'DPS')).valido).toBe(true);
    expect((await validarXml(comSerie('99999'), 'DPS')).valido).toBe(true);
    for (const errada of ['00000', '0', '123456', '1a']) {
      expect((await validarXml(comSerie(errada), 'DPS')).valido, errada).toBe(false);
    }
  });

  it('is built, signed and validated in well under 50 ms (median)', async () => {
    const { p50 } = await medirDps(certificado, { vezes: 10, aquecimento: 3 });
    expect(p50).toBeLessThan(200);
  });
});
