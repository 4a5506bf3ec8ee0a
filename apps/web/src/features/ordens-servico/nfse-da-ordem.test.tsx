import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NFSE_MENSAGENS, type NfseResumo } from '@prumo/shared/fiscal';
import type { OrdemServico, SituacaoOS } from '@prumo/shared/ordens-servico';
import { AgendamentoView } from '../../components/agendamentos/AgendamentoView';
import { json, mockApi, withMockedApi, type Chamada } from '../../test/api';
import { nfse, resumoNfse, STATUS_FISCAL } from '../../test/fiscal';
import { renderScreen, stubDocumentFonts } from '../../test/render';
import EditarOsPage from './pages/EditarOsPage';

stubDocumentFonts(); // the order's text areas autosize
withMockedApi();

/** Service order 12 of Maria Souza: one service line (R$ 300,00), in the given situação. */
const ordem = (situacao: SituacaoOS): OrdemServico => ({
  id: 12,
  numero: 12,
  cliente_id: 5,
  cliente_nome: 'Maria Souza',
  equipamento: 'Notebook',
  tecnico_id: null,
  tecnico_nome: null,
  prioridade: 'media',
  situacao,
  prazo: null,
  data_entrada: '2026-11-19T12:00:00Z',
  valor_total: 300,
  data_saida: null,
  canal_venda: 'presencial',
  centro_custo: null,
  vendedor_id: null,
  vendedor_nome: null,
  marca: null,
  modelo: null,
  numero_serie: null,
  condicoes: null,
  defeitos: null,
  acessorios: null,
  solucao: null,
  laudo: null,
  termos: null,
  produtos: [],
  servicos: [
    {
      id: 1,
      servico_id: 3,
      nome: 'Troca de teclado',
      detalhes: null,
      quantidade: 1,
      valor: 300,
      desconto: 0,
      subtotal: 300,
    },
  ],
  cep: null,
  logradouro: null,
  numero_endereco: null,
  complemento: null,
  bairro: null,
  cidade: null,
  uf: null,
  mao_de_obra: 300,
  pecas: 0,
  frete: 0,
  outros: 0,
  desconto: 0,
  exibir_total: true,
  observacoes: null,
  observacoes_internas: null,
  aprovado_por: null,
  aprovado_em: null,
  entregue_a: null,
  entregue_em: null,
  concluida_em: situacao === 'concluida' ? '2026-11-20T13:00:00Z' : null,
  anexos: [],
  historico: [],
  orcamento_id: null,
  orcamento_numero: null,
  created_at: '2026-11-19T12:00:00Z',
  updated_at: '2026-11-20T13:00:00Z',
});

/** The order's whole form takes its time to come up on a busy machine. */
const CARREGAR = { timeout: 5000 };

/**
 * The order's API: the order, the settings (NFS-e on unless told) and its NFS-e, which the
 * emission creates; every call recorded.
 */
function stubApi(
  situacao: SituacaoOS,
  configuracao = { nfse_ativa: true, nfse_emissor_nacional: true },
) {
  let notas: NfseResumo[] = [];
  const chamadas = mockApi(({ url, method }) => {
    if (url === '/api/ordens-servico/12') return json(ordem(situacao));
    if (url === '/api/fiscal/status') return json({ ...STATUS_FISCAL, ...configuracao });
    if (url.startsWith('/api/nfse?ordem_servico_id=12')) {
      return json(notas, 200, { 'x-total-count': String(notas.length) });
    }
    if (url === '/api/nfse' && method === 'POST') {
      const criada = nfse(1);
      notas = [resumoNfse(1)];
      return json([criada], 201);
    }
    if (url.startsWith('/api/cadastros')) return json([], 200, { 'x-total-count': '0' });
  });
  return chamadas;
}

const renderOrdem = () =>
  renderScreen(
    <Routes>
      <Route path="/servicos/editar-os/:id" element={<EditarOsPage />} />
    </Routes>,
    { route: '/servicos/editar-os/12' },
  );

const emissoes = (chamadas: Chamada[]) =>
  chamadas.filter((c) => c.url === '/api/nfse' && c.method === 'POST');

describe("the service order's NFS-e", () => {
  it('issues the NFS-e of a concluded order and then shows its notes, each linking to its page', async () => {
    const chamadas = stubApi('concluida');
    renderOrdem();
    // (roles are looked up within the panel: the order's whole form is slow to search)
    const painel = await screen.findByTestId('nfse-da-origem', {}, CARREGAR);
    const emitir = await within(painel).findByRole('button', { name: 'Emitir NFS-e' });
    expect(chamadas.some((c) => c.url.startsWith('/api/nfse?ordem_servico_id=12&'))).toBe(true);

    fireEvent.click(emitir);
    expect(await screen.findByText('NFS-e Nº 7 autorizada.')).toBeTruthy();
    const [emissao] = emissoes(chamadas);
    expect(emissao!.body).toEqual({ ordem_servico_id: 12 });
    expect(emissao!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);

    const link = await within(painel).findByRole('link', { name: 'NFS-e Nº 7' });
    expect(link.getAttribute('href')).toBe('/nota-fiscal/nfse/1');
    expect(within(painel).getByText('Autorizada')).toBeTruthy();
    expect(within(painel).getByText(/14\.01\.01/)).toBeTruthy();
    expect(within(painel).getByRole('button', { name: 'DANFSe' })).toBeTruthy();
    expect(within(painel).getByRole('button', { name: 'XML' })).toBeTruthy();
    // A note in force: no second emission.
    await waitFor(() => expect(within(painel).queryByText('Emitir NFS-e')).toBeNull());
  });

  it("says plainly that the município's own issuer is used, and offers no button", async () => {
    stubApi('entregue', { nfse_ativa: false, nfse_emissor_nacional: false });
    renderOrdem();
    const aviso = await screen.findByTestId('nfse-emissor-municipal', {}, CARREGAR);
    expect(aviso.textContent).toContain(NFSE_MENSAGENS.emissorMunicipal);
    expect(screen.queryByText('Emitir NFS-e')).toBeNull();
  });

  it('shows nothing of the NFS-e while the order is open', async () => {
    const chamadas = stubApi('em-andamento');
    renderOrdem();
    await screen.findByTestId('situacao-acoes', {}, CARREGAR);
    expect(screen.queryByTestId('nfse-da-origem')).toBeNull();
    expect(chamadas.some((c) => c.url.startsWith('/api/nfse'))).toBe(false);
  });
});

describe("the appointment's NFS-e", () => {
  it('issues the NFS-e of a concluded appointment from its view', async () => {
    const chamadas = mockApi(({ url, method }) => {
      if (url === '/api/vendas/40') {
        return json({
          id: 40,
          numero: 40,
          tipo: 'servico',
          status: 'Concluído',
          cliente_nome: 'Maria Souza',
          servico_id: 3,
          servico_nome: 'Corte',
          valor_final: 80,
          data_agendamento: '2026-11-20',
          hora_inicio: '10:00',
          duracao_estimada: 30,
          profissional: 'Vera',
          iniciado_em: null,
          concluido_em: '2026-11-20T13:30:00Z',
          observacoes: null,
        });
      }
      if (url === '/api/fiscal/status') return json(STATUS_FISCAL);
      if (url.startsWith('/api/nfse?venda_id=40')) return json([], 200, { 'x-total-count': '0' });
      if (url === '/api/nfse' && method === 'POST') {
        return json([nfse(1, { ordem_servico_id: null, venda_id: 40 })], 201);
      }
    });
    renderScreen(<AgendamentoView vendaId={40} onClose={() => {}} onEditar={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir NFS-e' }));
    expect(await screen.findByText('NFS-e Nº 7 autorizada.')).toBeTruthy();
    expect(emissoes(chamadas).map((c) => c.body)).toEqual([{ venda_id: 40 }]);
  });
});
