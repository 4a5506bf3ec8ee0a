import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Importacao, ImportacaoArquivo } from '@prumo/shared/importacao';
import {
  ApiClient,
  createPostgresDatabase,
  killServer,
  startServer,
  tempDataDir,
  type ServerProcess,
} from './server-process';

/**
 * An import killed in the middle (issue 33): the real server imports a products CSV and then
 * their opening stock, is killed with SIGKILL while each runs, and restarts. Each import is one
 * transaction, so after the restart it left nothing or everything: no product of the file or
 * all of them, no opening balance or all of them (and the stock equals its ledger), and the
 * import is no longer "Em andamento".
 */
const PRODUTOS = 3_000;

const csv = (cabecalho: string, linhas: string[]) =>
  new Blob([`${cabecalho}\r\n${linhas.join('\r\n')}\r\n`], { type: 'text/csv' });

const arquivoDeProdutos = (prefixo: string) =>
  csv(
    'Código;Nome;Preço de venda;Preço de custo;Unidade',
    Array.from(
      { length: PRODUTOS },
      (_, i) => `${prefixo}${i + 1};Produto da queda ${prefixo}${i + 1};12,50;7,30;UN`,
    ),
  );

const arquivoDeSaldos = (prefixo: string) =>
  csv(
    'Código;Quantidade;Custo',
    Array.from({ length: PRODUTOS }, (_, i) => `${prefixo}${i + 1};${(i % 9) + 1};7,30`),
  );

/** Uploads a file and starts its import; answers the import's id. */
async function iniciar(api: ApiClient, tipo: string, arquivo: Blob, chave: string) {
  const form = new FormData();
  form.set('tipo', tipo);
  form.set('arquivo', arquivo, `${tipo}.csv`);
  const enviada = await api.sendForm('/api/importacoes', form);
  expect(enviada.status, JSON.stringify(enviada.body)).toBe(201);
  const lida = enviada.body as ImportacaoArquivo;
  const mapeamento = Object.fromEntries(
    Object.entries(lida.mapeamento_sugerido).filter((par): par is [string, string] => !!par[1]),
  );
  const iniciada = await api.send('POST', `/api/importacoes/${lida.id}/executar`, {
    mapeamento,
    chave,
    existentes: 'ignorar',
    modo: 'tudo',
  });
  expect(iniciada.status, JSON.stringify(iniciada.body)).toBe(202);
  return lida.id;
}

/**
 * Kills the server once the import has written a fifth of its rows, or after KILL_AFTER_MS: on
 * the embedded database the import holds the one connection, so its progress cannot be read
 * until it ends. Either outcome (killed mid-way, or after the end) is checked the same way.
 */
const KILL_AFTER_MS = 800;

async function matarDuranteImportacao(server: ServerProcess, api: ApiClient, id: number) {
  const progresso = (async () => {
    for (;;) {
      const { body } = await api.send('GET', `/api/importacoes/${id}`);
      const importacao = body as Importacao;
      if (importacao.status !== 'Em andamento' || importacao.processadas >= PRODUTOS / 5) return;
    }
  })().catch(() => undefined); // the kill cuts the read that waits
  await Promise.race([progresso, new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS))]);
  await killServer(server);
  await progresso;
}

/** The products of the file that exist, and the stock of each. */
async function produtosDoArquivo(api: ApiClient, prefixo: string) {
  const { status, body } = await api.send('GET', `/api/produtos?q=${prefixo}`);
  expect(status).toBe(200);
  return body as Array<{ id: number; codigo_interno: string; estoque: number }>;
}

async function rodada(env: Record<string, string>) {
  let server = await startServer(env);
  const prefixo = `QUEDA${Date.now() % 100_000}-`;
  try {
    let api = new ApiClient(server.url);
    await api.login();

    const importacaoProdutos = await iniciar(
      api,
      'produtos',
      arquivoDeProdutos(prefixo),
      'codigo_interno',
    );
    await matarDuranteImportacao(server, api, importacaoProdutos);
    server = await startServer(env);
    api = new ApiClient(server.url);
    await api.login();
    const depois = (await api.send('GET', `/api/importacoes/${importacaoProdutos}`))
      .body as Importacao;
    const produtos = await produtosDoArquivo(api, prefixo);
    expect(depois.status).not.toBe('Em andamento');
    expect([0, PRODUTOS]).toContain(produtos.length);
    expect(produtos.length === PRODUTOS).toBe(depois.status === 'Concluída');

    // The opening stock of the products the file left (imported again if the kill undid them).
    if (produtos.length === 0) {
      const id = await iniciar(api, 'produtos', arquivoDeProdutos(prefixo), 'codigo_interno');
      for (;;) {
        const { body } = await api.send('GET', `/api/importacoes/${id}`);
        if ((body as Importacao).status !== 'Em andamento') break;
      }
      expect(await produtosDoArquivo(api, prefixo)).toHaveLength(PRODUTOS);
    }
    const importacaoSaldos = await iniciar(
      api,
      'estoque',
      arquivoDeSaldos(prefixo),
      'codigo_interno',
    );
    await matarDuranteImportacao(server, api, importacaoSaldos);
    server = await startServer(env);
    api = new ApiClient(server.url);
    await api.login();
    const saldos = (await api.send('GET', `/api/importacoes/${importacaoSaldos}`))
      .body as Importacao;
    const comEstoque = await produtosDoArquivo(api, prefixo);
    const comSaldo = comEstoque.filter((p) => Number(p.estoque) > 0).length;
    expect(saldos.status).not.toBe('Em andamento');
    expect([0, PRODUTOS]).toContain(comSaldo);
    expect(comSaldo === PRODUTOS).toBe(saldos.status === 'Concluída');
    // Each balance is the file's quantity (or none), and a sample's ledger sums to it.
    for (const produto of comEstoque) {
      const n = Number(produto.codigo_interno.slice(prefixo.length));
      expect(Number(produto.estoque)).toBe(comSaldo ? ((n - 1) % 9) + 1 : 0);
    }
    for (const produto of comEstoque.slice(0, 10)) {
      const ledger = await api.send('GET', `/api/estoque/movimentacoes?produto_id=${produto.id}`);
      const movimentos = ledger.body as Array<{ tipo: string; quantidade: number }>;
      const saldo = movimentos.reduce(
        (soma, m) => soma + (m.tipo === 'entrada' ? 1 : -1) * Number(m.quantidade),
        0,
      );
      expect(saldo).toBe(Number(produto.estoque));
    }
    return { produtos: depois.status, saldos: saldos.status };
  } finally {
    await killServer(server, 'SIGTERM');
  }
}

describe('an import killed in the middle', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('leaves nothing or everything of it on the embedded database', async () => {
    const dataDir = tempDataDir();
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    console.info(
      'importação interrompida (PGlite):',
      await rodada({ DATA_DIR: dataDir, DATABASE_URL: '' }),
    );
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'leaves nothing or everything of it on PostgreSQL',
    async () => {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      console.info(
        'importação interrompida (PostgreSQL):',
        await rodada({ DATABASE_URL: database.url }),
      );
    },
  );
});
