// The import's API as its tests drive it (issue 33): upload a sheet, dry run, start, wait.
import { expect } from 'vitest';
import type {
  Importacao,
  ImportacaoArquivo,
  ImportacaoOpcoesInput,
  ImportacaoSimulacao,
  TipoImportacao,
} from '@prumo/shared/importacao';
import { execucoes } from '../modules/importacao/importacao.processo';
import { multipart } from './multipart-body';
import type { TestContext } from './test-app';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** POST /api/importacoes with one file, as `as` (the admin by default). */
export function enviarPlanilha(
  ctx: TestContext,
  tipo: TipoImportacao,
  conteudo: string | Buffer,
  nome = 'planilha.csv',
  as?: string,
) {
  const body = multipart({ tipo }, [
    {
      field: 'arquivo',
      name: nome,
      type: nome.endsWith('.xlsx') ? XLSX : 'text/csv',
      content: typeof conteudo === 'string' ? Buffer.from(conteudo, 'utf8') : conteudo,
    },
  ]);
  return ctx.request({
    method: 'POST',
    url: '/api/importacoes',
    payload: body.payload,
    headers: body.headers,
    as,
  });
}

export async function enviarPlanilhaOk(
  ctx: TestContext,
  tipo: TipoImportacao,
  conteudo: string | Buffer,
  nome?: string,
): Promise<ImportacaoArquivo> {
  const response = await enviarPlanilha(ctx, tipo, conteudo, nome);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ImportacaoArquivo>();
}

export async function simularImportacao(
  ctx: TestContext,
  id: number,
  opcoes: ImportacaoOpcoesInput,
  query = '',
): Promise<ImportacaoSimulacao> {
  return postarOpcoes(ctx, `/api/importacoes/${id}/simular${query}`, opcoes, 200);
}

/** POST /:id/executar, answered 202 with the run just started. */
export async function iniciarImportacao(
  ctx: TestContext,
  id: number,
  opcoes: ImportacaoOpcoesInput,
): Promise<Importacao> {
  return postarOpcoes(ctx, `/api/importacoes/${id}/executar`, opcoes, 202);
}

/** The import's options posted to one of its steps, answered with the expected status. */
async function postarOpcoes<T>(
  ctx: TestContext,
  url: string,
  opcoes: ImportacaoOpcoesInput,
  status: number,
): Promise<T> {
  const response = await ctx.request({ method: 'POST', url, payload: opcoes });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

/** The import once its run (in this process) has ended, as GET /:id answers it. */
export async function esperarImportacao(ctx: TestContext, id: number): Promise<Importacao> {
  for (let i = 0; i < 600; i++) {
    await execucoes.get(id)?.fim;
    const response = await ctx.request({ method: 'GET', url: `/api/importacoes/${id}` });
    const importacao = response.json<Importacao>();
    if (importacao.status !== 'Em andamento') return importacao;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('a importação não terminou');
}
