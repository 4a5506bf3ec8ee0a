// The SEFAZ client against the simulator: the real protocol end to end (mutual TLS, SOAP 1.2,
// schemas, signatures), one simulator and one certificate for the whole file.
import https from 'node:https';
import forge from 'node-forge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gerarCertificadoTeste } from '../certificado/certificado-teste';
import { assinaturaValida, digestValue } from '../nfe/assinatura';
import { validarXml } from '../nfe/esquemas';
import type { CertificadoPem, NotaDados } from '../nfe/nfe-dados';
import {
  CNPJ_EMITENTE_EXEMPLO,
  emitirLocalmente,
  itemDeExemplo,
  notaDeExemplo,
} from '../nfe/nfe-exemplo';
import { enviNFe, montarNfeProc } from './mensagens';
import {
  SefazClient,
  SefazIndisponivel,
  SefazMensagemInvalida,
  SefazSemResposta,
  type OpcoesSefazClient,
} from './sefaz-client';
import { iniciarSimuladorSefaz, type SimuladorSefaz } from './sefaz-simulador';
import type { ServicoSefaz } from './sefaz-urls';
import { envelopeSoap, lerEnvelopeSoap, serializar, tipoConteudoSoap } from './soap';

let simulador: SimuladorSefaz;
let certificado: CertificadoPem;
let cliente: SefazClient;
const clientes: SefazClient[] = [];

function novoCliente(opcoes: Partial<OpcoesSefazClient> = {}): SefazClient {
  const novo = new SefazClient({
    uf: 'SP',
    tpAmb: 2,
    certificado,
    ca: [simulador.caPem],
    urls: simulador.urls,
    timeoutMs: 10_000,
    ...opcoes,
  });
  clientes.push(novo);
  return novo;
}

beforeAll(async () => {
  simulador = await iniciarSimuladorSefaz();
  certificado = gerarCertificadoTeste({
    cnpj: CNPJ_EMITENTE_EXEMPLO,
    razaoSocial: 'LOJA EXEMPLO COMERCIO DE ROUPAS LTDA',
  }).pem;
  cliente = novoCliente();
});

afterEach(() => simulador.definirCenario({ tipo: 'normal' }));

afterAll(async () => {
  clientes.forEach((c) => c.fechar());
  await simulador?.parar();
});

// Each test uses its own numbers: the simulator remembers every note it authorized.
let proximoNumero = 100;
async function notaAssinada(outros: Partial<NotaDados> = {}) {
  const nota = await emitirLocalmente(
    notaDeExemplo({ numero: proximoNumero++, ...outros }, 2),
    certificado,
  );
  expect(nota.validacao.erros).toEqual([]);
  return nota;
}

async function esperarValido(xml: string, esquema: Parameters<typeof validarXml>[1]) {
  const { valido, erros } = await validarXml(xml, esquema);
  expect(erros).toEqual([]);
  expect(valido).toBe(true);
}

/** A request the client would never send (it validates first), straight to the simulator. */
function postarCru(servico: ServicoSefaz, mensagem: string): Promise<string> {
  const corpo = envelopeSoap(servico, mensagem);
  return new Promise((resolve, reject) => {
    const pedido = https.request(
      simulador.urls[servico],
      {
        method: 'POST',
        key: certificado.chavePrivadaPem,
        cert: certificado.certificadoPem,
        ca: [simulador.caPem],
        headers: { 'Content-Type': tipoConteudoSoap(servico) },
      },
      (resposta) => {
        const partes: Buffer[] = [];
        resposta.on('data', (parte: Buffer) => partes.push(parte));
        resposta.on('end', () => resolve(Buffer.concat(partes).toString('utf8')));
      },
    );
    pedido.on('error', reject);
    pedido.end(corpo);
  });
}

const texto = (xml: string, nome: string) =>
  new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(xml)?.[1] ?? null;

describe('status and connection', () => {
  it('answers 107 over mutual TLS, with an answer valid against retConsStatServ', async () => {
    const status = await cliente.statusServico();
    expect(status).toMatchObject({ cStat: 107, xMotivo: 'Serviço em Operação', tMed: 1 });
    expect(status.dhRecbto).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
    await esperarValido(status.xml, 'retConsStatServ');
  });

  it('refuses a client without a certificate, with one of another CA, or not trusting its CA', async () => {
    const semCertificado = new Promise((resolve, reject) => {
      const pedido = https.request(simulador.urls.NFeStatusServico4, {
        method: 'POST',
        ca: [simulador.caPem],
      });
      pedido.on('response', resolve);
      pedido.on('error', reject);
      pedido.end('<x/>');
    });
    await expect(semCertificado).rejects.toThrow();

    // A self-signed certificate: not of the simulator's CA.
    const chaves = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
    const estranho = forge.pki.createCertificate();
    estranho.publicKey = chaves.publicKey;
    estranho.serialNumber = '01';
    estranho.validity.notBefore = new Date(Date.now() - 60_000);
    estranho.validity.notAfter = new Date(Date.now() + 3_600_000);
    estranho.setSubject([{ name: 'commonName', value: 'OUTRA EMPRESA:11444777000161' }]);
    estranho.setIssuer([{ name: 'commonName', value: 'OUTRA EMPRESA:11444777000161' }]);
    estranho.sign(chaves.privateKey, forge.md.sha256.create());
    const deOutraAc = novoCliente({
      certificado: {
        chavePrivadaPem: forge.pki.privateKeyToPem(chaves.privateKey),
        certificadoPem: forge.pki.certificateToPem(estranho),
        cadeiaPem: [],
      },
    });
    await expect(deOutraAc.statusServico()).rejects.toBeInstanceOf(SefazIndisponivel);

    const semConfianca = novoCliente({ ca: undefined });
    await expect(semConfianca.statusServico()).rejects.toThrow(/conexão segura/);
  });

  it('reports a stopped service with 108 and 109', async () => {
    simulador.definirCenario({ tipo: 'paralisado', cStat: 108 });
    expect((await cliente.statusServico()).cStat).toBe(108);
    simulador.definirCenario({ tipo: 'paralisado', cStat: 109 });
    const status = await cliente.statusServico(65);
    expect(status).toMatchObject({ cStat: 109, xMotivo: 'Serviço Paralisado sem Previsão' });
    await esperarValido(status.xml, 'retConsStatServ');
    const nota = await notaAssinada();
    const retorno = await cliente.autorizar(nota.assinado, '1');
    expect(retorno).toMatchObject({ cStat: 109, protNFe: null });
    expect(simulador.notasAutorizadas().some((n) => n.chave === nota.chave)).toBe(false);
  });

  it('throws SefazSemResposta within timeoutMs when SEFAZ stays silent', async () => {
    simulador.definirCenario({ tipo: 'silencio' });
    const apressado = novoCliente({ timeoutMs: 400 });
    const inicio = performance.now();
    await expect(apressado.statusServico()).rejects.toBeInstanceOf(SefazSemResposta);
    expect(performance.now() - inicio).toBeLessThan(1_400);
  });

  it('throws SefazIndisponivel when nothing listens', async () => {
    const morto = novoCliente({
      urls: {
        ...simulador.urls,
        NFeStatusServico4: 'https://127.0.0.1:1/ws/NFeStatusServico4.asmx',
      },
    });
    await expect(morto.statusServico()).rejects.toThrow(/indisponível \(conexão recusada\)/);
  });
});

describe('authorization', () => {
  it('authorizes a note: 104 + protNFe 100, digVal = the DigestValue, and a valid nfeProc', async () => {
    const nota = await notaAssinada();
    const retorno = await cliente.autorizar(nota.assinado, '1001');
    expect(retorno).toMatchObject({ cStat: 104, xMotivo: 'Lote processado', nRec: null });
    const prot = retorno.protNFe!;
    expect(prot).toMatchObject({
      cStat: 100,
      xMotivo: 'Autorizado o uso da NF-e',
      chNFe: nota.chave,
    });
    expect(prot.nProt).toMatch(/^1\d{14}$/);
    expect(prot.digVal).toBe(digestValue(nota.assinado));
    expect(prot.dhRecbto).toMatch(/-03:00$/);
    await esperarValido(retorno.xml, 'retEnviNFe');

    const nfeProc = montarNfeProc(nota.assinado, prot.xml);
    await esperarValido(nfeProc, 'procNFe');
    expect(nfeProc).toContain(nota.assinado);
    expect(assinaturaValida(nfeProc, 'infNFe')).toBe(true);
    expect(simulador.notasAutorizadas().find((n) => n.chave === nota.chave)).toMatchObject({
      nProt: prot.nProt,
      digVal: prot.digVal,
    });
  });

  it('answers 204 when the same key comes again, and the query gives the same protocol', async () => {
    const nota = await notaAssinada();
    const primeira = await cliente.autorizar(nota.assinado, '1');
    const segunda = await cliente.autorizar(nota.assinado, '2');
    expect(segunda.cStat).toBe(104);
    expect(segunda.protNFe).toMatchObject({ cStat: 204, nProt: null });
    expect(segunda.protNFe!.xMotivo).toContain(`[nProt:${primeira.protNFe!.nProt}]`);

    const consulta = await cliente.consultarProtocolo(nota.chave);
    expect(consulta).toMatchObject({ cStat: 100, chNFe: nota.chave });
    expect(consulta.protNFe).toMatchObject({
      cStat: 100,
      nProt: primeira.protNFe!.nProt,
      digVal: primeira.protNFe!.digVal,
    });
    await esperarValido(consulta.xml, 'retConsSitNFe');
    await esperarValido(montarNfeProc(nota.assinado, consulta.protNFe!.xml), 'procNFe');
  });

  it('remembers, after a restart, the notes it authorized before (given their nfeProc)', async () => {
    const nota = await notaAssinada();
    const autorizada = await cliente.autorizar(nota.assinado, '1');
    const nfeProc = montarNfeProc(nota.assinado, autorizada.protNFe!.xml);
    const outro = await iniciarSimuladorSefaz();
    try {
      outro.lembrar([nfeProc]);
      const deOutro = novoCliente({ ca: [outro.caPem], urls: outro.urls });
      const consulta = await deOutro.consultarProtocolo(nota.chave);
      expect(consulta.protNFe).toMatchObject({ cStat: 100, nProt: autorizada.protNFe!.nProt });
      expect((await deOutro.autorizar(nota.assinado, '2')).protNFe!.cStat).toBe(204);
    } finally {
      await outro.parar();
    }
  });

  it('answers 217 for a key it does not know', async () => {
    const nota = await notaAssinada();
    const consulta = await cliente.consultarProtocolo(nota.chave);
    expect(consulta).toMatchObject({ cStat: 217, protNFe: null });
    await esperarValido(consulta.xml, 'retConsSitNFe');
  });

  it('answers 539 for the same number with another key', async () => {
    const numero = proximoNumero++;
    const primeira = await notaAssinada({ numero });
    expect((await cliente.autorizar(primeira.assinado, '1')).protNFe!.cStat).toBe(100);
    const outra = await notaAssinada({ numero, codigoNumerico: '73920581' });
    expect(outra.chave).not.toBe(primeira.chave);
    const retorno = await cliente.autorizar(outra.assinado, '2');
    expect(retorno.protNFe!.cStat).toBe(539);
    expect(retorno.protNFe!.xMotivo).toContain(`[chNFe:${primeira.chave}]`);
    await esperarValido(retorno.xml, 'retEnviNFe');
  });

  it('answers 297 to a note changed after signing', async () => {
    const nota = await notaAssinada();
    const adulterada = nota.assinado.replace(
      '<natOp>Venda de mercadoria</natOp>',
      '<natOp>Venda de mercadorias</natOp>',
    );
    expect(adulterada).not.toBe(nota.assinado);
    const retorno = await cliente.autorizar(adulterada, '1');
    expect(retorno.protNFe).toMatchObject({
      cStat: 297,
      xMotivo: 'Rejeição: Assinatura difere do calculado',
    });
    await esperarValido(retorno.xml, 'retEnviNFe');
  });

  it('never sends a note that fails the schema; the simulator answers it 225, a bad batch 215, async 452', async () => {
    const nota = await notaAssinada();
    const invalida = nota.assinado.replace(/<NCM>\d{8}<\/NCM>/, '<NCM>6109</NCM>');
    const erro = await cliente.autorizar(invalida, '1').catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(SefazMensagemInvalida);
    expect((erro as SefazMensagemInvalida).message).toMatch(
      /^A nota não passou na validação do esquema: .*NCM/,
    );
    expect(simulador.notasAutorizadas().some((n) => n.chave === nota.chave)).toBe(false);

    const retorno225 = serializar(
      lerEnvelopeSoap(await postarCru('NFeAutorizacao4', enviNFe(invalida, '1')), 'nfeResultMsg'),
    );
    expect(texto(retorno225, 'cStat')).toBe('225');
    expect(texto(retorno225, 'xMotivo')).toMatch(/^Rejeição: Falha no Schema XML da NFe \(.*NCM/);
    await esperarValido(retorno225, 'retEnviNFe');

    const semLote = enviNFe(nota.assinado, '1').replace('<idLote>1</idLote>', '');
    const retorno215 = serializar(
      lerEnvelopeSoap(await postarCru('NFeAutorizacao4', semLote), 'nfeResultMsg'),
    );
    expect(texto(retorno215, 'cStat')).toBe('215');
    await esperarValido(retorno215, 'retEnviNFe');

    const assincrono = enviNFe(nota.assinado, '1', 0);
    expect(texto(await postarCru('NFeAutorizacao4', assincrono), 'cStat')).toBe('452');
  });

  it('rejects the next note with a chosen code, and authorizes it corrected and resent', async () => {
    simulador.definirCenario({
      tipo: 'rejeitar-proxima',
      cStat: 778,
      xMotivo: 'Rejeição: Informado NCM inexistente [nItem:1]',
    });
    const nota = await notaAssinada();
    const rejeitada = await cliente.autorizar(nota.assinado, '1');
    expect(rejeitada.protNFe).toMatchObject({
      cStat: 778,
      xMotivo: 'Rejeição: Informado NCM inexistente [nItem:1]',
      nProt: null,
    });
    // Corrected (another NCM) with the same number and key.
    const numero = Number(nota.chave.slice(25, 34));
    const corrigida = await emitirLocalmente(
      notaDeExemplo({ numero, itens: [itemDeExemplo(1, { ncm: '61099000', cfop: '6102' })] }),
      certificado,
    );
    expect(corrigida.chave).toBe(nota.chave);
    expect((await cliente.autorizar(corrigida.assinado, '2')).protNFe!.cStat).toBe(100);
  });

  it('follows a receipt (103) with NFeRetAutorizacao4', async () => {
    simulador.definirCenario({ tipo: 'assincrono' });
    const nota = await notaAssinada();
    const retorno = await cliente.autorizar(nota.assinado, '1');
    expect(retorno.nRec).toMatch(/^\d{15}$/);
    expect(retorno).toMatchObject({ cStat: 104 });
    expect(retorno.protNFe).toMatchObject({ cStat: 100, chNFe: nota.chave });
    await esperarValido(retorno.xml, 'retConsReciNFe');
  });

  it('authorizes an NFC-e (modelo 65) of a counter sale', async () => {
    const nota = await notaAssinada({
      modelo: 65,
      serie: 2,
      destinatario: undefined,
      itens: [itemDeExemplo(1)],
      pagamentos: [{ tPag: '01', valorCentavos: 5_000 }],
      trocoCentavos: 5_000 - 2 * 2127,
    });
    const retorno = await cliente.autorizar(nota.assinado, '1');
    expect(retorno.protNFe).toMatchObject({ cStat: 100, chNFe: nota.chave });
    await esperarValido(montarNfeProc(nota.assinado, retorno.protNFe!.xml), 'procNFe');
  });
});

describe('inutilização and cancellation', () => {
  it('homologates an inutilização (102), refuses the same range (563) and a used number (241)', async () => {
    const inicio = proximoNumero;
    proximoNumero += 5;
    const pedido = {
      modelo: 55 as const,
      serie: 1,
      inicio,
      fim: inicio + 2,
      justificativa: 'Numeração pulada por falha do sistema',
      ano: 2026,
      cnpj: CNPJ_EMITENTE_EXEMPLO,
    };
    const retorno = await cliente.inutilizar(pedido);
    expect(retorno).toMatchObject({ cStat: 102, xMotivo: 'Inutilização de número homologado' });
    expect(retorno.nProt).toMatch(/^\d{15}$/);
    await esperarValido(retorno.xml, 'retInutNFe');
    expect(assinaturaValida(retorno.xmlPedido, 'infInut')).toBe(true);
    expect((await cliente.inutilizar(pedido)).cStat).toBe(563);

    const nota = await notaAssinada({ numero: inicio });
    expect((await cliente.autorizar(nota.assinado, '1')).protNFe!.cStat).toBe(206);

    const usada = await notaAssinada({ numero: inicio + 4 });
    await cliente.autorizar(usada.assinado, '1');
    const sobreUsada = await cliente.inutilizar({ ...pedido, inicio: inicio + 3, fim: inicio + 4 });
    expect(sobreUsada.cStat).toBe(241);
  });

  it('cancels an authorized note (135), refuses it again (573), and the query answers 101', async () => {
    const nota = await notaAssinada();
    const prot = (await cliente.autorizar(nota.assinado, '1')).protNFe!;
    const pedido = {
      chave: nota.chave,
      protocolo: prot.nProt!,
      justificativa: 'Cliente desistiu da compra após a emissão',
      cnpj: CNPJ_EMITENTE_EXEMPLO,
    };
    const errado = await cliente.cancelar({ ...pedido, protocolo: '135260000000000' });
    expect(errado.evento).toMatchObject({ cStat: 222 });

    const retorno = await cliente.cancelar(pedido);
    expect(retorno).toMatchObject({ cStat: 128 });
    expect(retorno.evento).toMatchObject({
      cStat: 135,
      xMotivo: 'Evento registrado e vinculado a NF-e',
    });
    expect(retorno.evento!.nProt).toMatch(/^\d{15}$/);
    expect(retorno.evento!.dhRegEvento).toMatch(/-03:00$/);
    await esperarValido(retorno.xml, 'retEnvEventoCancNFe');
    await esperarValido(retorno.procEvento!, 'procEventoCancNFe');
    expect(assinaturaValida(retorno.xmlEvento, 'infEvento')).toBe(true);

    const repetido = await cliente.cancelar(pedido);
    expect(repetido.evento).toMatchObject({ cStat: 573, nProt: null });
    expect(repetido.procEvento).toBeNull();
    await esperarValido(repetido.xml, 'retEnvEventoCancNFe');

    const consulta = await cliente.consultarProtocolo(nota.chave);
    expect(consulta).toMatchObject({ cStat: 101 });
    expect(consulta.protNFe?.nProt).toBe(prot.nProt);
    await esperarValido(consulta.xml, 'retConsSitNFe');
    expect(
      simulador.notasAutorizadas().find((n) => n.chave === nota.chave)?.cancelamento,
    ).toMatchObject({
      nProt: retorno.evento!.nProt,
    });
  });

  it('registers correction letters (135), refuses a repeated sequence (573), and the query lists them', async () => {
    const nota = await notaAssinada();
    await cliente.autorizar(nota.assinado, '1');
    const pedido = {
      chave: nota.chave,
      correcao: 'Onde se lê Rua A, 10, leia-se Rua B, 12 & fundos',
      nSeqEvento: 1,
      cnpj: CNPJ_EMITENTE_EXEMPLO,
    };
    const primeira = await cliente.corrigir(pedido);
    expect(primeira).toMatchObject({ cStat: 128 });
    expect(primeira.evento).toMatchObject({ cStat: 135 });
    await esperarValido(primeira.xml, 'retEnvCCe');
    await esperarValido(primeira.procEvento!, 'procCCeNFe');
    expect(texto(primeira.xmlEvento, 'xCorrecao')).toBe(
      'Onde se lê Rua A, 10, leia-se Rua B, 12 &amp; fundos',
    );

    const repetida = await cliente.corrigir(pedido);
    expect(repetida.evento).toMatchObject({ cStat: 573, nProt: null });
    expect((await cliente.corrigir({ ...pedido, nSeqEvento: 2 })).evento?.cStat).toBe(135);

    const consulta = await cliente.consultarProtocolo(nota.chave);
    await esperarValido(consulta.xml, 'retConsSitNFe');
    expect(consulta.eventos.map((e) => [e.tpEvento, e.nSeqEvento, e.cStat])).toEqual([
      ['110110', 1, 135],
      ['110110', 2, 135],
    ]);
    expect(consulta.eventos[0]).toMatchObject({
      texto: pedido.correcao,
      nProt: primeira.evento!.nProt,
    });
    expect(simulador.eventosRecebidos().filter((e) => e.chave === nota.chave)).toHaveLength(3);
  });
});
