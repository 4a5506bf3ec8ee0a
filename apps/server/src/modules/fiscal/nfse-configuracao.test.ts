import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditoriaEntrada } from '@prumo/shared/auditoria';
import { NFSE_MENSAGENS, type ConfiguracaoFiscal } from '@prumo/shared/fiscal';
import { selectRows } from '../../db/sql-helpers';
import { createTestContext, MANAGER_EMAIL, type TestContext } from '../../test/test-app';
import { reservarNumeroDps } from './fiscal.repository';

/*
 * The NFS-e's settings (issue 30, part 1) in Configurações → Fiscal: inscrição municipal, the
 * Simples Nacional situation and regimes of the DPS, the national issuer, and the DPS série with
 * its next number per ambiente.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const URL = '/api/fiscal/configuracao';

async function ler(): Promise<ConfiguracaoFiscal> {
  const response = await ctx.request({ method: 'GET', url: URL });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConfiguracaoFiscal>();
}

const salvar = (payload: Record<string, unknown>) =>
  ctx.request({ method: 'PUT', url: URL, payload });

async function salvo(payload: Record<string, unknown>): Promise<ConfiguracaoFiscal> {
  const response = await salvar(payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConfiguracaoFiscal>();
}

describe('NFS-e settings', () => {
  it('are the demo company’s: inscrição municipal, ME/EPP on the national issuer, NFS-e on', async () => {
    expect(await ler()).toMatchObject({
      ambiente: 'simulacao',
      inscricao_municipal: '12345678',
      nfse_op_simples_nacional: 3,
      nfse_regime_apuracao_sn: 1,
      nfse_regime_especial: 0,
      nfse_emissor_nacional: true,
      nfse_ativa: true,
      nfse_serie: 1,
      nfse_proximo_numero: 1,
    });
    // Only admins read and write them.
    const gerente = await ctx.request({ method: 'GET', url: URL, as: MANAGER_EMAIL });
    expect(gerente.statusCode).toBe(403);
  });

  it('save and reload every field, the inscrição municipal without its punctuation', async () => {
    const nfse = {
      inscricao_municipal: 'ab-123.456/7',
      nfse_op_simples_nacional: 2,
      nfse_regime_apuracao_sn: 2,
      nfse_regime_especial: 5,
      nfse_emissor_nacional: true,
      nfse_ativa: true,
      nfse_serie: 12,
      nfse_proximo_numero: 40,
    };
    const esperado = { ...nfse, inscricao_municipal: 'AB1234567' };
    expect(await salvo(nfse)).toMatchObject(esperado);
    expect(await ler()).toMatchObject(esperado);
    // The rest of the settings stay as they were.
    expect(await ler()).toMatchObject({ crt: 1, nfe_serie: 1, cfop_dentro_uf: '5102' });
    const [row] = await selectRows<{ inscricao_municipal: string; nfse_serie: number }>(
      ctx.database.db,
      sql`SELECT inscricao_municipal, nfse_serie FROM configuracao_fiscal WHERE id = 1`,
    );
    expect(row).toEqual({ inscricao_municipal: 'AB1234567', nfse_serie: 12 });
    // Cleared with null.
    expect((await salvo({ inscricao_municipal: null })).inscricao_municipal).toBeNull();
    expect((await salvo({ inscricao_municipal: '' })).inscricao_municipal).toBeNull();
  });

  it('refuse bad values with pt-BR messages, by field', async () => {
    const casos: Array<[Record<string, unknown>, string, string]> = [
      [
        { inscricao_municipal: '1234567890123456' },
        'inscricao_municipal',
        NFSE_MENSAGENS.inscricaoMunicipal,
      ],
      [{ inscricao_municipal: 'IM#1' }, 'inscricao_municipal', NFSE_MENSAGENS.inscricaoMunicipal],
      [
        { nfse_op_simples_nacional: 4 },
        'nfse_op_simples_nacional',
        NFSE_MENSAGENS.opSimplesNacional,
      ],
      [{ nfse_regime_apuracao_sn: 0 }, 'nfse_regime_apuracao_sn', NFSE_MENSAGENS.regimeApuracaoSn],
      [{ nfse_regime_especial: 7 }, 'nfse_regime_especial', NFSE_MENSAGENS.regimeEspecial],
      [{ nfse_serie: 0 }, 'nfse_serie', 'Série da DPS deve estar entre 1 e 99999'],
      [{ nfse_serie: 100_000 }, 'nfse_serie', NFSE_MENSAGENS.serie],
      [
        { nfse_proximo_numero: 0 },
        'nfse_proximo_numero',
        'Número deve estar entre 1 e 999.999.999',
      ],
      [{ nfse_emissor_nacional: 'sim' }, 'nfse_emissor_nacional', 'Informe verdadeiro ou falso'],
      // MEI (CRT 4) is MEI on the NFS-e too.
      [
        { crt: 4, nfse_op_simples_nacional: 3 },
        'nfse_op_simples_nacional',
        NFSE_MENSAGENS.opSimplesNacionalMei,
      ],
      // The NFS-e cannot be on where the município has its own issuer.
      [
        { nfse_emissor_nacional: false, nfse_ativa: true },
        'nfse_ativa',
        NFSE_MENSAGENS.emissorMunicipal,
      ],
    ];
    const antes = await ler();
    for (const [payload, campo, mensagem] of casos) {
      const response = await salvar(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        response.json<{ fields: Record<string, string> }>().fields,
        JSON.stringify(payload),
      ).toMatchObject({
        [campo]: mensagem,
      });
    }
    expect(await ler()).toEqual(antes);
  });

  it('say plainly when the município does not use the national issuer', async () => {
    const semEmissor = await salvo({ nfse_emissor_nacional: false, nfse_ativa: false });
    expect(semEmissor).toMatchObject({ nfse_emissor_nacional: false, nfse_ativa: false });
    // Turning it on again without the national issuer is refused with that sentence.
    const ligar = await salvar({ nfse_ativa: true });
    expect(ligar.statusCode).toBe(400);
    expect(ligar.json<{ message: string }>().message).toBe(
      'O município da empresa não usa o emissor nacional: a NFS-e não é emitida pelo Prumo',
    );
    expect(await salvo({ nfse_emissor_nacional: true, nfse_ativa: true })).toMatchObject({
      nfse_emissor_nacional: true,
      nfse_ativa: true,
    });
  });

  it('take the Simples Nacional situation from the CRT unless one is chosen', async () => {
    // A regime sent alone re-derives it: MEI → 2, Simples Nacional → 3.
    expect((await salvo({ crt: 4 })).nfse_op_simples_nacional).toBe(2);
    expect((await salvo({ crt: 1 })).nfse_op_simples_nacional).toBe(3);
    // Chosen, it stays while the regime is sent with it or not at all.
    expect((await salvo({ crt: 1, nfse_op_simples_nacional: 2 })).nfse_op_simples_nacional).toBe(2);
    expect((await salvo({ nfse_regime_especial: 0 })).nfse_op_simples_nacional).toBe(2);
    // null follows the regime again.
    expect((await salvo({ nfse_op_simples_nacional: null })).nfse_op_simples_nacional).toBe(3);
  });
});

describe('DPS numbering', () => {
  const reservar = (ambiente: 'simulacao' | 'homologacao', serie: number) =>
    ctx.database.db.transaction((tx) => reservarNumeroDps(tx, ambiente, serie));

  it('takes consecutive numbers from the next one set in the settings', async () => {
    await salvo({ nfse_serie: 7, nfse_proximo_numero: 40 });
    expect(await reservar('simulacao', 7)).toBe(40);
    expect(await reservar('simulacao', 7)).toBe(41);
    expect((await ler()).nfse_proximo_numero).toBe(42);
    // A série never set starts at 1.
    expect(await reservar('simulacao', 8)).toBe(1);
  });

  it('moves the next number forward, or back only above the numbers used (409 otherwise)', async () => {
    const abaixo = await salvar({ nfse_serie: 7, nfse_proximo_numero: 41 });
    expect(abaixo.statusCode).toBe(409);
    const mensagem = 'O número 41 já foi usado nesta série: o próximo deve ser maior que 41';
    expect(abaixo.json()).toMatchObject({
      error: 'DUPLICADO',
      message: mensagem,
      fields: { nfse_proximo_numero: mensagem },
    });
    expect((await ler()).nfse_proximo_numero).toBe(42);
    expect((await salvo({ nfse_proximo_numero: 100 })).nfse_proximo_numero).toBe(100);
    // Back, but above 41: numbers 42 to 99 were never used.
    expect((await salvo({ nfse_proximo_numero: 42 })).nfse_proximo_numero).toBe(42);
    expect(await reservar('simulacao', 7)).toBe(42);
  });

  it('keeps each ambiente and série apart: another one keeps its own next number', async () => {
    // The ambiente changed without a number: homologação's série 7 starts at 1.
    const homologacao = await salvo({ ambiente: 'homologacao' });
    expect(homologacao).toMatchObject({
      ambiente: 'homologacao',
      nfse_serie: 7,
      nfse_proximo_numero: 1,
    });
    expect(await reservar('homologacao', 7)).toBe(1);
    expect((await salvo({ nfse_proximo_numero: 5 })).nfse_proximo_numero).toBe(5);
    // Back in simulação, série 7 is where it was; série 8 has its own.
    expect((await salvo({ ambiente: 'simulacao' })).nfse_proximo_numero).toBe(43);
    expect((await salvo({ nfse_serie: 8 })).nfse_proximo_numero).toBe(2);
    const abaixo = await salvar({ nfse_serie: 8, nfse_proximo_numero: 1 });
    expect(abaixo.statusCode).toBe(409);
  });

  it('is in the audit trail', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/auditoria?recurso=fiscal-numeracao-dps',
    });
    expect(response.statusCode, response.body).toBe(200);
    const entradas = response.json<AuditoriaEntrada[] | { itens: AuditoriaEntrada[] }>();
    const lista = Array.isArray(entradas) ? entradas : entradas.itens;
    expect(lista.length).toBeGreaterThan(0);
    expect(lista.some((e) => (e.depois as { serie?: number } | null)?.serie === 7)).toBe(true);
  });
});
