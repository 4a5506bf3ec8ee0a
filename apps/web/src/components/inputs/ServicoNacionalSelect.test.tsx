import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ServicoNacionalSelect } from './ServicoNacionalSelect';

function Escolha({ onChange }: { onChange: (codigo: string | null) => void }) {
  const [codigo, setCodigo] = useState<string | null>(null);
  return (
    <ServicoNacionalSelect
      label="Serviço"
      value={codigo}
      onChange={(next) => {
        setCodigo(next);
        onChange(next);
      }}
    />
  );
}

const campo = () => screen.getByLabelText('Serviço', { selector: 'input' }) as HTMLInputElement;
const opcoes = () =>
  screen.getAllByRole('option', { hidden: true }).map((opcao) => opcao.textContent);

describe('ServicoNacionalSelect', () => {
  it('loads the list on first use and finds by code, dots or not', async () => {
    const escolhido = vi.fn();
    renderWithProviders(<Escolha onChange={escolhido} />);
    await waitFor(() => expect(campo().placeholder).toMatch(/^Digite o código/));
    campo().focus();
    fireEvent.click(campo());
    fireEvent.change(campo(), { target: { value: '14.14' } });
    await waitFor(() =>
      expect(opcoes()).toEqual([
        expect.stringMatching(/^14\.14\.01Guincho intramunicipal/),
        expect.stringMatching(/^14\.14\.02Guindaste/),
      ]),
    );
    fireEvent.change(campo(), { target: { value: '141402' } });
    await waitFor(() => expect(opcoes()).toHaveLength(1));
    fireEvent.click(screen.getByRole('option', { name: /^14\.14\.02/, hidden: true }));
    expect(escolhido).toHaveBeenLastCalledWith('141402');
    await waitFor(() => expect(campo().value).toBe('14.14.02 — Guindaste e içamento.'));
  });

  it('finds by words of the description, accents and case ignored', async () => {
    renderWithProviders(<Escolha onChange={() => undefined} />);
    await waitFor(() => expect(campo().placeholder).toMatch(/^Digite o código/));
    campo().focus();
    fireEvent.click(campo());
    fireEvent.change(campo(), { target: { value: 'BARBEARIA' } });
    await waitFor(() =>
      expect(opcoes()).toEqual([
        '06.01.01Barbearia, cabeleireiros, manicuros, pedicuros e congêneres.',
      ]),
    );
    fireEvent.change(campo(), { target: { value: 'nada parecido' } });
    await waitFor(() =>
      expect(screen.getByText('Nenhum serviço da lista nacional encontrado')).toBeTruthy(),
    );
  });
});
