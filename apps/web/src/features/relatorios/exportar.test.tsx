import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, mockDownloads, withMockedApi } from '../../test/api';
import { renderScreen, withWideScreen } from '../../test/render';
import RelatoriosPage from './pages/RelatoriosPage';
import { CATALOGO, paginaVendasPorProduto } from './relatorios.fixtures';

withMockedApi();
withWideScreen();

const NOME = 'vendas-por-produto-2026-11-01-a-2026-11-27.csv';

/**
 * The API with an export whose body the test feeds chunk by chunk (a stream of 200,000 rows
 * announced in X-Total-Count), and the signal the screen gave its fetch.
 */
function stubExportacao() {
  let corpo!: ReadableStreamDefaultController<Uint8Array>;
  const chamadas = mockApi(({ url }) => {
    if (url === '/api/relatorios') return json(CATALOGO);
    if (url === '/api/categorias' || url === '/api/usuarios/vendedores') return json([]);
    if (url.startsWith('/api/relatorios/vendas-por-produto/exportar?'))
      return new Response(
        new ReadableStream<Uint8Array>({
          start: (controller) => {
            corpo = controller;
          },
        }),
        {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${NOME}"`,
            'x-total-count': '200000',
          },
        },
      );
    if (url.startsWith('/api/relatorios/vendas-por-produto?'))
      return json(paginaVendasPorProduto(new URL(url, 'http://x').searchParams));
  });
  const sinal = () => {
    const chamada = vi
      .mocked(globalThis.fetch)
      .mock.calls.find(([url]) => String(url).includes('/exportar?'));
    return chamada?.[1]?.signal ?? undefined;
  };
  return {
    chamadas,
    enviar: (bytes: number) => corpo.enqueue(new Uint8Array(bytes)),
    fim: () => corpo.close(),
    sinal,
  };
}

const renderPagina = (route: string) =>
  renderScreen(
    <Routes>
      <Route path="/relatorios" element={<RelatoriosPage />} />
    </Routes>,
    { route },
  );

const progresso = () => screen.getByTestId('exportacao-texto').textContent;

describe('Relatórios: exports', { timeout: 20_000 }, () => {
  it('streams a CSV with the filters and sort on screen, shows its progress and saves it under its name', async () => {
    const baixados = mockDownloads();
    const { chamadas, enviar, fim } = stubExportacao();
    renderPagina(
      '/relatorios?r=vendas-por-produto&de=2026-11-01&ate=2026-11-27&sort=produto&order=desc&pagina=3&agrupar=mes',
    );
    await screen.findByText('Furadeira 201', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(progresso()).toBe('Exportando 200.000 linhas: 0 B recebidos'));
    // The filters the report reads and the sort; neither the page nor another report's filter.
    const exportacao = chamadas.find((c) => c.url.includes('/exportar?'))!;
    expect(Object.fromEntries(new URL(exportacao.url, 'http://x').searchParams)).toEqual({
      de: '2026-11-01',
      ate: '2026-11-27',
      sort: 'produto',
      order: 'desc',
      formato: 'csv',
    });
    expect(exportacao.headers.Authorization).toBe('Bearer token-de-teste');
    enviar(1024);
    await waitFor(() => expect(progresso()).toBe('Exportando 200.000 linhas: 1 KB recebidos'));
    enviar(2048 * 1024);
    await waitFor(() => expect(progresso()).toBe('Exportando 200.000 linhas: 2 MB recebidos'));
    // One export at a time.
    expect(screen.getByRole('button', { name: 'Exportar XLSX' })).toHaveProperty('disabled', true);
    fim();
    await waitFor(() => expect(baixados).toEqual([NOME]));
    expect(screen.queryByTestId('exportacao-progresso')).toBeNull();
  });

  it('Cancelar stops the download: the request aborted, nothing saved, no error', async () => {
    const baixados = mockDownloads();
    const { enviar, sinal } = stubExportacao();
    renderPagina('/relatorios?r=vendas-por-produto');
    await screen.findByText('Furadeira 1', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    enviar(512);
    await waitFor(() => expect(progresso()).toBe('Exportando 200.000 linhas: 512 B recebidos'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByTestId('exportacao-progresso')).toBeNull());
    expect(sinal()?.aborted).toBe(true);
    expect(baixados).toEqual([]);
    expect(screen.queryByText(/Erro ao exportar/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Exportar XLSX' })).toHaveProperty('disabled', false);
  });

  it('tells the server’s reason when the PDF would be too long', async () => {
    const baixados = mockDownloads();
    const mensagem =
      'O PDF tem no máximo 5.000 linhas; exporte em XLSX ou CSV, que não têm limite, ou filtre o período';
    mockApi(({ url }) => {
      if (url === '/api/relatorios') return json(CATALOGO);
      if (url === '/api/categorias' || url === '/api/usuarios/vendedores') return json([]);
      if (url.includes('/exportar?'))
        return json({ error: 'VALIDACAO', message: mensagem, fields: { formato: mensagem } }, 400);
      if (url.startsWith('/api/relatorios/vendas-por-produto?'))
        return json(paginaVendasPorProduto(new URL(url, 'http://x').searchParams));
    });
    renderPagina('/relatorios?r=vendas-por-produto');
    await screen.findByText('Furadeira 1', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir PDF' }));
    expect(await screen.findByText(`Erro ao exportar o relatório: ${mensagem}`)).toBeTruthy();
    expect(baixados).toEqual([]);
  });
});
