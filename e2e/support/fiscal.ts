import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Download, Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { EntradaNfe, NotaFiscal } from '@prumo/shared/fiscal';
import type { Venda } from '@prumo/shared/vendas';
import { apiToken, baseURL } from './browser';

/*
 * Set-up shared by the fiscal browser tests (notes, their events, returns): the data a test
 * needs made straight through the API as the admin (a product a note can carry, a finalized
 * sale, its NF-e, a supplier's XML entered), and how the screens and PDFs show a note.
 */

/** The demo customer with a complete address, município and e-mail (cadastros.demo.ts). */
export const CLIENTE = 'Maria Aparecida da Silva';

let token: Promise<string> | undefined;
/** The admin's session token, signed in once. */
const sessao = () => (token ??= apiToken());

/** A JSON call to the API as the admin (signed in on the first call), expecting success. */
export async function api<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await sessao()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** A product as the API answers it. */
export interface ProdutoApi {
  id: number;
  nome: string;
  estoque: number;
  custo: number;
  unidade_medida: string;
}

export const lerProduto = (id: number) => api<ProdutoApi>(`/produtos/${id}`);

/** A product with stock (50) and the NCM a note needs, unless `extra` says otherwise. */
export async function criarProdutoFiscal(
  nome: string,
  preco: number,
  extra: Record<string, unknown> = {},
) {
  const criado = await api<{ id: number }>('/produtos', 'POST', {
    nome,
    preco,
    estoque: 50,
    ncm: '09012100',
    ...extra,
  });
  return { id: criado.id, nome };
}

let clienteId: number | undefined;

/** The id of the demo customer (CLIENTE), looked up once. */
export async function clienteDemoId(): Promise<number> {
  if (clienteId === undefined) {
    const clientes = await api<Array<{ id: number; nome: string }>>(
      `/cadastros?tipo=cliente&q=${encodeURIComponent(CLIENTE)}`,
    );
    clienteId = clientes.find((c) => c.nome === CLIENTE)?.id;
    expect(clienteId, CLIENTE).toBeTruthy();
  }
  return clienteId!;
}

/** A finalized product sale to the demo customer, paid by pix: the sale as created. */
export async function vendaFinalizada(produtoId: number, quantidade: number): Promise<Venda> {
  const venda = await api<Venda>('/vendas', 'POST', {
    tipo: 'produto',
    cliente_id: await clienteDemoId(),
    forma_pagamento: 'pix',
    itens: [{ produto_id: produtoId, quantidade }],
  });
  await api(`/vendas/${venda.id}/status`, 'PATCH', { status: 'Finalizada' });
  return venda;
}

/** The sale's NF-e, emitted through the API (the simulated SEFAZ answers at once). */
export const emitirNfe = (vendaId: number) =>
  api<NotaFiscal>('/notas-fiscais', 'POST', { venda_id: vendaId, modelo: 55 });

/** A supplier's NF-e XML (a file) entered through the API with the given item decisions. */
export async function lancarXmlDeCompra(arquivo: string, dados: unknown): Promise<EntradaNfe> {
  const corpo = new FormData();
  corpo.append('dados', JSON.stringify(dados));
  corpo.append('xml', new Blob([await readFile(arquivo)], { type: 'application/xml' }), 'nfe.xml');
  const response = await fetch(`${baseURL()}/api/entradas-nfe`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await sessao()}` },
    body: corpo,
  });
  expect(response.status, `POST /entradas-nfe: ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as EntradaNfe;
}

/** The situação badge of a note (the lists render one per layout: the visible one). */
export const situacao = (scope: Locator, texto: string) =>
  scope.getByTestId('situacao-nota').filter({ visible: true, hasText: texto });

/** The key as the screens, the DANFE and the DANFCE show it: groups of 4 digits. */
export const chaveEmGrupos = (chave: string) => chave.replace(/(.{4})(?=.)/g, '$1 ');

/** The note's number as the screens show it: "000.000.123". */
export const numeroNota = (numero: number) =>
  String(numero)
    .padStart(9, '0')
    .replace(/(\d{3})(?=\d)/g, '$1.');

/**
 * A PDF's text on one line (pdftotext, poppler-utils): as laid out on the page, or in reading
 * order (`layout` false: a title the header wraps reads as one).
 */
export function textoDoPdf(pdf: Buffer, layout = true): string {
  const args = layout ? ['-layout', '-', '-'] : ['-', '-'];
  return execFileSync('pdftotext', args, { input: pdf, encoding: 'utf8' })
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
}

/** A downloaded PDF's text, as textoDoPdf reads it. */
export const pdfBaixado = async (download: Download, layout = true) =>
  textoDoPdf(await readFile(await download.path()), layout);
