import type { LinhaDocumento } from './documentos';

/** Targets of issue 31: a billing run of 10,000 due contracts. */
export const ALVO_FATURAMENTO_MS = { pglite: 30_000, postgres: 10_000 } as const;

/**
 * One billing run ("Faturar todos") over the dataset's contracts, each with one period due
 * today: each contract its receivable and bill, in its own transaction under its row lock.
 */
export async function medirFaturamento(
  url: string,
  token: string,
  contratos: number,
  banco: keyof typeof ALVO_FATURAMENTO_MS,
): Promise<LinhaDocumento> {
  const started = performance.now();
  const response = await fetch(`${url}/api/contratos/faturar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const ms = performance.now() - started;
  const resultado = (await response.json()) as { faturas?: number };
  if (response.status !== 200 || resultado.faturas !== contratos) {
    throw new Error(`Faturamento: ${response.status} ${JSON.stringify(resultado).slice(0, 300)}`);
  }
  return {
    nome: `faturamento de ${contratos.toLocaleString('pt-BR')} contratos`,
    amostras: [ms],
    alvoMs: ALVO_FATURAMENTO_MS[banco],
  };
}
