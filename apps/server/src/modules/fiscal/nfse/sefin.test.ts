import { chaveNfseValida } from '@prumo/shared/fiscal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { autoridadeTeste, gerarCertificadoTeste } from '../certificado/certificado-teste';
import { assinarXml, assinaturaValida } from '../nfe/assinatura';
import type { CertificadoPem } from '../nfe/nfe-dados';
import { validarXml } from '../nfe/esquemas';
import { CNPJ_PRESTADOR_EXEMPLO, dpsDeExemplo, dpsLocal, EMITENTE_EXEMPLO } from './dps-exemplo';
import { montarDps } from './dps-xml';
import { lerNfse } from './nfse-leitura';
import { montarPedidoCancelamento } from './nfse-xml';
import { SefinClient, SefinIndisponivel, SefinRecusa, SefinSemResposta } from './sefin-client';
import { iniciarSimuladorSefin, type SimuladorSefin } from './sefin-simulador';

/*
 * The national NFS-e issuer's test double through the real client (issue 30, parts 3 and 4):
 * mutual TLS, JSON with gzipped documents; a DPS becomes a signed NFS-e valid against the schema;
 * a schema error comes back per field; a DPS sent twice is refused and its note found by the DPS's
 * id; a lost answer is recovered by that query, never sent twice; a cancellation registers once.
 */

let simulador: SimuladorSefin;
let cliente: SefinClient;
let certificado: CertificadoPem;
let numero = 0;

const NOMES_SERVICOS: Record<string, string> = {
  '140101':
    'Lubrificação, limpeza, lustração, revisão, carga e recarga, conserto, restauração, blindagem, manutenção e conservação de máquinas, veículos, aparelhos, equipamentos, motores, elevadores ou de qualquer objeto (exceto peças e partes empregadas, que ficam sujeitas ao ICMS).',
};

beforeAll(async () => {
  const autoridade = autoridadeTeste();
  certificado = gerarCertificadoTeste({
    cnpj: CNPJ_PRESTADOR_EXEMPLO,
    razaoSocial: 'PRUMO',
    ca: autoridade,
  }).pem;
  simulador = await iniciarSimuladorSefin({
    autoridade,
    cadastro: (cnpj) => (cnpj === CNPJ_PRESTADOR_EXEMPLO ? EMITENTE_EXEMPLO : undefined),
    nomes: {
      municipio: (codigo) => (codigo === '3550308' ? 'São Paulo' : `Município ${codigo}`),
      tributacaoNacional: (codigo) => NOMES_SERVICOS[codigo],
    },
  });
  cliente = new SefinClient({
    tpAmb: 2,
    certificado,
    ca: [simulador.caPem],
    url: simulador.url,
    timeoutMs: 2_000,
  });
});
afterAll(async () => {
  cliente?.fechar();
  await simulador?.parar();
});
afterEach(() => simulador.definirCenario({ tipo: 'normal' }));

async function dpsAssinada(outros: Parameters<typeof dpsDeExemplo>[0] = {}) {
  return (await dpsLocal(dpsDeExemplo({ numero: ++numero, ...outros }), certificado)).assinado;
}

describe('Sefin Nacional (simulação)', () => {
  it('turns a DPS into a signed NFS-e, found again by its key and by the DPS id', async () => {
    const dps = await dpsAssinada();
    const emitida = await cliente.emitir(dps);
    expect(chaveNfseValida(emitida.chave)).toBe(true);
    expect((await validarXml(emitida.xml, 'NFSe')).erros).toEqual([]);
    expect(assinaturaValida(emitida.xml)).toBe(true);
    const lida = lerNfse(emitida.xml);
    expect(lida).toMatchObject({ chave: emitida.chave, cStat: 100 });
    expect(lida.emit.xNome).toBe(EMITENTE_EXEMPLO.nome);
    expect(await cliente.consultarNfse(emitida.chave)).toBe(emitida.xml);
    expect(await cliente.chaveDaDps(emitida.idDps)).toBe(emitida.chave);
    expect(await cliente.chaveDaDps(`DPS${'0'.repeat(42)}`)).toBeNull();
  });

  it('refuses a DPS outside the schema (E1235, the field named in pt-BR) and a bad signature', async () => {
    const ruim = assinarXml(
      montarDps(
        dpsDeExemplo({ numero: ++numero, servico: { ...dpsDeExemplo().servico, codigoNbs: '12' } }),
      ).xml,
      'infDPS',
      certificado,
    );
    const erro = await cliente.emitir(ruim).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(SefinRecusa);
    expect((erro as SefinRecusa).erros[0]).toMatchObject({ codigo: 'E1235' });
    expect((erro as SefinRecusa).erros[0]!.complemento).toContain("Elemento 'cNBS'");

    const adulterada = (await dpsAssinada()).replace(
      '<vServ>430.00</vServ>',
      '<vServ>1.00</vServ>',
    );
    const assinatura = await cliente.emitir(adulterada).catch((e: unknown) => e);
    expect((assinatura as SefinRecusa).erros[0]?.codigo).toBe('E0714');
  });

  it('refuses a service code outside the national list (E0310)', async () => {
    const dps = await dpsAssinada({
      servico: { ...dpsDeExemplo().servico, codigoTributacaoNacional: '999999' },
    });
    const erro = (await cliente.emitir(dps).catch((e: unknown) => e)) as SefinRecusa;
    expect(erro.erros[0]?.codigo).toBe('E0310');
  });

  it('refuses a rate the município sets (E0617) and a withheld ISS of the Simples without one (E0621)', async () => {
    // A DPS assembled by hand, as another program might: the layout allows pAliq, the rules do not.
    const comAliquota = (dados: ReturnType<typeof dpsDeExemplo>, pAliq: string) =>
      assinarXml(
        montarDps(dados).xml.replace(
          '<tpRetISSQN>1</tpRetISSQN>',
          `<tpRetISSQN>1</tpRetISSQN><pAliq>${pAliq}</pAliq>`,
        ),
        'infDPS',
        certificado,
      );
    const naoOptante = dpsDeExemplo({
      numero: ++numero,
      prestador: {
        ...dpsDeExemplo().prestador,
        opcaoSimplesNacional: 1,
        regimeApuracaoSimples: null,
      },
    });
    const recusa = (await cliente
      .emitir(comAliquota(naoOptante, '2.00'))
      .catch((e: unknown) => e)) as SefinRecusa;
    expect(recusa.erros[0]?.codigo).toBe('E0617');

    const retidoSemAliquota = await dpsAssinada({
      valores: { ...dpsDeExemplo().valores, issRetido: true, aliquotaIss: null },
    });
    const obrigatoria = (await cliente
      .emitir(retidoSemAliquota)
      .catch((e: unknown) => e)) as SefinRecusa;
    expect(obrigatoria.erros[0]?.codigo).toBe('E0621');
    const retidoComAliquota = await dpsAssinada({
      valores: { ...dpsDeExemplo().valores, issRetido: true, aliquotaIss: 3 },
    });
    expect(lerNfse((await cliente.emitir(retidoComAliquota)).xml).valores).toMatchObject({
      pAliqAplic: 3,
    });
  });

  it('never invoices a DPS twice: a resend is refused and its note is found by the DPS id', async () => {
    const dps = await dpsAssinada();
    const primeira = await cliente.emitir(dps);
    const segunda = (await cliente.emitir(dps).catch((e: unknown) => e)) as SefinRecusa;
    expect(segunda).toBeInstanceOf(SefinRecusa);
    expect(segunda.erros[0]?.complemento).toContain(primeira.chave);
    expect(simulador.notas().filter((n) => n.idDps === primeira.idDps)).toHaveLength(1);
  });

  it('a lost answer: SefinSemResposta, then the DPS id query finds the note it became', async () => {
    const dps = await dpsAssinada();
    simulador.definirCenario({ tipo: 'perder-resposta' });
    const erro = await cliente.emitir(dps).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(SefinSemResposta);
    simulador.definirCenario({ tipo: 'normal' });
    const id = simulador.dpsRecebidas().at(-1)!;
    const chave = await cliente.chaveDaDps(id);
    expect(chave).not.toBeNull();
    expect(simulador.notas().filter((n) => n.idDps === id)).toHaveLength(1);
  });

  it('down is SefinIndisponivel (503), and so is a TLS session that fails', async () => {
    simulador.definirCenario({ tipo: 'indisponivel' });
    await expect(cliente.emitir(await dpsAssinada())).rejects.toBeInstanceOf(SefinIndisponivel);
    simulador.definirCenario({ tipo: 'normal' });
    // A client that does not trust the issuer's certificate never gets to send anything.
    const semConfianca = new SefinClient({ tpAmb: 2, certificado, url: simulador.url });
    await expect(semConfianca.emitir(await dpsAssinada())).rejects.toThrow(/conexão segura/);
    semConfianca.fechar();
  });

  it('registers a cancellation (event 101101) once; a second is refused', async () => {
    const emitida = await cliente.emitir(await dpsAssinada());
    const pedido = (sequencia: number) =>
      assinarXml(
        montarPedidoCancelamento({
          tpAmb: 2,
          emitidoEm: new Date(),
          timeZone: 'America/Sao_Paulo',
          cnpjAutor: CNPJ_PRESTADOR_EXEMPLO,
          chave: emitida.chave,
          sequencia,
          motivo: 1,
          justificativa: 'Erro na emissão: valor do serviço incorreto',
        }),
        'infPedReg',
        certificado,
      );
    const evento = await cliente.registrarEvento(emitida.chave, pedido(1));
    expect((await validarXml(evento, 'evento')).erros).toEqual([]);
    expect(assinaturaValida(evento)).toBe(true);
    const outra = (await cliente
      .registrarEvento(emitida.chave, pedido(2))
      .catch((e: unknown) => e)) as SefinRecusa;
    expect(outra.erros[0]?.codigo).toBe('E0840');
  });
});
