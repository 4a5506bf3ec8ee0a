import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, mockDownloads, withMockedApi } from '../test/api';
import { renderScreen } from '../test/render';
import { ExportarLista } from './ExportarLista';

withMockedApi();

async function escolher(item: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('ExportarLista', () => {
  it('downloads the list path + /exportar with the format and the filters that are set, under the server’s name', async () => {
    const baixados = mockDownloads();
    let liberar!: () => void;
    const pronto = new Promise<void>((resolve) => (liberar = resolve));
    const chamadas = mockApi(({ url }) => {
      if (!url.startsWith('/api/produtos/exportar?')) return undefined;
      return new Response(
        new ReadableStream<Uint8Array>({
          start: async (controller) => {
            await pronto;
            controller.enqueue(new Uint8Array(3));
            controller.close();
          },
        }),
        { headers: { 'content-disposition': 'attachment; filename="produtos-2026-11-27.xlsx"' } },
      );
    });
    renderScreen(
      <ExportarLista
        path="/produtos"
        filtro={{
          q: 'furadeira',
          categoria_id: 3,
          ativo: false,
          abaixo_minimo: undefined,
          vazio: '',
        }}
        nome="produtos"
      />,
    );
    await escolher('Excel (XLSX)');
    // Busy while the file comes.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Exportando...' }).hasAttribute('data-loading'),
      ).toBe(true),
    );
    const url = new URL(chamadas.find((c) => c.url.includes('/exportar?'))!.url, 'http://x');
    expect(url.pathname).toBe('/api/produtos/exportar');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'furadeira',
      categoria_id: '3',
      ativo: 'false',
      formato: 'xlsx',
    });
    liberar();
    await waitFor(() => expect(baixados).toEqual(['produtos-2026-11-27.xlsx']));
    expect(screen.getByRole('button', { name: 'Exportar' }).hasAttribute('data-loading')).toBe(
      false,
    );
  });

  it('names the file itself when the server does not, and never sends a page', async () => {
    const baixados = mockDownloads();
    const chamadas = mockApi(({ url }) =>
      url.startsWith('/api/vendas/exportar?') ? new Response('a;b\n') : undefined,
    );
    renderScreen(
      <ExportarLista
        path="/vendas"
        filtro={{ tipo: 'produto', limit: 20, offset: 40 }}
        nome="vendas"
      />,
    );
    await escolher('CSV');
    await waitFor(() => expect(baixados).toEqual(['vendas.csv']));
    expect(chamadas.find((c) => c.url.includes('/exportar?'))!.url).toBe(
      '/api/vendas/exportar?tipo=produto&formato=csv',
    );
  });

  it('shows the server’s pt-BR reason when the export is refused', async () => {
    const baixados = mockDownloads();
    mockApi(({ url }) =>
      url.includes('/exportar?')
        ? json({ error: 'VALIDACAO', message: 'Filtro de data inválido' }, 400)
        : undefined,
    );
    renderScreen(<ExportarLista path="/orcamentos" filtro={{ de: 'x' }} nome="orcamentos" />);
    await escolher('CSV');
    await screen.findByText('Erro ao exportar a lista: Filtro de data inválido');
    expect(baixados).toEqual([]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Exportar' }).disabled).toBe(
      false,
    );
  });
});
