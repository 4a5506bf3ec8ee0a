import { readFile } from 'node:fs/promises';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Nfse, NfseResumo } from '@prumo/shared/fiscal';
import { formatNumeroOs } from '@prumo/shared/ordens-servico';
import { ADMIN, baseURL, launchBrowser, newPage, signIn, WIDE } from '../support/browser';
import {
  api,
  chaveEmGrupos,
  CLIENTE,
  clienteDemoId,
  pdfBaixado,
  situacao,
} from '../support/fiscal';

/*
 * Issue 30's "done when", as a user of the demo walks it: a concluded service order of a
 * service with its national code issues its NFS-e from the order's screen (the simulated
 * national issuer answers at once); the note opens from the order, its XML and DANFSe download
 * (the key in groups of 4 on the PDF), it is cancelled with a reason, and the NFS-e tab of Nota
 * Fiscal shows it Cancelada.
 */

let browser: Browser;
let page: Page;
const run = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

const notification = (text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });

/** A download the action starts. */
async function baixar(acao: () => Promise<unknown>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), acao()]);
  return download;
}

/** A service of this run with the NFS-e's fiscal fields (the services API is camelCase). */
const criarServico = (nome: string, preco: number) =>
  api<{ id: number }>('/servicos', 'POST', {
    nome,
    preco,
    codigoTributacaoNacional: '140101',
    codigoNbs: '120012000',
    aliquotaIss: 2,
  });

/** A service order of the demo customer with that service, moved on to concluída. */
async function ordemConcluida(servicoId: number): Promise<{ id: number; numero: number }> {
  const [tecnico] = await api<Array<{ id: number }>>('/cadastros?tipo=funcionario');
  const ordem = await api<{ id: number; numero: number }>('/ordens-servico', 'POST', {
    cliente_id: await clienteDemoId(),
    tecnico_id: tecnico!.id,
    equipamento: `Notebook ${run}`,
    servicos: [{ servico_id: servicoId, quantidade: 2, valor: 150 }],
    desconto: 30,
  });
  for (const para of ['em-andamento', 'concluida']) {
    await api(`/ordens-servico/${ordem.id}/status`, 'PATCH', { situacao: para });
  }
  return ordem;
}

describe('Nota fiscal: NFS-e of a service order', () => {
  it('issues the NFS-e of a concluded order, downloads its XML and DANFSe, cancels it and finds it Cancelada on the NFS-e tab', async () => {
    const servico = await criarServico(`E2E NFSe ${run} Manutencao`, 150);
    const ordem = await ordemConcluida(servico.id);

    // The order's screen: concluded, with no NFS-e yet; Emitir NFS-e.
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, `/servicos/editar-os/${ordem.id}`);
    await expect
      .poll(() => page.getByTestId('os-numero').inputValue())
      .toBe(formatNumeroOs(ordem.numero));
    const painel = page.getByTestId('nfse-da-origem');
    await painel.getByRole('button', { name: 'Emitir NFS-e' }).click();
    await notification(/NFS-e Nº \d+ autorizada\./).waitFor();

    // The order shows its note, Autorizada, and no longer offers another.
    const [resumo] = await api<NfseResumo[]>(`/nfse?ordem_servico_id=${ordem.id}`);
    expect(resumo).toMatchObject({
      situacao: 'Autorizada',
      ordem_servico_id: ordem.id,
      tomador_nome: CLIENTE,
      codigo_tributacao_nacional: '140101',
      valor_servicos: 300,
      valor_desconto: 30,
      valor_iss: 5.4,
      valor_liquido: 270,
    });
    const chave = resumo!.chave!;
    expect(chave).toMatch(/^\d{50}$/);
    const titulo = `NFS-e Nº ${resumo!.numero_nfse}`;
    await situacao(painel, 'Autorizada').waitFor();
    await expect.poll(() => painel.getByRole('button', { name: 'Emitir NFS-e' }).count()).toBe(0);

    // Its page: the key in groups, the values, the timeline.
    await painel.getByRole('link', { name: titulo }).click();
    await page.getByRole('heading', { name: titulo }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/nota-fiscal/nfse/${resumo!.id}`);
    const detalhe = page.getByTestId('nfse-detalhe');
    await situacao(detalhe, 'Autorizada').waitFor();
    expect(await detalhe.getByTestId('nfse-chave').textContent()).toBe(chaveEmGrupos(chave));
    expect(await detalhe.getByTestId('nfse-servico').textContent()).toBe('14.01.01');
    const valores = await detalhe.getByTestId('nfse-valores').textContent();
    for (const valor of ['300,00', '30,00', '5,40', '270,00']) expect(valores).toContain(valor);
    await detalhe
      .getByTestId('nfse-eventos')
      .getByText(`NFS-e nº ${resumo!.numero_nfse} gerada pelo emissor nacional`)
      .waitFor();

    // The XML: the national NFS-e, signed, with its key.
    const xml = await baixar(() => detalhe.getByRole('button', { name: 'Baixar XML' }).click());
    expect(xml.suggestedFilename()).toBe(`NFSe-${chave}.xml`);
    const conteudo = await readFile(await xml.path(), 'utf8');
    expect(conteudo).toContain(`<infNFSe Id="NFS${chave}"`);
    expect(conteudo).toContain('<Signature');
    expect(conteudo).toContain('<cTribNac>140101</cTribNac>');

    // The DANFSe: the key in groups of 4, the order, and outside produção no legal value.
    const danfse = await baixar(() => detalhe.getByRole('button', { name: 'DANFSe' }).click());
    expect(danfse.suggestedFilename()).toBe(`DANFSe-${chave}.pdf`);
    const texto = await pdfBaixado(danfse);
    expect(texto).toContain(chaveEmGrupos(chave));
    expect(texto).toContain(`Ordem de serviço nº ${formatNumeroOs(ordem.numero)}`);
    expect(texto).toContain('NFS-e SEM VALIDADE JURÍDICA');

    // Cancelar NFS-e: the reason and a justification, checked before anything is sent.
    await detalhe.getByRole('button', { name: 'Cancelar NFS-e' }).click();
    const cancelar = dialog(`Cancelar ${titulo}`);
    await cancelar.getByLabel('Justificativa').fill('Curta');
    await cancelar.getByRole('button', { name: 'Cancelar NFS-e' }).click();
    await cancelar.getByText('Escolha o motivo do cancelamento').waitFor();
    await cancelar.getByText('A justificativa deve ter de 15 a 255 caracteres').waitFor();
    await cancelar.getByTestId('cancelar-nfse-motivo').click();
    await cancelar.getByRole('option', { name: '2 — Serviço não prestado' }).click();
    const justificativa = `Cliente desistiu do servico (${run})`;
    await cancelar.getByLabel('Justificativa').fill(justificativa);
    await cancelar.getByRole('button', { name: 'Cancelar NFS-e' }).click();
    await notification('NFS-e cancelada no emissor nacional.').waitFor();
    await cancelar.waitFor({ state: 'hidden' });
    await situacao(detalhe, 'Cancelada').waitFor();
    const cancelamento = await detalhe.getByTestId('nfse-cancelamento').textContent();
    expect(cancelamento).toContain('Serviço não prestado');
    expect(cancelamento).toContain(justificativa);
    const cancelada = await api<Nfse>(`/nfse/${resumo!.id}`);
    expect(cancelada).toMatchObject({
      situacao: 'Cancelada',
      cancelamento: { motivo: 2, justificativa },
    });

    // Back to the NFS-e tab: searched by its key, the note is there, Cancelada.
    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.waitForURL(`${baseURL()}/nota-fiscal?aba=nfse`);
    await page.getByLabel('Pesquisar NFS-e').fill(chave);
    const tabela = page.getByTestId('notas-nfse-table');
    const linha = tabela.locator(`[data-nfse-id="${resumo!.id}"]`);
    await situacao(linha, 'Cancelada').waitFor();
    await expect.poll(() => tabela.locator('[data-nfse-id]').count()).toBe(1);
    const textoLinha = await linha.textContent();
    expect(textoLinha).toContain(CLIENTE);
    expect(textoLinha).toContain(`OS nº ${formatNumeroOs(ordem.numero)}`);
    expect(textoLinha).toContain('14.01.01');
  });
});
