import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FISCAL_MENSAGENS, type NotaFiscal } from '@prumo/shared/fiscal';
import type { Venda } from '@prumo/shared/vendas';
import { json, mockApi, mockDownloads, withMockedApi, type Chamada } from '../../test/api';
import { STATUS_FISCAL as STATUS } from '../../test/fiscal';
import { renderScreen as render } from '../../test/render';
import { VendaRapida } from './components/VendaRapida';
import { VendaView } from './components/VendaView';

withMockedApi();

const CAFE = {
  id: 1,
  nome: 'Café Torrado 500g',
  categoria_nome: 'Mercearia',
  estoque: 48,
  unidade_medida: 'UN',
  preco: 21.9,
  codigo_barras: '7896543210012',
  codigo_interno: 'PRD-0001',
  ativo: true,
};

const nota = (extra: Partial<NotaFiscal>): NotaFiscal => ({
  id: 31,
  modelo: 65,
  serie: 1,
  numero: 31,
  chave: '35261112345678000195650010000000311234567890',
  situacao: 'Autorizada',
  ambiente: 'simulacao',
  contingencia: false,
  venda_id: 9,
  venda_numero: 9,
  finalidade: 1,
  devolucao_id: null,
  destinatario_nome: null,
  destinatario_documento: null,
  valor_total: 21.9,
  emitida_em: '2026-11-20T13:05:00Z',
  autorizada_em: '2026-11-20T13:05:01Z',
  protocolo: '135260000000031',
  c_stat: 100,
  x_motivo: 'Autorizado o uso da NF-e',
  eventos: [],
  qrcode_url: null,
  pendencias: [],
  tem_xml: true,
  ...extra,
});

/** The API answered from memory (`answer` first); records calls and downloads. */
function stubApi(answer: (chamada: Chamada) => Response | undefined) {
  const chamadas = mockApi(answer, ({ url, method }) => {
    if (url.startsWith('/api/produtos/search')) return json([CAFE]);
    if (url === '/api/vendas/parametros') {
      return json({ desconto_limite: 10, balanca_modo: 'preco' });
    }
    if (url === '/api/vendas' && method === 'POST') {
      return json({ id: 9, numero: 9, valor_final: 21.9, troco: 0 }, 201);
    }
    if (url.startsWith('/api/cadastros')) return json([], 200, { 'x-total-count': '0' });
    if (/\/(danfe|xml)$|comprovante/.test(url)) {
      return new Response('%PDF', { headers: { 'content-type': 'application/pdf' } });
    }
    return json({});
  });
  return { chamadas, baixados: mockDownloads() };
}

const busca = () => screen.getByTestId('pdv-busca') as HTMLInputElement;
async function venderUmCafe() {
  fireEvent.change(busca(), { target: { value: CAFE.codigo_barras } });
  fireEvent.keyDown(busca(), { key: 'Enter' });
  await waitFor(() => expect(screen.queryAllByTestId('pdv-item')).toHaveLength(1));
  fireEvent.keyDown(window, { key: 'F9' });
}
const cpfInput = async () =>
  within(await screen.findByTestId('cpf-na-nota')).getByLabelText(
    'CPF do consumidor (opcional)',
  ) as HTMLInputElement;
const posts = (chamadas: Chamada[], url: string) =>
  chamadas.filter((c) => c.url === url && c.method === 'POST');

describe('PDV with NFC-e', () => {
  it('asks "CPF na nota?", checks it, then finalizes and prints the DANFCE instead of the receipt', async () => {
    const { chamadas, baixados } = stubApi(({ url, method }) => {
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url === '/api/notas-fiscais' && method === 'POST') return json(nota({}), 201);
    });
    render(<VendaRapida caixaAberto />);
    await venderUmCafe();
    expect(await screen.findByRole('dialog', { name: 'CPF na nota?' })).toBeTruthy();
    const cpf = await cpfInput();
    expect(document.activeElement).toBe(cpf);

    fireEvent.input(cpf, { target: { value: '11111111111' } });
    fireEvent.submit(screen.getByTestId('cpf-na-nota'));
    expect(await screen.findByText(FISCAL_MENSAGENS.cpfConsumidor)).toBeTruthy();
    expect(posts(chamadas, '/api/vendas')).toHaveLength(0);

    fireEvent.input(cpf, { target: { value: '52998224725' } });
    expect(cpf.value).toBe('529.982.247-25');
    fireEvent.keyDown(cpf, { key: 'F9' });
    await waitFor(() => expect(baixados).toEqual([`DANFCE-${nota({}).chave}.pdf`]));
    expect(posts(chamadas, '/api/vendas')).toHaveLength(1);
    const emissao = posts(chamadas, '/api/notas-fiscais')[0]!;
    expect(emissao.body).toEqual({ venda_id: 9, modelo: 65, cpf_consumidor: '52998224725' });
    expect(emissao.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(chamadas.some((c) => c.url.includes('comprovante'))).toBe(false);
    const ultima = await screen.findByTestId('pdv-ultima-nfce');
    expect(ultima.textContent).toContain('NFC-e Nº 000.000.031');
    expect(ultima.textContent).toContain('Autorizada');
  });

  it('going back keeps the sale open; a rejected NFC-e falls back to the receipt and says why', async () => {
    const { chamadas, baixados } = stubApi(({ url, method }) => {
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url === '/api/notas-fiscais' && method === 'POST') {
        return json(
          nota({
            situacao: 'Rejeitada',
            c_stat: 778,
            x_motivo: 'Rejeição: Informado NCM inexistente',
            protocolo: null,
          }),
          201,
        );
      }
    });
    render(<VendaRapida caixaAberto />);
    await venderUmCafe();
    const dialogo = await screen.findByRole('dialog', { name: 'CPF na nota?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(chamadas, '/api/vendas')).toHaveLength(0);
    expect(screen.queryAllByTestId('pdv-item')).toHaveLength(1);

    fireEvent.keyDown(window, { key: 'F9' });
    fireEvent.submit(await screen.findByTestId('cpf-na-nota'));
    await waitFor(() => expect(baixados).toEqual(['venda-000009-80mm.pdf']));
    expect(posts(chamadas, '/api/notas-fiscais')[0]!.body).toMatchObject({
      cpf_consumidor: null,
    });
    expect(
      await screen.findByText(
        /NFC-e Nº 000\.000\.031 rejeitada pela SEFAZ \(778: .*comprovante não fiscal/,
      ),
    ).toBeTruthy();
  });

  it('with NFC-e off, F9 sells at once: no question and no emission', async () => {
    const { chamadas } = stubApi(({ url }) =>
      url === '/api/fiscal/status' ? json({ ...STATUS, nfce_ativa: false }) : undefined,
    );
    render(<VendaRapida caixaAberto />);
    await waitFor(() => expect(chamadas.some((c) => c.url === '/api/fiscal/status')).toBe(true));
    await venderUmCafe();
    await waitFor(() => expect(posts(chamadas, '/api/vendas')).toHaveLength(1));
    expect(screen.queryByTestId('cpf-na-nota')).toBeNull();
    expect(posts(chamadas, '/api/notas-fiscais')).toHaveLength(0);
  });
});

const VENDA: Venda = {
  id: 5,
  numero: 15,
  tipo: 'produto',
  status: 'Finalizada',
  cliente_id: 3,
  cliente_nome: 'Maria Souza',
  forma_pagamento: 'pix',
  valor_total: 100,
  desconto: 0,
  frete: 0,
  valor_final: 100,
  troco: 0,
  observacoes: null,
  atendimento_rapido: false,
  data_venda: '2026-11-20T13:00:00Z',
  vendedor_id: null,
  vendedor_nome: null,
  caixa_id: null,
  servico_id: null,
  servico_nome: null,
  data_agendamento: null,
  hora_inicio: null,
  duracao_estimada: null,
  profissional_id: null,
  profissional: null,
  created_at: '2026-11-20T13:00:00Z',
  updated_at: '2026-11-20T13:00:00Z',
  itens: [],
  pagamentos: [],
  historico: [],
  desconto_autorizado_por_nome: null,
  inicio_atendimento: null,
  finalizada_em: '2026-11-20T13:00:00Z',
  cancelada_em: null,
  iniciado_em: null,
  concluido_em: null,
  orcamento_id: null,
  orcamento_numero: null,
};

describe('sale view', () => {
  it('a finalized product sale with a customer emits its NF-e, then lists it with DANFE and XML', async () => {
    const nfe = nota({ id: 44, modelo: 55, numero: 15, venda_id: 5, destinatario_nome: 'Maria' });
    let notas: NotaFiscal[] = [];
    const { chamadas } = stubApi(({ url, method }) => {
      if (url === '/api/vendas/5') return json(VENDA);
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url.startsWith('/api/notas-fiscais?venda_id=5')) {
        return json(notas, 200, { 'x-total-count': String(notas.length) });
      }
      if (url === '/api/notas-fiscais' && method === 'POST') {
        notas = [nfe];
        return json(nfe, 201);
      }
    });
    render(<VendaView vendaId={5} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir NF-e' }));
    const modal = await screen.findByTestId('emitir-nfe');
    fireEvent.click(within(modal).getByRole('button', { name: 'Emitir NF-e' }));
    expect(await screen.findByText('NF-e Nº 000.000.015 autorizada.')).toBeTruthy();
    const emissao = posts(chamadas, '/api/notas-fiscais')[0]!;
    expect(emissao.body).toEqual({
      venda_id: 5,
      modelo: 55,
      transportadora_id: null,
      modalidade_frete: 9,
    });
    expect(emissao.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);

    const lista = await screen.findByTestId('venda-notas');
    expect(
      within(lista).getByRole('link', { name: 'NF-e Nº 000.000.015' }).getAttribute('href'),
    ).toBe('/nota-fiscal/44');
    expect(within(lista).getByText('Autorizada')).toBeTruthy();
    expect(within(lista).getByRole('button', { name: 'DANFE' })).toBeTruthy();
    expect(within(lista).getByRole('button', { name: 'XML' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Emitir NF-e' })).toBeNull());
  });

  it('finalizing a pending counter sale at the caixa asks the CPF and issues its NFC-e', async () => {
    const balcao = { ...VENDA, tipo: 'balcao', status: 'Pendente', cliente_id: null } as Venda;
    const { chamadas, baixados } = stubApi(({ url, method }) => {
      if (url === '/api/vendas/5' && method === 'GET') return json(balcao);
      if (url === '/api/vendas/5/status') return json({ ...balcao, status: 'Finalizada' });
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url === '/api/notas-fiscais' && method === 'POST')
        return json(nota({ venda_id: 5 }), 201);
      if (url.startsWith('/api/notas-fiscais?')) return json([], 200, { 'x-total-count': '0' });
    });
    render(<VendaView vendaId={5} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
    fireEvent.submit(await screen.findByTestId('cpf-na-nota'));
    await waitFor(() => expect(baixados).toEqual([`DANFCE-${nota({}).chave}.pdf`]));
    const ordem = chamadas.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
    expect(ordem).toEqual(['PATCH /api/vendas/5/status', 'POST /api/notas-fiscais']);
    expect(posts(chamadas, '/api/notas-fiscais')[0]!.body).toEqual({
      venda_id: 5,
      modelo: 65,
      cpf_consumidor: null,
    });
  });

  it('offers no NF-e for a sale without a customer', async () => {
    stubApi(({ url }) => {
      if (url === '/api/vendas/5') return json({ ...VENDA, cliente_id: null, cliente_nome: null });
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url.startsWith('/api/notas-fiscais?')) return json([], 200, { 'x-total-count': '0' });
    });
    render(<VendaView vendaId={5} onClose={() => undefined} />);
    await screen.findByTestId('venda-view');
    await waitFor(() => expect(screen.queryByTestId('venda-notas')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Emitir NF-e' })).toBeNull();
  });
});
