import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Municipio } from '@prumo/shared/municipios';
import { renderWithProviders } from '../../test/render';
import { MunicipioSelect } from './MunicipioSelect';

function Escolha({ uf, onChange }: { uf?: 'SP'; onChange: (m: Municipio | null) => void }) {
  const [codigo, setCodigo] = useState<number | null>(null);
  return (
    <MunicipioSelect
      label="Município"
      uf={uf}
      value={codigo}
      onChange={(municipio) => {
        setCodigo(municipio?.codigo ?? null);
        onChange(municipio);
      }}
    />
  );
}

const campo = () => screen.getByLabelText('Município', { selector: 'input' }) as HTMLInputElement;
const opcoes = () =>
  screen.getAllByRole('option', { hidden: true }).map((opcao) => opcao.textContent);

describe('MunicipioSelect', () => {
  it("loads IBGE's table on first use and finds by name, accents and case ignored, prefix first", async () => {
    const escolhido = vi.fn();
    renderWithProviders(<Escolha onChange={escolhido} />);
    await waitFor(() => expect(campo().placeholder).toBe('Digite o nome do município'));
    campo().focus();
    fireEvent.click(campo());
    fireEvent.change(campo(), { target: { value: 'SAO JOSE DOS CAMPOS' } });
    await waitFor(() => expect(opcoes()[0]).toBe('São José dos Campos/SP'));
    fireEvent.click(screen.getByRole('option', { name: 'São José dos Campos/SP', hidden: true }));
    expect(escolhido).toHaveBeenCalledWith({
      codigo: 3549904,
      nome: 'São José dos Campos',
      uf: 'SP',
    });
  });

  it("with a UF offers only that UF's municipalities, by name alone, prefix first", async () => {
    renderWithProviders(<Escolha uf="SP" onChange={() => undefined} />);
    await waitFor(() => expect(campo().placeholder).toBe('Digite o nome do município'));
    campo().focus();
    fireEvent.click(campo());
    fireEvent.change(campo(), { target: { value: 'bom jesus' } });
    // Names starting with the text first, then those containing it.
    await waitFor(() =>
      expect(opcoes()).toEqual(['Bom Jesus dos Perdões', 'Pirapora do Bom Jesus']),
    );
  });
});
