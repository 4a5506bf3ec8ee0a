import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, withWideScreen } from '../../test/render';
import { PagedListTable } from './PagedListTable';

interface Linha {
  id: number;
  nome: string;
}

function tabela(items: Linha[]) {
  return (
    <PagedListTable<Linha>
      data-testid="lista"
      query={{ data: { items, total: 40 }, isFetching: false, isPending: false, error: null }}
      loadErrorMessage="Erro ao carregar"
      columns={[{ accessor: 'nome', title: 'Nome' }]}
      page={1}
      pageSize={20}
      onPageChange={() => {}}
      emptyState="Nada"
    />
  );
}

const linhas = () =>
  within(screen.getByTestId('lista'))
    .getAllByRole('row')
    .filter((linha) => linha.closest('tbody'));

withWideScreen();

const textos = () => linhas().map((linha) => linha.textContent);

describe('PagedListTable', () => {
  it('shows a new page in the rows already on screen instead of mounting new ones', () => {
    const { rerender } = renderWithProviders(
      tabela([
        { id: 1, nome: 'Ana' },
        { id: 2, nome: 'Bruno' },
      ]),
    );
    expect(textos()).toEqual(['Ana', 'Bruno']);
    const antes = linhas();

    // A search answered with other records: the same <tr> elements, with the new texts.
    rerender(
      tabela([
        { id: 7, nome: 'Carla' },
        { id: 9, nome: 'Davi' },
        { id: 11, nome: 'Elisa' },
      ]),
    );
    expect(textos()).toEqual(['Carla', 'Davi', 'Elisa']);
    const depois = linhas();
    expect(depois[0]).toBe(antes[0]);
    expect(depois[1]).toBe(antes[1]);
  });
});
