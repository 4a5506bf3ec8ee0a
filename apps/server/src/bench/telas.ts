import { chromium, type Page } from 'playwright-core';
import type { Dataset } from './dataset';
import type { LinhaDocumento } from './documentos';

/*
 * What a person sees on the list screens with the shop-sized dataset (issue 17, item 3), in
 * Debian's Chromium against the built app: the first rows of /produtos after a click in the
 * sidebar, and, on every large list, how long after the search's answer arrives the screen
 * shows it. Measured inside the page (performance.now), so the browser driver adds nothing.
 */

export const ALVO_PRIMEIRAS_LINHAS_MS = 500;
export const ALVO_REPINTURA_MS = 50;

const RODADAS = 5;

/** The large lists, each with its search box's accessible name and terms from the dataset. */
function listas(dataset: Dataset) {
  const produto = dataset.termosProduto.slice(0, 3);
  const cliente = dataset.termosCliente.slice(0, 3);
  return [
    { rota: '/produtos', busca: 'Pesquisar produtos', termos: produto },
    { rota: '/estoque', busca: /^Pesquisar produtos/, termos: produto },
    { rota: '/cadastros', busca: /^Pesquisar/, termos: cliente },
    { rota: '/vendas', busca: 'Pesquisar vendas', termos: cliente },
    { rota: '/orcamentos', busca: 'Pesquisar orçamentos', termos: cliente },
    { rota: '/ordem-servicos', busca: 'Pesquisar ordens de serviço', termos: cliente },
    { rota: '/financeiro?aba=receber', busca: /^Pesquisar/, termos: cliente },
  ];
}

/*
 * The browser globals the in-page code below uses. The server's build has no DOM types (and
 * must not: server code never runs in a page), so these functions see the page through this.
 */
interface Marcas {
  resposta: number;
  pintado: number;
}
interface Pagina {
  __marcas: Marcas;
  fetch(input: string | { url: string } | { href: string }, init?: unknown): Promise<Response>;
  MutationObserver: new (callback: () => void) => {
    observe(node: unknown, options: Record<string, boolean>): void;
    disconnect(): void;
  };
  requestAnimationFrame(callback: () => void): void;
  document: {
    body: unknown;
    querySelector(selector: string): { click(): void } | null;
  };
}

/*
 * Runs in the page before the app: every search request (…?q=…) notes when its whole answer
 * arrived, then the first change the app makes to the page after it, and the frame that paints
 * it (requestAnimationFrame runs just before the paint).
 */
function instrumentar() {
  const w = globalThis as unknown as Pagina;
  const marcas: Marcas = { resposta: 0, pintado: 0 };
  w.__marcas = marcas;
  const fetchOriginal = w.fetch.bind(w);
  w.fetch = async (input, init) => {
    const response = await fetchOriginal(input, init);
    const url = typeof input === 'string' ? input : 'url' in input ? input.url : input.href;
    if (/[?&]q=[^&]/.test(url)) {
      await response.clone().arrayBuffer();
      marcas.resposta = performance.now();
      marcas.pintado = 0;
      const observer = new w.MutationObserver(() => {
        observer.disconnect();
        w.requestAnimationFrame(() => {
          marcas.pintado = performance.now();
        });
      });
      observer.observe(w.document.body, { childList: true, subtree: true, characterData: true });
    }
    return response;
  };
}

async function entrar(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill('admin@empresa.com.br');
  await page.getByLabel('Senha', { exact: true }).fill('demo@2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('topbar-avatar').waitFor();
}

/** From the click on "Produtos" in the sidebar to the frame that shows the first row. */
async function primeirasLinhas(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/dashboard`);
  await page.getByTestId('topbar-avatar').waitFor();
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const w = globalThis as unknown as Pagina;
        const link = w.document.querySelector('a[href="/produtos"]')!;
        const inicio = performance.now();
        const observer = new w.MutationObserver(() => {
          if (!w.document.querySelector('main table tbody tr td')) return;
          observer.disconnect();
          w.requestAnimationFrame(() => resolve(performance.now() - inicio));
        });
        observer.observe(w.document.body, { childList: true, subtree: true });
        link.click();
      }),
  );
}

/** Types each term in the list's search box: from the answer to the frame that shows it. */
async function repinturas(
  page: Page,
  url: string,
  lista: ReturnType<typeof listas>[number],
): Promise<number[]> {
  await page.goto(`${url}${lista.rota}`);
  const busca = page.getByRole('textbox', { name: lista.busca }).first();
  await busca.waitFor();
  const amostras: number[] = [];
  for (const termo of lista.termos) {
    await page.evaluate(() => {
      (globalThis as unknown as Pagina).__marcas.resposta = 0;
    });
    await busca.fill(termo);
    // A list small enough to search in the browser asks the server nothing: no sample.
    const handle = await page
      .waitForFunction(
        () => {
          const { resposta, pintado } = (globalThis as unknown as Pagina).__marcas;
          return resposta > 0 && pintado > 0 ? pintado - resposta : undefined;
        },
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    if (handle) amostras.push((await handle.jsonValue()) as number);
  }
  return amostras;
}

export async function medirTelas(url: string, dataset: Dataset): Promise<LinhaDocumento[]> {
  // playwright launches with a fresh temporary profile of its own.
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.addInitScript(instrumentar);
    await entrar(page, url);
    const navegacoes: number[] = [];
    for (let rodada = 0; rodada < RODADAS; rodada++) {
      navegacoes.push(await primeirasLinhas(page, url));
    }
    const linhas: LinhaDocumento[] = [
      {
        nome: '/produtos: 1ªs linhas',
        amostras: navegacoes,
        alvoMs: ALVO_PRIMEIRAS_LINHAS_MS,
      },
    ];
    for (const lista of listas(dataset)) {
      const amostras = await repinturas(page, url, lista);
      if (amostras.length === 0) continue;
      linhas.push({
        nome: `${lista.rota.split('?')[0]}: busca`,
        amostras,
        alvoMs: ALVO_REPINTURA_MS,
      });
    }
    return linhas;
  } finally {
    await browser.close();
  }
}
