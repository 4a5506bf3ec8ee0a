import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { EventosDaNota, NotaFiscal, StatusFiscal } from '@prumo/shared/fiscal';
import { json, mockApi, mockDownloads, withMockedApi, type Chamada } from '../../test/api';
import {
  CHAVE_NOTA as CHAVE,
  notaFiscal,
  resumoNota as resumo,
  SEM_EVENTOS,
  STATUS_FISCAL,
} from '../../test/fiscal';
import { renderScreen, stubDocumentFonts, withWideScreen } from '../../test/render';
import NotaFiscalDetalhePage from './pages/NotaFiscalDetalhePage';
import NotaFiscalPage from './pages/NotaFiscalPage';

withWideScreen();
stubDocumentFonts(); // the dialogs' justifications: autosize Textareas
withMockedApi();

const STATUS: StatusFiscal = {
  ...STATUS_FISCAL,
  fila_contingencia: 2,
  fila_executada_em: '2026-11-27T13:00:00.000Z',
  fila_resultado: '1 resolvida(s)',
};

const REJEITADA: NotaFiscal = notaFiscal(7, {
  situacao: 'Rejeitada',
  autorizada_em: null,
  protocolo: null,
  c_stat: 778,
  x_motivo: 'Rejeição: Informado NCM inexistente',
  eventos: [
    {
      id: 1,
      tipo: 'transmissao',
      descricao: 'Enviada à SEFAZ (lote 1)',
      c_stat: null,
      x_motivo: null,
      usuario_nome: 'Ana',
      criado_em: '2026-11-20T13:05:00Z',
    },
    {
      id: 2,
      tipo: 'rejeicao',
      descricao: 'Rejeitada pela SEFAZ',
      c_stat: 778,
      x_motivo: 'Rejeição: Informado NCM inexistente',
      usuario_nome: null,
      criado_em: '2026-11-20T13:05:01Z',
    },
  ],
});

/** What a screen's other calls get when a test does not say: nothing to show. */
function semResposta(url: string): Response {
  if (
    url.startsWith('/api/fiscal/lacunas') ||
    url.startsWith('/api/fiscal/inutilizacoes') ||
    url.startsWith('/api/devolucoes?')
  ) {
    return json([], 200, { 'x-total-count': '0' });
  }
  if (/^\/api\/notas-fiscais\/\d+\/eventos$/.test(url)) return json(SEM_EVENTOS);
  return json({});
}

/** The API answered from memory; every call and download is recorded. */
function stubApi(answer: (chamada: Chamada) => Response | undefined) {
  const chamadas = mockApi(answer, ({ url }) => semResposta(url));
  return { chamadas, baixados: mockDownloads() };
}

const render = (route: string, role: 'admin' | 'manager' | 'user' = 'admin') =>
  renderScreen(
    <Routes>
      <Route path="/nota-fiscal" element={<NotaFiscalPage />} />
      <Route path="/nota-fiscal/:id" element={<NotaFiscalDetalhePage />} />
    </Routes>,
    { route, user: { nome: 'Ana', email: 'admin@empresa.com.br', role } },
  );

const listas = (chamadas: Chamada[]) =>
  chamadas
    .filter((c) => c.url.startsWith('/api/notas-fiscais?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

describe('/nota-fiscal', () => {
  it('lists NF-e a page at a time, with the columns, the rejection reason and the status strip', async () => {
    const { chamadas } = stubApi(({ url }) => {
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url.startsWith('/api/notas-fiscais?')) {
        return json([resumo(123), resumo(124, REJEITADA)], 200, { 'x-total-count': '45' });
      }
    });
    render('/nota-fiscal');
    const tabela = await screen.findByTestId('notas-nfe-table');
    await waitFor(() => expect(within(tabela).getByText('000.000.123')).toBeTruthy());
    const [primeira] = listas(chamadas);
    expect(Object.fromEntries(primeira!)).toEqual({ modelo: '55', limit: '20', offset: '0' });

    const linha = tabela.querySelector('[data-nota-numero="123"]') as HTMLElement;
    // (the date and the badge are twice in the row: the phone's summary repeats them)
    expect(within(linha).getAllByText('20/11/2026 10:05')).not.toHaveLength(0);
    expect(within(linha).getByText('Maria Souza')).toBeTruthy();
    expect(within(linha).getByText('529.982.247-25')).toBeTruthy();
    expect(within(linha).getByText(/1\.234,50/)).toBeTruthy();
    expect(within(linha).getAllByText('Autorizada')).not.toHaveLength(0);
    expect(within(tabela).getByTestId('nota-motivo').textContent).toBe(
      '778: Rejeição: Informado NCM inexistente',
    );
    expect(screen.getByText(/de 45$/)).toBeTruthy();

    const faixa = screen.getByTestId('status-sefaz');
    expect(within(faixa).getByText('Ambiente de simulação')).toBeTruthy();
    expect(within(faixa).getByText('SEM VALOR FISCAL')).toBeTruthy();
    expect(within(faixa).getByText(/online/)).toBeTruthy();
    expect(within(faixa).getByText('Fila de contingência: 2')).toBeTruthy();
    expect(
      within(faixa).getByText('Fila verificada em 27/11/2026 10:00: 1 resolvida(s)'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(listas(chamadas).at(-1)!.get('offset')).toBe('20'));
  });

  it('sends the search, the situação and the period of the address to the server', async () => {
    const { chamadas } = stubApi(({ url }) => {
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url.startsWith('/api/notas-fiscais?')) return json([], 200, { 'x-total-count': '0' });
    });
    render('/nota-fiscal?aba=nfce&situacao=Rejeitada&de=2026-11-01&ate=2026-11-30');
    await waitFor(() => expect(listas(chamadas)).toHaveLength(1));
    expect(Object.fromEntries(listas(chamadas)[0]!)).toEqual({
      modelo: '65',
      situacao: 'Rejeitada',
      de: '2026-11-01',
      ate: '2026-11-30',
      limit: '20',
      offset: '0',
    });
    expect(await screen.findByText('Nenhuma nota encontrada')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Pesquisar notas fiscais'), {
      target: { value: '3526 1112' },
    });
    await waitFor(() => expect(listas(chamadas).at(-1)!.get('q')).toBe('3526 1112'), {
      timeout: 2000,
    });
    expect(listas(chamadas).at(-1)!.get('situacao')).toBe('Rejeitada');

    // The panel's focus trap finds nothing focusable while it opens in jsdom, and says so.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(listas(chamadas).at(-1)!.get('situacao')).toBeNull());
    expect(listas(chamadas).at(-1)!.get('de')).toBeNull();
    expect(listas(chamadas).at(-1)!.get('modelo')).toBe('65');
  });

  it('points to the settings when the emission is not ready', async () => {
    stubApi(({ url }) => {
      if (url === '/api/fiscal/status') {
        return json({ ...STATUS, pronto: false, pendencias: ['Envie o certificado A1'] });
      }
      if (url.startsWith('/api/notas-fiscais?')) return json([], 200, { 'x-total-count': '0' });
    });
    render('/nota-fiscal');
    const pendente = await screen.findByTestId('fiscal-nao-pronto');
    expect(within(pendente).getByText('Envie o certificado A1')).toBeTruthy();
    expect(
      within(pendente)
        .getByRole('link', { name: /Configurações → Fiscal/ })
        .getAttribute('href'),
    ).toBe('/configuracoes?aba=fiscal');
  });
});

describe('/nota-fiscal/:id', () => {
  it('shows a rejected note, transmits it again and downloads its XML and DANFE', async () => {
    const autorizada: NotaFiscal = {
      ...REJEITADA,
      ...resumo(7),
      eventos: [
        ...REJEITADA.eventos,
        {
          id: 3,
          tipo: 'resposta',
          descricao: 'Autorizada pela SEFAZ',
          c_stat: 100,
          x_motivo: 'Autorizado o uso da NF-e',
          usuario_nome: 'Ana',
          criado_em: '2026-11-20T13:10:00Z',
        },
      ],
    };
    let atual = REJEITADA;
    const { chamadas, baixados } = stubApi(({ url, method }) => {
      if (url === '/api/notas-fiscais/7') return json(atual);
      if (url === '/api/notas-fiscais/7/transmitir' && method === 'POST') {
        atual = autorizada;
        return json(autorizada);
      }
      if (url.endsWith('/xml') || url.endsWith('/danfe')) {
        return new Response('x', { headers: { 'content-type': 'application/octet-stream' } });
      }
    });
    render('/nota-fiscal/7');
    expect(await screen.findByRole('heading', { name: 'NF-e Nº 000.000.007' })).toBeTruthy();
    expect(screen.getByTestId('nota-rejeicao').textContent).toBe(
      '778: Rejeição: Informado NCM inexistente',
    );
    expect(screen.getByTestId('nota-chave').textContent).toBe(
      '3526 1112 3456 7800 0195 5500 1000 0001 2312 3456 7890',
    );
    expect(screen.getByText('SEM VALOR FISCAL')).toBeTruthy();
    const eventos = screen.getByTestId('nota-eventos');
    expect(within(eventos).getByText('Enviada à SEFAZ (lote 1)')).toBeTruthy();
    expect(within(eventos).getByText('778: Rejeição: Informado NCM inexistente')).toBeTruthy();
    // A rejected note has no DANFE yet; its XML is there.
    expect(screen.queryByRole('button', { name: 'DANFE' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Transmitir' }));
    expect(await screen.findByText('NF-e Nº 000.000.007 autorizada.')).toBeTruthy();
    const transmitir = chamadas.find((c) => c.url.endsWith('/transmitir'))!;
    expect(transmitir.method).toBe('POST');
    expect(transmitir.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.getByTestId('nota-protocolo').textContent).toBe('135260000000123');
    expect(screen.queryByRole('button', { name: 'Transmitir' })).toBeNull();
    expect(
      within(screen.getByTestId('nota-eventos')).getByText('Autorizada pela SEFAZ'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Baixar XML' }));
    fireEvent.click(screen.getByRole('button', { name: 'DANFE' }));
    await waitFor(() => expect(baixados).toEqual([`${CHAVE}-procNFe.xml`, `DANFE-${CHAVE}.pdf`]));
    expect(chamadas.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/notas-fiscais/7/xml', '/api/notas-fiscais/7/danfe']),
    );
  });

  it('lists the pendências of a draft, offers Transmitir and no file yet', async () => {
    const rascunho: NotaFiscal = {
      ...REJEITADA,
      situacao: 'Rascunho',
      c_stat: null,
      x_motivo: null,
      eventos: [],
      pendencias: ["Produto 'Café' sem NCM", 'Cliente sem município'],
      tem_xml: false,
    };
    stubApi(({ url }) => (url === '/api/notas-fiscais/7' ? json(rascunho) : undefined));
    render('/nota-fiscal/7');
    const pendencias = await screen.findByTestId('nota-pendencias');
    expect(within(pendencias).getByText("Produto 'Café' sem NCM")).toBeTruthy();
    expect(within(pendencias).getByText('Cliente sem município')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Transmitir' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Consultar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Baixar XML' })).toBeNull();
  });
});

describe('eventos da nota (issue 29)', () => {
  const AUTORIZADA: NotaFiscal = { ...REJEITADA, ...resumo(7), eventos: [] };
  const CCE = {
    id: 31,
    tipo_evento: '110110' as const,
    sequencia: 1,
    texto: 'Onde se lê Rua A, 10, leia-se Rua B, 12',
    protocolo: '135260000000999',
    c_stat: 135,
    x_motivo: 'Evento registrado e vinculado a NF-e',
    registrado_em: '2026-11-20T14:00:00Z',
    usuario_nome: 'Ana',
  };
  const PODE_TUDO: EventosDaNota = {
    ...SEM_EVENTOS,
    cancelamento: {
      permitido: true,
      prazo_ate: '2026-11-21T13:05:02Z',
      restante_segundos: 3 * 3600 + 25 * 60 + 7,
      motivo: null,
    },
    correcao: { permitida: true, restantes: 20, motivo: null },
  };

  it('cancels an authorized NF-e with its sale, showing the time left; a refusal keeps the dialog open', async () => {
    let recusar = true;
    const { chamadas } = stubApi(({ url, method }) => {
      if (url === '/api/notas-fiscais/7') return json(AUTORIZADA);
      if (url === '/api/notas-fiscais/7/eventos') return json(PODE_TUDO);
      if (url === '/api/notas-fiscais/7/cancelar' && method === 'POST') {
        if (recusar) {
          recusar = false;
          return json(
            {
              error: 'REGRA_VIOLADA',
              message: 'O prazo de cancelamento terminou: a SEFAZ não aceita mais (SEFAZ 501)',
            },
            409,
          );
        }
        return json({
          nota: { ...AUTORIZADA, situacao: 'Cancelada' },
          evento: { ...CCE, id: 32, tipo_evento: '110111', texto: 'Cliente desistiu da compra' },
          venda_cancelada: true,
          aviso: null,
        });
      }
    });
    render('/nota-fiscal/7', 'manager');
    expect((await screen.findByTestId('nota-prazo-cancelamento')).textContent).toMatch(
      /^Cancelável até 21\/11\/2026 10:05 \(faltam 3:25:0\d\)\.$/,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar nota' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cancelar NF-e Nº 000.000.007' });
    expect(within(dialogo).getByTestId('cancelar-restante').textContent).toMatch(/^3:25:0\d$/);
    const venda = within(dialogo).getByLabelText('Cancelar também a venda nº 000040');
    const justificativa = within(dialogo).getByLabelText(/Justificativa/);

    fireEvent.change(justificativa, { target: { value: 'Desistiu' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar nota' }));
    expect(
      await within(dialogo).findByText('A justificativa deve ter de 15 a 255 caracteres'),
    ).toBeTruthy();
    expect(chamadas.some((c) => c.url.endsWith('/cancelar'))).toBe(false);

    fireEvent.change(justificativa, { target: { value: '  Cliente   desistiu da compra ' } });
    fireEvent.click(venda);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar nota' }));
    expect(await screen.findByText(/O prazo de cancelamento terminou/)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Cancelar NF-e Nº 000.000.007' })).toBeTruthy();

    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar nota' }));
    expect(
      await screen.findByText('Nota cancelada na SEFAZ; a venda também foi cancelada.'),
    ).toBeTruthy();
    const pedidos = chamadas.filter((c) => c.url.endsWith('/cancelar'));
    expect(pedidos).toHaveLength(2);
    expect(pedidos[1]!.body).toEqual({
      justificativa: 'Cliente desistiu da compra',
      cancelar_venda: true,
    });
    expect(pedidos[1]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancelar NF-e Nº 000.000.007' })).toBeNull(),
    );
  });

  it('sends a correction letter, then lists it with its PDF and XML; a user sees no Cancelar', async () => {
    let eventos = PODE_TUDO;
    const { chamadas, baixados } = stubApi(({ url, method }) => {
      if (url === '/api/notas-fiscais/7') return json(AUTORIZADA);
      if (url === '/api/notas-fiscais/7/eventos') return json(eventos);
      if (url === '/api/notas-fiscais/7/correcoes' && method === 'POST') {
        eventos = {
          ...PODE_TUDO,
          correcao: { ...PODE_TUDO.correcao, restantes: 19 },
          eventos: [CCE],
        };
        return json(CCE, 201);
      }
      if (url.endsWith('/xml') || url.endsWith('/pdf')) {
        return new Response('x', { headers: { 'content-type': 'application/octet-stream' } });
      }
    });
    render('/nota-fiscal/7', 'user');
    fireEvent.click(await screen.findByRole('button', { name: 'Carta de correção' }));
    expect(screen.queryByRole('button', { name: 'Cancelar nota' })).toBeNull();
    const dialogo = await screen.findByRole('dialog', { name: /Carta de correção/ });
    expect(within(dialogo).getByText('Cabem mais 20 cartas nesta NF-e.')).toBeTruthy();
    expect(within(dialogo).getByTestId('cce-condicoes').textContent).toMatch(
      /^A Carta de Correção é disciplinada pelo § 1º-A do art\. 7º do Convênio S\/N/,
    );
    fireEvent.change(within(dialogo).getByLabelText(/Correção/), { target: { value: CCE.texto } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Enviar carta de correção' }));
    expect(await screen.findByText('Carta de correção nº 1 registrada na SEFAZ.')).toBeTruthy();
    expect(chamadas.find((c) => c.url.endsWith('/correcoes'))!.body).toEqual({
      correcao: CCE.texto,
    });

    const painel = await screen.findByTestId('nota-eventos-sefaz');
    expect(within(painel).getByText('Carta de correção nº 1')).toBeTruthy();
    expect(within(painel).getByText(CCE.texto)).toBeTruthy();
    fireEvent.click(within(painel).getByRole('button', { name: 'PDF da Carta de correção nº 1' }));
    fireEvent.click(
      within(painel).getByRole('button', { name: 'XML do evento Carta de correção nº 1' }),
    );
    await waitFor(() =>
      expect(baixados).toEqual([`CCe-1-${CHAVE}.pdf`, `${CHAVE}-1-procCCeNFe.xml`]),
    );
  });

  it("says why a note can no longer be cancelled, and voids a rejected note's number", async () => {
    const { chamadas } = stubApi(({ url, method }) => {
      if (url === '/api/notas-fiscais/7') return json(REJEITADA);
      if (url === '/api/notas-fiscais/7/eventos') {
        return json({ ...SEM_EVENTOS, inutilizacao: { permitida: true, motivo: null } });
      }
      if (url === '/api/notas-fiscais/7/inutilizar' && method === 'POST') {
        return json({ ...REJEITADA, situacao: 'Inutilizada' });
      }
      if (url === '/api/notas-fiscais/8') return json({ ...AUTORIZADA, id: 8 });
      if (url === '/api/notas-fiscais/8/eventos') {
        return json({
          ...SEM_EVENTOS,
          cancelamento: {
            permitido: false,
            prazo_ate: '2026-11-20T13:35:02Z',
            restante_segundos: 0,
            motivo: 'O prazo de cancelamento da NFC-e (30 minutos após a autorização) terminou',
          },
        });
      }
    });
    render('/nota-fiscal/7', 'manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Inutilizar número' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Inutilizar número' });
    expect(within(dialogo).getByText(/O número 000\.000\.007 fica inutilizado/)).toBeTruthy();
    fireEvent.change(within(dialogo).getByLabelText(/Justificativa/), {
      target: { value: 'Venda refeita em outra nota' },
    });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Inutilizar número' }));
    expect(await screen.findByText('Número inutilizado na SEFAZ.')).toBeTruthy();
    expect(chamadas.find((c) => c.url.endsWith('/inutilizar'))!.body).toEqual({
      justificativa: 'Venda refeita em outra nota',
    });
  });

  it('shows the reason once the deadline ended, with no Cancelar', async () => {
    stubApi(({ url }) => {
      if (url === '/api/notas-fiscais/8') return json({ ...AUTORIZADA, id: 8 });
      if (url === '/api/notas-fiscais/8/eventos') {
        return json({
          ...SEM_EVENTOS,
          cancelamento: {
            permitido: false,
            prazo_ate: '2026-11-20T13:35:02Z',
            restante_segundos: 0,
            motivo: 'O prazo de cancelamento da NFC-e (30 minutos após a autorização) terminou',
          },
        });
      }
    });
    render('/nota-fiscal/8', 'admin');
    expect((await screen.findByTestId('nota-prazo-cancelamento')).textContent).toBe(
      'O prazo de cancelamento da NFC-e (30 minutos após a autorização) terminou',
    );
    expect(screen.queryByRole('button', { name: 'Cancelar nota' })).toBeNull();
  });
});

describe('numeração (issue 29)', () => {
  it('lists the gaps of each série and voids one from it; the latest voided ranges have their XML', async () => {
    const feita = {
      id: 5,
      ambiente: 'simulacao',
      modelo: 55,
      serie: 1,
      numero_inicial: 7,
      numero_final: 9,
      justificativa: 'Numeração pulada por falha',
      protocolo: '135260000000555',
      registrada_em: '2026-11-20T15:00:00Z',
      usuario_nome: 'Ana',
    };
    const { chamadas, baixados } = stubApi(({ url, method }) => {
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url.startsWith('/api/notas-fiscais?')) return json([], 200, { 'x-total-count': '0' });
      if (url === '/api/fiscal/lacunas?modelo=55') {
        return json([
          {
            modelo: 55,
            serie: 1,
            faixas: [
              { inicio: 7, fim: 9 },
              { inicio: 12, fim: 12 },
            ],
            total: 4,
          },
        ]);
      }
      if (url === '/api/fiscal/inutilizacoes' && method === 'POST') return json(feita, 201);
      if (url.startsWith('/api/fiscal/inutilizacoes?')) {
        return json([feita], 200, { 'x-total-count': '1' });
      }
      if (url.endsWith('/xml')) {
        return new Response('x', { headers: { 'content-type': 'application/octet-stream' } });
      }
    });
    render('/nota-fiscal');
    const lacunas = await screen.findByTestId('lacunas');
    expect(within(lacunas).getByText('Série 1 (4 números):')).toBeTruthy();
    expect(within(lacunas).getByRole('button', { name: '12' })).toBeTruthy();

    fireEvent.click(within(lacunas).getByRole('button', { name: '7 a 9' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Inutilizar numeração · NF-e' });
    expect((within(dialogo).getByLabelText(/Número inicial/) as HTMLInputElement).value).toBe('7');
    expect((within(dialogo).getByLabelText(/Número final/) as HTMLInputElement).value).toBe('9');
    fireEvent.change(within(dialogo).getByLabelText(/Justificativa/), {
      target: { value: 'Numeração pulada por falha' },
    });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Inutilizar numeração' }));
    expect(await screen.findByText('Números 7 a 9 inutilizados na SEFAZ.')).toBeTruthy();
    const pedido = chamadas.find((c) => c.url === '/api/fiscal/inutilizacoes')!;
    expect(pedido.body).toEqual({
      modelo: 55,
      serie: 1,
      numero_inicial: 7,
      numero_final: 9,
      justificativa: 'Numeração pulada por falha',
    });
    expect(pedido.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);

    fireEvent.click(screen.getByRole('button', { name: 'Últimas inutilizações' }));
    const lista = await screen.findByTestId('inutilizacoes');
    expect(within(lista).getByText(/Série 1 · 7 a 9 · 20\/11\/2026/)).toBeTruthy();
    fireEvent.click(within(lista).getByRole('button', { name: 'XML' }));
    await waitFor(() => expect(baixados).toEqual(['inutilizacao-55-1-7-9-procInutNFe.xml']));
  });

  it('shows the gaps to a user without the buttons to void them', async () => {
    stubApi(({ url }) => {
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url.startsWith('/api/notas-fiscais?')) return json([], 200, { 'x-total-count': '0' });
      if (url === '/api/fiscal/lacunas?modelo=65') {
        return json([{ modelo: 65, serie: 2, faixas: [{ inicio: 3, fim: 3 }], total: 1 }]);
      }
    });
    render('/nota-fiscal?aba=nfce', 'user');
    const lacunas = await screen.findByTestId('lacunas');
    expect(within(lacunas).getByText('Série 2 (1 número):')).toBeTruthy();
    expect(within(lacunas).getByText('3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Inutilizar numeração' })).toBeNull();
  });
});
