import {
  CAMPOS_IMPORTACAO,
  type Importacao,
  type ImportacaoArquivo,
} from '@prumo/shared/importacao';
import { gtinCheckDigit } from '@prumo/shared/produtos';
import type { ServerProcess } from '../reliability/processes/server-process';
import type { LinhaDocumento } from './documentos';
import { memoriaMb } from './relatorios';

/** Issue 33: 50,000 products from one XLSX, on each database, with the server's memory. */
export const PRODUTOS_IMPORTADOS = 50_000;
export const ALVO_IMPORTACAO_MS = { pglite: 120_000, postgres: 60_000 } as const;
export const ALVO_MEMORIA_IMPORTACAO_MB = 200;

/**
 * The spreadsheet a shop brings: the model's headers, one product per row with its own code and
 * a valid EAN-13, prices as numbers (as another system's export has them), twenty groups.
 */
async function planilhaDeProdutos(quantidade: number): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const livro = new ExcelJS.Workbook();
  const folha = livro.addWorksheet('Produtos');
  const campos = CAMPOS_IMPORTACAO.produtos;
  folha.addRow(campos.map((c) => c.rotulo));
  for (let n = 1; n <= quantidade; n++) {
    const doze = `789${String(n).padStart(9, '0')}`;
    const proprios: Record<string, string | number> = {
      codigo_interno: `IMP${n}`,
      nome: `Produto importado ${n}`,
      grupo: `Grupo ${n % 20}`,
      codigo_barras: `${doze}${gtinCheckDigit(doze)}`,
      preco: 5 + (n % 300) / 4,
      custo: 2 + (n % 300) / 8,
    };
    folha.addRow(campos.map((c) => proprios[c.chave] ?? c.exemplo));
  }
  return Buffer.from(await livro.xlsx.writeBuffer());
}

/**
 * Upload, then the import itself timed from "Importar" to its end (polled as the screen does),
 * with the server's resident memory sampled against its level before the upload.
 */
export async function medirImportacao(
  server: ServerProcess,
  token: string,
  banco: keyof typeof ALVO_IMPORTACAO_MS,
): Promise<LinhaDocumento[]> {
  const headers = { authorization: `Bearer ${token}` };
  const arquivo = await planilhaDeProdutos(PRODUTOS_IMPORTADOS);
  const pid = server.child.pid!;
  const antes = memoriaMb(pid);
  let pico = antes;
  const amostrador = setInterval(() => (pico = Math.max(pico, memoriaMb(pid))), 100);
  try {
    const corpo = new FormData();
    corpo.set('tipo', 'produtos');
    corpo.set('arquivo', new Blob([arquivo]), 'produtos.xlsx');
    const inicioEnvio = performance.now();
    const enviada = await fetch(`${server.url}/api/importacoes`, {
      method: 'POST',
      headers,
      body: corpo,
    });
    if (enviada.status !== 201) throw new Error(`Envio: ${enviada.status} ${await enviada.text()}`);
    const lida = (await enviada.json()) as ImportacaoArquivo;
    const envioMs = performance.now() - inicioEnvio;

    const opcoes = {
      mapeamento: Object.fromEntries(
        Object.entries(lida.mapeamento_sugerido).filter(([, cabecalho]) => cabecalho),
      ),
      chave: 'codigo_interno',
      existentes: 'ignorar',
      modo: 'tudo',
    };
    const inicio = performance.now();
    const iniciada = await fetch(`${server.url}/api/importacoes/${lida.id}/executar`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(opcoes),
    });
    if (iniciada.status !== 202)
      throw new Error(`Executar: ${iniciada.status} ${await iniciada.text()}`);
    let importacao = (await iniciada.json()) as Importacao;
    while (importacao.status === 'Em andamento') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      importacao = (await (
        await fetch(`${server.url}/api/importacoes/${lida.id}`, { headers })
      ).json()) as Importacao;
    }
    const importacaoMs = performance.now() - inicio;
    if (importacao.status !== 'Concluída' || importacao.criados !== PRODUTOS_IMPORTADOS) {
      throw new Error(`Importação: ${JSON.stringify(importacao)}`);
    }
    return [
      {
        nome: `envio e leitura do XLSX de ${PRODUTOS_IMPORTADOS.toLocaleString('pt-BR')} produtos (${(arquivo.length / 1e6).toFixed(1)} MB)`,
        amostras: [envioMs],
        alvoMs: ALVO_IMPORTACAO_MS[banco],
        informativo: true,
      },
      {
        nome:
          `importação de ${PRODUTOS_IMPORTADOS.toLocaleString('pt-BR')} produtos ` +
          `(memória do servidor +${Math.round(pico - antes)} MB, limite ${ALVO_MEMORIA_IMPORTACAO_MB})`,
        amostras: [importacaoMs],
        alvoMs: ALVO_IMPORTACAO_MS[banco],
      },
    ];
  } finally {
    clearInterval(amostrador);
  }
}
