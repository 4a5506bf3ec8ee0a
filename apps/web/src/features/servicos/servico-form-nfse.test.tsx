import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SERVICO_MESSAGES, type Servico } from '@prumo/shared/servicos';
import { json, mockApi, withMockedApi, type Chamada } from '../../test/api';
import { renderScreen, stubDocumentFonts } from '../../test/render';
import ServicoFormPage from './pages/ServicoFormPage';

stubDocumentFonts(); // the description: an autosize Textarea
withMockedApi();

const SERVICO: Servico = {
  id: 5,
  nome: 'Troca de tela de celular',
  codigoInterno: 'SRV-004',
  categoria: 'Celulares',
  preco: 90,
  valorVenda: 90,
  valorCusto: 0,
  comissao: 15,
  duracao: 90,
  descricao: null,
  ativo: true,
  ncm: null,
  cfop: null,
  aliquotaIcms: null,
  aliquotaIpi: null,
  codigoTributacaoNacional: '140101',
  codigoNbs: '120012500',
  aliquotaIss: 2,
  localIncidenciaIss: 'estabelecimento',
  issRetido: false,
  fornecedorId: null,
  fornecedorNome: null,
  codigoFornecedor: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};

function render(route: string) {
  const chamadas = mockApi(({ url, method, body }) => {
    if (url === '/api/servicos/5' && method === 'GET') return json(SERVICO);
    if (url === '/api/servicos' && method === 'GET') return json([]);
    if (url === '/api/servicos/5' && method === 'PUT') {
      return json({ ...SERVICO, ...(body as object) });
    }
    if (url === '/api/servicos' && method === 'POST') {
      return json({ ...SERVICO, ...(body as object), id: 6 }, 201);
    }
  });
  renderScreen(
    <Routes>
      <Route path="/servicos/adicionar-servico" element={<ServicoFormPage />} />
      <Route path="/servicos/editar/:id" element={<ServicoFormPage />} />
      <Route path="/servicos" element={<p>lista</p>} />
    </Routes>,
    { route },
  );
  return chamadas;
}

const gravacoes = (chamadas: Chamada[]) =>
  chamadas.filter((c) => c.url.startsWith('/api/servicos') && ['PUT', 'POST'].includes(c.method));
const input = (label: string | RegExp) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const codigo = () => input(/^Código de tributação nacional/);
/** The national list's options on show (the other selects' are in the page too). */
const opcoesDaLista = () =>
  screen
    .queryAllByRole('option', { hidden: true })
    .map((opcao) => opcao.textContent ?? '')
    .filter((texto) => /^\d\d\.\d\d\.\d\d/.test(texto));
function procurar(texto: string) {
  codigo().focus();
  fireEvent.click(codigo());
  fireEvent.change(codigo(), { target: { value: texto } });
}
const abrirFiscal = () => fireEvent.click(screen.getByRole('tab', { name: 'Fiscal' }));

describe('service form: Fiscal (NFS-e)', () => {
  it('loads the national code with its description, the NBS masked, and saves every field', async () => {
    const chamadas = render('/servicos/editar/5');
    await screen.findByDisplayValue('Troca de tela de celular');
    abrirFiscal();
    const secao = screen.getByTestId('servico-fiscal-nfse');
    // The list loads in its own chunk; then the code shows as "14.01.01 — …".
    await waitFor(() => expect(codigo().value).toMatch(/^14\.01\.01 — Lubrificação, limpeza/));
    expect(within(secao).getByText(/^Lubrificação, limpeza, lustração/)).toBeTruthy();
    expect(input('Código NBS').value).toBe('1.2001.25.00');
    expect(input('Alíquota do ISS').value).toBe('2 %');
    expect(input(/^Local de incidência do ISS/).value).toBe(
      'Município da empresa (estabelecimento)',
    );
    expect(input('ISS retido pelo tomador').checked).toBe(false);

    // Another code, found by words of its description (accents ignored).
    procurar('assistencia tecnica');
    await waitFor(() => expect(opcoesDaLista()).toEqual(['14.02.01Assistência técnica.']));
    fireEvent.click(screen.getByRole('option', { name: /^14\.02\.01/, hidden: true }));
    await waitFor(() => expect(codigo().value).toBe('14.02.01 — Assistência técnica.'));
    fireEvent.change(input('Alíquota do ISS'), { target: { value: '3,5' } });
    fireEvent.click(input(/^Local de incidência do ISS/));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Município do cliente (tomador)', hidden: true }),
    );
    fireEvent.click(input('ISS retido pelo tomador'));
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Serviço' }));

    await waitFor(() => expect(gravacoes(chamadas)).toHaveLength(1));
    expect(gravacoes(chamadas)[0]!.body).toMatchObject({
      codigoTributacaoNacional: '140201',
      codigoNbs: '120012500',
      aliquotaIss: 3.5,
      localIncidenciaIss: 'tomador',
      issRetido: true,
    });
  }, 20_000);

  it('finds a code typed with or without dots, and refuses a bad NBS before sending', async () => {
    const chamadas = render('/servicos/adicionar-servico');
    fireEvent.change(await screen.findByLabelText(/^Nome do serviço/), {
      target: { value: 'Suporte em informática' },
    });
    abrirFiscal();
    await waitFor(() => expect(codigo().placeholder).toMatch(/^Digite o código/));
    procurar('01.07');
    await waitFor(() =>
      expect(opcoesDaLista()).toEqual([
        expect.stringMatching(/^01\.07\.01Suporte técnico em informática/),
      ]),
    );
    fireEvent.change(codigo(), { target: { value: '140101' } });
    await waitFor(() => expect(opcoesDaLista()).toHaveLength(1));
    fireEvent.click(screen.getByRole('option', { name: /^14\.01\.01/, hidden: true }));
    await waitFor(() => expect(codigo().value).toMatch(/^14\.01\.01 — /));

    // The mask listens to input events, as typing sends them.
    fireEvent.input(input('Código NBS'), { target: { value: '12345' } });
    expect(input('Código NBS').value).toBe('1.2345');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Serviço' }));
    expect(await screen.findByText(SERVICO_MESSAGES.nbs)).toBeTruthy();
    expect(gravacoes(chamadas)).toHaveLength(0);

    fireEvent.input(input('Código NBS'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Serviço' }));
    await waitFor(() => expect(gravacoes(chamadas)).toHaveLength(1));
    expect(gravacoes(chamadas)[0]!.body).toMatchObject({
      nome: 'Suporte em informática',
      codigoTributacaoNacional: '140101',
      codigoNbs: null,
      localIncidenciaIss: 'estabelecimento',
      issRetido: false,
    });
  }, 20_000);
});
