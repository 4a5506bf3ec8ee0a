import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MENSAGENS, BACKUP_NOME_REGEX } from '@prumo/shared/configuracoes';
import { openEmbeddedDatabase, pgliteOptions, type Executor } from '../../db/database';
import { createTestContext, MANAGER_EMAIL, type TestContext } from '../../test/test-app';
import { testDatabaseKind } from '../../test/test-database';
import {
  AgendadorBackup,
  backupPendente,
  baseDoNome,
  caminhoDoBackup,
  copiarBanco,
  criarBackup,
  instanteLocal,
  listarBackups,
  pastaBackups,
  pgliteDe,
  ultimoHorario,
} from './backups.service';
import { RestauracaoError, restaurarBackup } from './restore';

const TZ = 'America/Sao_Paulo';
const URL_BACKUPS = '/api/configuracoes/backups';
const embutido = testDatabaseKind() === 'pglite';

const temporarios: string[] = [];
function pastaTemporaria(): string {
  const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'prumo-backup-teste-'));
  temporarios.push(pasta);
  return pasta;
}

/** Row counts of every table of the app (public) and of the migrations journal. */
async function contagens(db: Executor): Promise<Record<string, number>> {
  const tabelas = await db.execute(
    sql`SELECT schemaname, tablename FROM pg_tables
        WHERE schemaname IN ('public', 'drizzle') ORDER BY schemaname, tablename`,
  );
  const nomes = (tabelas as unknown as { rows: Array<{ schemaname: string; tablename: string }> })
    .rows;
  const consulta = nomes
    .map(
      ({ schemaname, tablename }) =>
        `(SELECT count(*) FROM "${schemaname}"."${tablename}")::int AS "${schemaname}.${tablename}"`,
    )
    .join(', ');
  const resultado = await db.execute(sql.raw(`SELECT ${consulta}`));
  return (resultado as unknown as { rows: Array<Record<string, number>> }).rows[0]!;
}

let ctx: TestContext;

/** A write, so that the next backup has something new. */
const escrever = () =>
  ctx.database.db.execute(sql`UPDATE produtos SET updated_at = now() WHERE id = 1`);

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
  for (const pasta of temporarios) fs.rmSync(pasta, { recursive: true, force: true });
});

describe('the daily schedule (fixed clock, São Paulo)', () => {
  // 2026-11-23 10:00 in São Paulo is 13:00 UTC (no daylight saving time since 2019).
  const agora = new Date('2026-11-23T13:00:00Z');

  it('finds the last time the clock read the chosen hour', () => {
    expect(instanteLocal(2026, 11, 23, 2, TZ).toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(ultimoHorario(agora, 2, TZ).toISOString()).toBe('2026-11-23T05:00:00.000Z');
    // 23:00 has not come yet today: the last one was yesterday's.
    expect(ultimoHorario(agora, 23, TZ).toISOString()).toBe('2026-11-23T02:00:00.000Z');
    expect(ultimoHorario(agora, 10, TZ).toISOString()).toBe('2026-11-23T13:00:00.000Z');
    // Across a month and a year.
    expect(ultimoHorario(new Date('2027-01-01T04:00:00Z'), 2, TZ).toISOString()).toBe(
      '2026-12-31T05:00:00.000Z',
    );
    expect(baseDoNome(agora, TZ)).toBe('prumo-2026-11-23-1000');
  });

  it('is due once per day: after the hour with no backup since, not again after one', () => {
    const estado = (ultimoBackup: string | null, hora = 2, automatico = true) => ({
      automatico,
      hora,
      ultimoBackup: ultimoBackup ? new Date(ultimoBackup) : null,
    });
    // The server was off at 02:00 and starts at 10:00: yesterday's is the last one.
    expect(backupPendente(agora, estado('2026-11-22T05:00:30Z'), TZ)).toBe(true);
    // Restarted after today's backup: not twice.
    expect(backupPendente(agora, estado('2026-11-23T05:00:30Z'), TZ)).toBe(false);
    // A backup made by hand after 02:00 counts for the day.
    expect(backupPendente(agora, estado('2026-11-23T12:00:00Z'), TZ)).toBe(false);
    // One made by hand at 01:59 does not.
    expect(backupPendente(agora, estado('2026-11-23T04:59:00Z'), TZ)).toBe(true);
    // Before the hour, yesterday's is enough.
    expect(backupPendente(agora, estado('2026-11-23T02:00:30Z', 23), TZ)).toBe(false);
    expect(backupPendente(agora, estado(null), TZ)).toBe(true);
    expect(backupPendente(agora, estado(null, 2, false), TZ)).toBe(false);
  });

  it('makes the backup when due, once, and waits after a failure', async () => {
    let relogio = new Date('2026-11-23T04:30:00Z'); // 01:30 in São Paulo
    let ultimo: Date | null = new Date('2026-11-22T05:00:10Z');
    let feitos = 0;
    let falhar = false;
    const erros: string[] = [];
    const agendador = new AgendadorBackup({
      timeZone: TZ,
      agora: () => relogio,
      preferencias: async () => ({ automatico: true, hora: 2 }),
      ultimoBackup: async () => ultimo,
      fazerBackup: async () => {
        if (falhar) throw new Error('disco cheio');
        feitos++;
        ultimo = relogio;
      },
      esperaAposFalhaMs: 60 * 60_000,
      log: (mensagem) => erros.push(mensagem),
    });
    expect(await agendador.verificar()).toBe(false);
    relogio = new Date('2026-11-23T05:00:00Z'); // 02:00
    expect(await agendador.verificar()).toBe(true);
    relogio = new Date('2026-11-23T05:01:00Z');
    expect(await agendador.verificar()).toBe(false);
    expect(feitos).toBe(1);

    // The next day the disk is full: it logs, and does not try every minute.
    falhar = true;
    relogio = new Date('2026-11-24T05:00:00Z');
    expect(await agendador.verificar()).toBe(false);
    expect(erros).toEqual(['Backup automático falhou']);
    relogio = new Date('2026-11-24T05:01:00Z');
    expect(await agendador.verificar()).toBe(false);
    expect(erros).toHaveLength(1);
    falhar = false;
    relogio = new Date('2026-11-24T06:01:00Z');
    expect(await agendador.verificar()).toBe(true);
    expect(feitos).toBe(2);
    await agendador.parar();
  });
});

describe.runIf(embutido)('backups of the embedded database', () => {
  const pasta = () => pastaBackups(ctx.config.dataDir);

  it('lists nothing at first, with the stored schedule', async () => {
    const response = await ctx.request({ method: 'GET', url: URL_BACKUPS });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modo: 'embutido', automatico: true, hora: 2, arquivos: [] });
  });

  it('keeps the schedule in the preferences; a bad hour is a 400', async () => {
    const prefs = {
      notificacoes_email: true,
      alertas_vencimento: true,
      relatorios_automaticos: false,
      inatividade_minutos: 480,
    };
    const put = (payload: object) =>
      ctx.request({ method: 'PUT', url: '/api/configuracoes/preferencias', payload });
    for (const backup_hora of [-1, 24, 1.5, '3']) {
      const response = await put({ ...prefs, backup_hora });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.backup_hora).toBe(BACKUP_MENSAGENS.hora);
    }
    const salvo = await put({ ...prefs, backup_automatico: false, backup_hora: 23 });
    expect(salvo.json()).toMatchObject({ backup_automatico: false, backup_hora: 23 });
    // Left out, they stay as stored.
    expect((await put(prefs)).json()).toMatchObject({
      backup_automatico: false,
      backup_hora: 23,
      dois_fatores_obrigatorio: false,
    });
    const lista = await ctx.request({ method: 'GET', url: URL_BACKUPS });
    expect(lista.json()).toMatchObject({ automatico: false, hora: 23 });
    await put({ ...prefs, backup_automatico: true, backup_hora: 2 });
  });

  it('makes a backup now, lists it and downloads it', async () => {
    const feito = await ctx.request({ method: 'POST', url: URL_BACKUPS });
    expect(feito.statusCode, feito.body).toBe(201);
    const arquivo = feito.json<{ nome: string; tamanho: number; criado_em: string }>();
    expect(arquivo.nome).toMatch(BACKUP_NOME_REGEX);
    expect(arquivo.tamanho).toBeGreaterThan(100_000);
    // No temporary file is left behind.
    expect(fs.readdirSync(pasta())).toEqual([arquivo.nome]);

    const lista = await ctx.request({ method: 'GET', url: URL_BACKUPS });
    expect(lista.json().arquivos).toEqual([arquivo]);

    const baixado = await ctx.request({ method: 'GET', url: `${URL_BACKUPS}/${arquivo.nome}` });
    expect(baixado.statusCode).toBe(200);
    expect(baixado.headers['content-type']).toBe('application/gzip');
    expect(baixado.headers['content-disposition']).toBe(`attachment; filename="${arquivo.nome}"`);
    expect(baixado.rawPayload.equals(fs.readFileSync(path.join(pasta(), arquivo.nome)))).toBe(true);
    // A real gzip of a tar holding a PostgreSQL data directory.
    const tar = zlib.gunzipSync(baixado.rawPayload);
    expect(tar.includes(Buffer.from('PG_VERSION'))).toBe(true);

    // Nothing written since: the same backup again, not a copy of it.
    const denovo = await ctx.request({ method: 'POST', url: URL_BACKUPS });
    expect(denovo.statusCode).toBe(200);
    expect(denovo.json()).toEqual(arquivo);
    expect(fs.readdirSync(pasta())).toEqual([arquivo.nome]);

    // No body: the call is the request.
    const comCorpo = await ctx.request({ method: 'POST', url: URL_BACKUPS, payload: { x: 1 } });
    expect(comCorpo.statusCode).toBe(400);
    expect(comCorpo.json().message).toBe('Envie o pedido de backup sem corpo');

    // Only admins.
    const gerente = await ctx.request({ method: 'POST', url: URL_BACKUPS, as: MANAGER_EMAIL });
    expect(gerente.statusCode).toBe(403);
  }, 60_000);

  it('keeps only the last 7, a second one in the same minute under its own name', async () => {
    for (let dia = 1; dia <= 8; dia++) {
      const nome = `prumo-2020-01-${String(dia).padStart(2, '0')}-0200.tar.gz`;
      fs.writeFileSync(path.join(pasta(), nome), 'antigo');
      const quando = new Date(`2020-01-0${Math.min(dia, 9)}T05:00:00Z`);
      fs.utimesSync(path.join(pasta(), nome), quando, quando);
    }
    // A half-written file never counts (nor is it removed by the pruning's count).
    fs.writeFileSync(path.join(pasta(), 'prumo-2030-01-01-0200.tar.gz.parcial'), 'x');
    const novo = async () => {
      await escrever();
      const response = await ctx.request({ method: 'POST', url: URL_BACKUPS });
      expect(response.statusCode).toBe(201);
      return response.json<{ nome: string }>();
    };
    const a = await novo();
    const b = await novo();
    const nomes = (await listarBackups(pasta())).map((arquivo) => arquivo.nome);
    expect(nomes).toHaveLength(7);
    expect(nomes.slice(0, 2)).toContain(a.nome);
    expect(nomes.slice(0, 2)).toContain(b.nome);
    // With the one made before: 3 new and the 4 newest old ones.
    expect(nomes).not.toContain('prumo-2020-01-01-0200.tar.gz');
    expect(nomes.at(-1)).toBe('prumo-2020-01-05-0200.tar.gz');
    expect(fs.existsSync(path.join(pasta(), 'prumo-2020-01-04-0200.tar.gz'))).toBe(false);

    // Two in the same minute do not overwrite each other.
    const fixo = () => new Date('2030-01-02T13:00:00Z');
    const client = pgliteDe(ctx.database.db)!;
    const um = await criarBackup(client, pasta(), TZ, fixo);
    const dois = await criarBackup(client, pasta(), TZ, fixo);
    expect(um.nome).toBe('prumo-2030-01-02-1000.tar.gz');
    expect(dois.nome).toBe('prumo-2030-01-02-1000-2.tar.gz');
    const depois = await listarBackups(pasta());
    expect(depois.slice(0, 2).map((arquivo) => arquivo.nome)).toEqual([dois.nome, um.nome]);
  }, 60_000);

  it('downloads only names it gives: 400 for anything else, 404 when missing', async () => {
    const baixar = (nome: string) => ctx.request({ method: 'GET', url: `${URL_BACKUPS}/${nome}` });
    for (const nome of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2Fprumo.lock',
      'prumo-2026-11-23-0200.tar.gz%00.txt',
      'prumo-2026-11-23-0200.tar',
      'prumo-2026-11-23-0200.tar.gz.parcial',
      '.prumo-2026-11-23-0200.tar.gz',
      'prumo-2026-11-23-0200-0.tar.gz',
      'PRUMO-2026-11-23-0200.tar.gz',
      'x',
    ]) {
      const response = await baixar(nome);
      expect(response.statusCode, nome).toBe(400);
      expect(response.json().message).toBe(BACKUP_MENSAGENS.nomeInvalido);
    }
    const ausente = await baixar('prumo-1999-01-01-0000.tar.gz');
    expect(ausente.statusCode).toBe(404);
    expect(ausente.json().message).toBe(BACKUP_MENSAGENS.naoEncontrado);
    // Even a good name resolves only inside the folder.
    expect(await caminhoDoBackup(pasta(), '../prumo-2026-11-23-0200.tar.gz')).toBeNull();
    // A directory with a backup's name is not a backup.
    fs.mkdirSync(path.join(pasta(), 'prumo-1999-01-02-0000.tar.gz'));
    expect((await baixar('prumo-1999-01-02-0000.tar.gz')).statusCode).toBe(404);
  });

  it('restores a backup into a fresh data directory with every row of every table', async () => {
    await escrever();
    const feito = await ctx.request({ method: 'POST', url: URL_BACKUPS });
    expect(feito.statusCode).toBe(201);
    const arquivo = path.join(pasta(), feito.json<{ nome: string }>().nome);
    const esperado = await contagens(ctx.database.db);
    expect(esperado['public.produtos']).toBeGreaterThan(0);
    expect(esperado['public.vendas']).toBeGreaterThan(0);

    const destino = pastaTemporaria();
    const resultado = await restaurarBackup(arquivo, destino);
    expect(resultado.anterior).toBeNull();
    // The server opens it as it would on start (lock, migrations) and finds the same rows.
    const aberto = await openEmbeddedDatabase(destino);
    try {
      expect(await contagens(aberto.db)).toEqual(esperado);
    } finally {
      await aberto.close();
    }

    // A second restore keeps the database it replaces, and says where.
    const segundo = await restaurarBackup(arquivo, destino);
    expect(segundo.anterior).toMatch(/pgdata-antes-da-restauracao-/);
    expect(fs.existsSync(path.join(segundo.anterior!, 'PG_VERSION'))).toBe(true);
    const reaberto = new PGlite(path.join(destino, 'pgdata'), pgliteOptions);
    try {
      const { rows } = await reaberto.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM produtos',
      );
      expect(rows[0]!.n).toBe(esperado['public.produtos']);
    } finally {
      await reaberto.close();
    }
  }, 120_000);

  it('refuses to restore while the server holds the data directory, or a bad file', async () => {
    const [feito] = await listarBackups(pasta());
    const arquivo = path.join(pasta(), feito!.nome);
    const destino = pastaTemporaria();
    // Another live process (this test's parent) holds the lock.
    fs.writeFileSync(path.join(destino, 'prumo.lock'), String(process.ppid));
    await expect(restaurarBackup(arquivo, destino)).rejects.toThrow(
      /já está em uso.*Pare o servidor/,
    );
    expect(fs.existsSync(path.join(destino, 'pgdata'))).toBe(false);
    fs.rmSync(path.join(destino, 'prumo.lock'));

    const ruim = path.join(destino, 'ruim.tar.gz');
    fs.writeFileSync(ruim, 'não é gzip');
    await expect(restaurarBackup(ruim, destino)).rejects.toThrow(/não é um \.tar\.gz/);
    fs.writeFileSync(ruim, fs.readFileSync(arquivo).subarray(0, 5_000));
    await expect(restaurarBackup(ruim, destino)).rejects.toThrow(RestauracaoError);
    fs.writeFileSync(ruim, zlib.gzipSync(Buffer.alloc(2048)));
    await expect(restaurarBackup(ruim, destino)).rejects.toThrow(/não contém um banco/);
    await expect(restaurarBackup(path.join(destino, 'nada.tar.gz'), destino)).rejects.toThrow(
      /Arquivo não encontrado/,
    );
    expect(fs.existsSync(path.join(destino, 'pgdata'))).toBe(false);
  });
});

describe.runIf(!embutido)('backups with PostgreSQL', () => {
  it('says the database makes its own and refuses to make or send one (409)', async () => {
    const lista = await ctx.request({ method: 'GET', url: URL_BACKUPS });
    expect(lista.statusCode).toBe(200);
    expect(lista.json()).toEqual({ modo: 'postgresql', automatico: true, hora: 2, arquivos: [] });
    for (const response of [
      await ctx.request({ method: 'POST', url: URL_BACKUPS }),
      await ctx.request({ method: 'GET', url: `${URL_BACKUPS}/prumo-2026-11-23-0200.tar.gz` }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(BACKUP_MENSAGENS.postgresql);
    }
    expect(fs.existsSync(pastaBackups(ctx.config.dataDir))).toBe(false);
    const ruim = await ctx.request({ method: 'GET', url: `${URL_BACKUPS}/..%2Fetc` });
    expect(ruim.statusCode).toBe(400);
  });
});

/**
 * Backup and restore times with the demo data and with 50,000 products. Slow: only with
 * BACKUP_MEDIR=1 (npx vitest run --project api-pglite apps/server/src/modules/backups).
 */
describe.runIf(embutido && process.env.BACKUP_MEDIR)('backup and restore times', () => {
  it('measures the demo data, then 50,000 products', async () => {
    const origem = pastaTemporaria();
    const dump = await pgliteDe(ctx.database.db)!.dumpDataDir('none');
    const client = new PGlite(path.join(origem, 'pgdata'), {
      ...pgliteOptions,
      loadDataDir: dump,
    });
    await client.waitReady;
    const medir = async (rotulo: string) => {
      // The part that holds the database: CHECKPOINT and the copy of its folder.
      const c0 = performance.now();
      await copiarBanco(client, path.join(pastaTemporaria(), 'copia'));
      const parado = Math.round(performance.now() - c0);
      const t0 = performance.now();
      const arquivo = await criarBackup(client, pastaBackups(origem), TZ);
      const t1 = performance.now();
      const destino = pastaTemporaria();
      await restaurarBackup(path.join(pastaBackups(origem), arquivo.nome), destino);
      const t2 = performance.now();
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM produtos');
      console.info(
        `${rotulo}: ${rows[0]!.n} produtos, arquivo ${(arquivo.tamanho / 1e6).toFixed(1)} MB, ` +
          `backup ${Math.round(t1 - t0)} ms (banco parado ${parado} ms), restauração ${Math.round(t2 - t1)} ms`,
      );
    };
    try {
      await medir('demo');
      await client.exec(`
        INSERT INTO produtos (nome, codigo_interno, codigo_barras, custo, preco, estoque)
        SELECT 'Produto de teste ' || g, 'BK' || g, (7890000000000 + g)::text, 10, 19.9, 5
        FROM generate_series(1, 50000) g;
        CHECKPOINT;`);
      await medir('50 mil produtos');
    } finally {
      await client.close();
    }
  }, 600_000);
});
