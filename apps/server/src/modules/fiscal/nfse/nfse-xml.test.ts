import { chaveNfseValida } from '@prumo/shared/fiscal';
import { beforeAll, describe, expect, it } from 'vitest';
import { gerarCertificadoTeste } from '../certificado/certificado-teste';
import { assinarXml, assinaturaValida } from '../nfe/assinatura';
import type { CertificadoPem } from '../nfe/nfe-dados';
import { validarXml } from '../nfe/esquemas';
import { CNPJ_PRESTADOR_EXEMPLO, dpsDeExemplo, dpsLocal, EMITENTE_EXEMPLO } from './dps-exemplo';
import { lerDps, lerNfse } from './nfse-leitura';
import { montarEvento, montarNfse, montarPedidoCancelamento } from './nfse-xml';

/*
 * The NFS-e's other documents (issue 30): the note the national issuer answers, with the DPS
 * inside and both signatures verifying; the cancellation request and its registered event; all
 * valid against the official schemas and read back.
 */

let prestador: CertificadoPem;
let sefin: CertificadoPem;
beforeAll(() => {
  prestador = gerarCertificadoTeste({ cnpj: CNPJ_PRESTADOR_EXEMPLO, razaoSocial: 'PRUMO' }).pem;
  sefin = gerarCertificadoTeste({ cnpj: '00394460000141', razaoSocial: 'SEFIN NACIONAL' }).pem;
});

async function nfseAssinada(outros: Parameters<typeof dpsDeExemplo>[0] = {}) {
  const { assinado } = await dpsLocal(dpsDeExemplo(outros), prestador);
  const { xml, chave } = montarNfse({
    dpsAssinada: assinado,
    dps: lerDps(assinado),
    numero: 7,
    codigoNumerico: '000000123',
    processadaEm: new Date('2026-11-27T13:20:00Z'),
    timeZone: 'America/Sao_Paulo',
    emitente: EMITENTE_EXEMPLO,
    nomes: {
      localEmissao: 'São Paulo',
      localPrestacao: 'São Paulo',
      tributacaoNacional: 'Lubrificação, limpeza, revisão e conserto de máquinas e equipamentos',
    },
    aliquotaPadrao: 2,
  });
  return { xml: assinarXml(xml, 'infNFSe', sefin), chave };
}

describe('montarNfse', () => {
  it('wraps the signed DPS in a note valid against NFSe_v1.01.xsd, both signatures verifying', async () => {
    const { xml, chave } = await nfseAssinada();
    expect((await validarXml(xml, 'NFSe')).erros).toEqual([]);
    expect(assinaturaValida(xml)).toBe(true);
    expect(chaveNfseValida(chave)).toBe(true);
    const lida = lerNfse(xml);
    expect(lida).toMatchObject({ chave, nNFSe: 7, cStat: 100, ambGer: 2 });
    expect(lida.valores).toEqual({
      vBC: 40_000,
      pAliqAplic: 2,
      vISSQN: 800,
      vTotalRet: 0,
      vLiq: 40_000,
    });
    expect(lida.dps.toma?.xNome).toBe('Maria Aparecida da Silva');
    expect(lida.dps.serv.cTribNac).toBe('140101');
  });

  it('takes the withheld ISS out of the net value', async () => {
    const { xml } = await nfseAssinada({
      valores: { ...dpsDeExemplo().valores, issRetido: true, aliquotaIss: 5 },
    });
    expect((await validarXml(xml, 'NFSe')).erros).toEqual([]);
    expect(lerNfse(xml).valores).toMatchObject({ vISSQN: 2_000, vTotalRet: 2_000, vLiq: 38_000 });
  });
});

describe('cancelamento', () => {
  it('asks and registers event 101101, both valid and signed', async () => {
    const { chave } = await nfseAssinada();
    const pedido = assinarXml(
      montarPedidoCancelamento({
        tpAmb: 2,
        emitidoEm: new Date('2026-11-27T14:00:00Z'),
        timeZone: 'America/Sao_Paulo',
        cnpjAutor: CNPJ_PRESTADOR_EXEMPLO,
        chave,
        sequencia: 1,
        motivo: 2,
        justificativa: 'Serviço não prestado: cliente desistiu',
      }),
      'infPedReg',
      prestador,
    );
    expect((await validarXml(pedido, 'pedRegEvento')).erros).toEqual([]);
    const evento = assinarXml(
      montarEvento({
        pedidoAssinado: pedido,
        chave,
        tpEvento: '101101',
        sequencia: 1,
        processadoEm: new Date('2026-11-27T14:00:05Z'),
        timeZone: 'America/Sao_Paulo',
        numeroDfe: 8,
      }),
      'infEvento',
      sefin,
    );
    expect((await validarXml(evento, 'evento')).erros).toEqual([]);
    expect(assinaturaValida(evento)).toBe(true);
  });
});
