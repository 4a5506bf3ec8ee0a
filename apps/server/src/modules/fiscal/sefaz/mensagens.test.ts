import { UFS } from '@prumo/shared/brasil';
import { describe, expect, it } from 'vitest';
import { enviNFe, idEvento, idInutilizacao, montarNfeProc } from './mensagens';
import { autorizadorSefaz, SERVICOS_SEFAZ, urlsSefaz } from './sefaz-urls';
import { envelopeSoap, lerEnvelopeSoap, tipoConteudoSoap } from './soap';

describe('sefaz-urls', () => {
  it('routes each UF to its authorizer as the official table does', () => {
    expect(autorizadorSefaz('SP', 55)).toBe('SP');
    expect(autorizadorSefaz('ba', 55)).toBe('BA');
    expect(autorizadorSefaz('BA', 65)).toBe('SVRS');
    expect(autorizadorSefaz('MA', 55)).toBe('SVAN');
    expect(autorizadorSefaz('MA', 65)).toBe('SVRS');
    expect(autorizadorSefaz('PE', 65)).toBe('SVRS');
    expect(autorizadorSefaz('RJ', 55)).toBe('SVRS');
    expect(urlsSefaz('RJ', 55, 2).NFeAutorizacao4).toBe(
      'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
    );
    expect(urlsSefaz('SP', 65, 1).NFeStatusServico4).toBe(
      'https://nfce.fazenda.sp.gov.br/ws/NFeStatusServico4.asmx',
    );
    expect(urlsSefaz('MA', 55, 1).NFeConsultaProtocolo4).toBe(
      'https://www.sefazvirtual.fazenda.gov.br/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
    );
  });

  it('has every service of every UF, modelo and ambiente, on HTTPS, homologação apart from produção', () => {
    for (const { sigla } of UFS) {
      for (const modelo of [55, 65] as const) {
        const producao = urlsSefaz(sigla, modelo, 1);
        const homologacao = urlsSefaz(sigla, modelo, 2);
        for (const servico of SERVICOS_SEFAZ) {
          expect(producao[servico]).toMatch(/^https:\/\/[a-z0-9.-]+\.gov\.br\//);
          expect(homologacao[servico]).toMatch(/^https:\/\/[a-z0-9.-]+\.gov\.br\//);
          expect(homologacao[servico]).not.toBe(producao[servico]);
        }
      }
    }
    expect(() => urlsSefaz('XX', 55, 2)).toThrow(/XX/);
  });
});

describe('soap', () => {
  it('writes the SOAP 1.2 envelope and the content type with the action', () => {
    const envelope = envelopeSoap('NFeStatusServico4', '<consStatServ/>');
    expect(envelope).toContain(
      '<soap12:Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4"><consStatServ/></nfeDadosMsg></soap12:Body>',
    );
    expect(tipoConteudoSoap('NFeAutorizacao4')).toBe(
      'application/soap+xml;charset=utf-8;action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote"',
    );
    expect(lerEnvelopeSoap(envelope, 'nfeDadosMsg').localName).toBe('consStatServ');
  });

  it('reads answers with other prefixes and reports SOAP faults', () => {
    const resposta =
      '<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body>' +
      '<ns2:nfeResultMsg xmlns:ns2="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">' +
      '<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><cStat>107</cStat></retConsStatServ>' +
      '</ns2:nfeResultMsg></env:Body></env:Envelope>';
    expect(lerEnvelopeSoap(resposta, 'nfeResultMsg').localName).toBe('retConsStatServ');
    const falha =
      '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><s:Fault>' +
      '<s:Code><s:Value>s:Receiver</s:Value></s:Code><s:Reason><s:Text xml:lang="pt">Erro interno</s:Text></s:Reason>' +
      '</s:Fault></s:Body></s:Envelope>';
    expect(() => lerEnvelopeSoap(falha, 'nfeResultMsg')).toThrow('Erro interno');
    expect(() => lerEnvelopeSoap('<a><b></a>', 'nfeResultMsg')).toThrow(/mal formado/);
  });
});

describe('mensagens', () => {
  it('builds the Ids of inutilização and events as the layout fixes them', () => {
    const id = idInutilizacao({
      tpAmb: 2,
      cUF: 35,
      ano: 2026,
      cnpj: '11222333000181',
      modelo: 65,
      serie: 1,
      inicio: 5,
      fim: 12,
      justificativa: 'Falha na numeração do sistema',
    });
    expect(id).toBe('ID35261122233300018165001000000005000000012');
    expect(id).toMatch(/^ID[0-9]{4}[0-9A-Z]{12}[0-9]{25}$/);
    const chave = '35261111222333000181550010000000011405268130';
    expect(idEvento('110111', chave, 1)).toBe(`ID110111${chave}01`);
  });

  it('puts the signed note into enviNFe and nfeProc byte for byte', () => {
    const nota =
      '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe1">\n  x </infNFe></NFe>';
    expect(enviNFe(`<?xml version="1.0"?>\n${nota}`, '42')).toBe(
      `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>42</idLote><indSinc>1</indSinc>${nota}</enviNFe>`,
    );
    expect(montarNfeProc(nota, '<protNFe versao="4.00"/>')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">' +
        `${nota}<protNFe versao="4.00"/></nfeProc>`,
    );
  });
});
