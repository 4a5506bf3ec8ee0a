import fs from 'node:fs';
import { addDaysISO, addMonthsISO, todayISO } from '@prumo/shared/dates';
import type { RelatorioResumo } from '@prumo/shared/relatorios';
import type { ServerProcess } from '../reliability/processes/server-process';
import { cronometrar, mediana, repetir, type LinhaDocumento } from './documentos';

/** Targets of issue 32: each report and the analytics page, p50 over a year of the dataset. */
export const ALVO_RELATORIO_MS = { pglite: 2_000, postgres: 1_000 } as const;
/** The most a 200,000-row XLSX export may add to the server's memory (issue 32). */
export const ALVO_MEMORIA_EXPORTACAO_MB = 150;

const AMOSTRAS = 5;

/** The server's resident memory, in MB (Linux's /proc). */
export function memoriaMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Issue 32's figures on a database with the dataset: the analytics page and the slowest report
 * of the catalogue over the last 12 months (p50 of a few runs each, one request at a time), and
 * the XLSX export of every sale of the three years with the server's memory sampled during it.
 */
export async function medirRelatorios(
  server: ServerProcess,
  token: string,
  banco: keyof typeof ALVO_RELATORIO_MS,
): Promise<LinhaDocumento[]> {
  const headers = { authorization: `Bearer ${token}` };
  const hoje = todayISO('America/Sao_Paulo');
  const ano = `de=${addMonthsISO(`${hoje.slice(0, 7)}-01`, -11)}&ate=${hoje}`;
  const alvo = ALVO_RELATORIO_MS[banco];

  const analytics = await repetir(AMOSTRAS, () =>
    cronometrar(`${server.url}/api/analytics?${ano}`, { headers }),
  );
  const catalogo = (await (
    await fetch(`${server.url}/api/relatorios`, { headers })
  ).json()) as RelatorioResumo[];
  let maisLento = { id: '', amostras: [0] };
  for (const r of catalogo) {
    const amostras = await repetir(2, () =>
      cronometrar(`${server.url}/api/relatorios/${r.id}?${ano}&agrupar=dia`, { headers }),
    );
    if (mediana(amostras) > mediana(maisLento.amostras)) maisLento = { id: r.id, amostras };
  }

  // Every sale of the dataset's three years, as one XLSX streamed to this process.
  const pid = server.child.pid!;
  const antes = memoriaMb(pid);
  let pico = antes;
  const amostrador = setInterval(() => (pico = Math.max(pico, memoriaMb(pid))), 50);
  const inicio = performance.now();
  const exportacao = await fetch(
    `${server.url}/api/relatorios/vendas-lista/exportar?formato=xlsx&de=${addDaysISO(hoje, -3 * 366)}&ate=${hoje}`,
    { headers },
  );
  let bytes = 0;
  for await (const parte of exportacao.body!) bytes += (parte as Uint8Array).byteLength;
  const exportMs = performance.now() - inicio;
  clearInterval(amostrador);
  if (exportacao.status !== 200) throw new Error(`Exportação XLSX: ${exportacao.status}`);
  const linhas = Number(exportacao.headers.get('x-total-count'));

  return [
    { nome: 'analytics (12 meses)', amostras: analytics, alvoMs: alvo },
    {
      nome: `relatório mais lento: ${maisLento.id} (12 meses)`,
      amostras: maisLento.amostras,
      alvoMs: alvo,
    },
    {
      nome:
        `XLSX de ${linhas.toLocaleString('pt-BR')} vendas (${(bytes / 1e6).toFixed(1)} MB; ` +
        `memória do servidor +${Math.round(pico - antes)} MB, limite ${ALVO_MEMORIA_EXPORTACAO_MB})`,
      amostras: [exportMs],
      alvoMs: 60_000,
      informativo: true,
    },
  ];
}
