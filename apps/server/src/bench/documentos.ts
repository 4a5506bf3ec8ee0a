import {
  killServer,
  startServer,
  type ServerProcess,
} from '../reliability/processes/server-process';
import type { Dataset } from './dataset';
import { percentile } from './measure';
import { scenarios } from './scenarios';

/**
 * Start and documents (issue 17, item 5), on the embedded database with the dataset in place:
 * restart to first answer, the 1,000-label PDF and a sale's receipts. Single requests timed one
 * after another (no load): what one person waits for.
 */
export interface LinhaDocumento {
  nome: string;
  /** Milliseconds of each run, in the order measured. */
  amostras: number[];
  /** The target for the median, in ms. */
  alvoMs: number;
  /** A yardstick of ours, not a target of the issue: printed as such. */
  informativo?: boolean;
}

/** Targets of issue 17, item 5; printed next to the figures, never enforced. */
export const ALVO_REINICIO_MS = 2000;
export const ALVO_ETIQUETAS_MS = 1000;
export const ALVO_COMPROVANTE_MS = 100;

/** The dashboard has no target in its issue: this one is informative (a page's first request). */
export const REFERENCIA_DASHBOARD_MS = 200;

const ETIQUETAS = 1000;

/** The demo's seller: no finance on the dashboard (demo mode seeds it; elsewhere it is created). */
export const VENDEDOR = { nome: 'Vera Vendedora', email: 'vendedor@empresa.com.br' };
export const SENHA_DEMO = 'demo@2026';

const ordenadas = (amostras: number[]) => [...amostras].sort((a, b) => a - b);
export const mediana = (amostras: number[]) => percentile(ordenadas(amostras), 0.5);
export const p90 = (amostras: number[]) => percentile(ordenadas(amostras), 0.9);

/** Time to the complete answer (the whole PDF read), failing loudly on anything but a 200. */
export async function cronometrar(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`${url}: ${response.status} ${Buffer.from(body).toString().slice(0, 300)}`);
  }
  return ms;
}

export async function repetir(vezes: number, medir: () => Promise<number>): Promise<number[]> {
  await medir(); // warm-up: the PDF libraries load on the first print, the JIT warms
  const amostras: number[] = [];
  for (let run = 0; run < vezes; run++) amostras.push(await medir());
  return amostras;
}

/** 1,000 labels on Pimaco A4256 sheets (48 pages), spread over distinct products. */
function pedidoEtiquetas(dataset: Dataset) {
  const produtos = Math.min(ETIQUETAS, dataset.produtos.last - dataset.produtos.first + 1);
  const itens = Array.from({ length: produtos }, (_, k) => ({
    produto_id: dataset.produtos.first + k,
    quantidade: Math.floor(ETIQUETAS / produtos) + (k < ETIQUETAS % produtos ? 1 : 0),
  }));
  return JSON.stringify({ modelo: 'pimaco-a4256', itens });
}

/** The PDFs, on a running server whose dataset is loaded and whose first ANALYZE is done. */
export async function medirDocumentos(
  url: string,
  token: string,
  dataset: Dataset,
): Promise<LinhaDocumento[]> {
  const authorization = `Bearer ${token}`;
  const etiquetas = await repetir(5, () =>
    cronometrar(`${url}/api/etiquetas/imprimir`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: pedidoEtiquetas(dataset),
    }),
  );
  const comprovante = (formato: '80mm' | 'a4') =>
    repetir(20, () =>
      cronometrar(`${url}/api/vendas/${dataset.vendaComprovante}/comprovante?formato=${formato}`, {
        headers: { authorization },
      }),
    );
  return [
    { nome: `${ETIQUETAS} etiquetas (PDF)`, amostras: etiquetas, alvoMs: ALVO_ETIQUETAS_MS },
    { nome: 'comprovante 80 mm', amostras: await comprovante('80mm'), alvoMs: ALVO_COMPROVANTE_MS },
    { nome: 'comprovante A4', amostras: await comprovante('a4'), alvoMs: ALVO_COMPROVANTE_MS },
  ];
}

/**
 * GET /api/dashboard as the admin (every figure: the open installments, six months of
 * settlements, the balances over the whole ledger, sales by group, appointments) and as a 'user'
 * (no finance: the sales by group and the appointments), 20 runs each after one warm-up.
 */
export async function medirDashboard(
  url: string,
  tokens: { admin: string; usuario: string },
): Promise<LinhaDocumento[]> {
  const medir = (token: string) =>
    repetir(20, () =>
      cronometrar(`${url}/api/dashboard`, { headers: { authorization: `Bearer ${token}` } }),
    );
  const linha = (nome: string, amostras: number[]): LinhaDocumento => ({
    nome,
    amostras,
    alvoMs: REFERENCIA_DASHBOARD_MS,
    informativo: true,
  });
  return [
    linha('dashboard (admin)', await medir(tokens.admin)),
    linha('dashboard (usuário)', await medir(tokens.usuario)),
  ];
}

/**
 * Restart to first answer: from spawn to the first 200 of an authenticated product read, so the
 * database is open, the migrations checked, the session found and a table of the dataset read.
 * The session of the earlier run is still valid: the token is the same.
 */
async function iniciar(env: Record<string, string>, token: string, produto: number) {
  return startServer({ ...env, LOG_LEVEL: 'error' }, undefined, async (url, output) => {
    // Asks once the server says it listens (main.ts prints it whatever LOG_LEVEL): a refused
    // fetch every 10 ms costs this process CPU that a starting server on 2 shared cores then
    // lacks (it added up to a second to a restart).
    if (!output.join('').includes('rodando em')) return false;
    const response = await fetch(`${url}/api/produtos/${produto}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    return response.status === 200;
  });
}

/** Three clean restarts (SIGTERM checkpoints), then one after a SIGKILL that follows writes. */
export async function medirReinicios(
  env: Record<string, string>,
  token: string,
  dataset: Dataset,
): Promise<LinhaDocumento[]> {
  const produto = dataset.produtos.last;
  const limpos: number[] = [];
  let server: ServerProcess | undefined;
  try {
    for (let run = 0; run < 3; run++) {
      server = await iniciar(env, token, produto);
      limpos.push(server.startMs);
      await killServer(server, 'SIGTERM');
    }
    // A crash after writes the last checkpoint did not cover: the restart replays them.
    server = await iniciar(env, token, produto);
    const venda = scenarios(dataset).find((cenario) => cenario.method === 'POST')!;
    for (let sale = 0; sale < 20; sale++) {
      const { path, body } = venda.next();
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`Venda antes do SIGKILL: ${response.status} ${text}`);
    }
    await killServer(server, 'SIGKILL');
    server = await iniciar(env, token, produto);
    const aposCrash = server.startMs;
    await killServer(server, 'SIGTERM');
    return [
      { nome: 'reinício (SIGTERM)', amostras: limpos, alvoMs: ALVO_REINICIO_MS },
      { nome: 'reinício após SIGKILL', amostras: [aposCrash], alvoMs: ALVO_REINICIO_MS },
    ];
  } finally {
    if (server) await killServer(server, 'SIGTERM');
  }
}
