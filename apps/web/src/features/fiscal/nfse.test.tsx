import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  NFSE_EMISSAO_MENSAGENS,
  NFSE_MENSAGENS,
  type Nfse,
  type NfseResumo,
} from '@prumo/shared/fiscal';
import { json, mockApi, mockDownloads, withMockedApi, type Chamada } from '../../test/api';
import { CHAVE_NFSE, nfse, resumoNfse, STATUS_FISCAL } from '../../test/fiscal';
import { renderScreen, stubDocumentFonts, withWideScreen } from '../../test/render';
import NfseDetalhePage from './pages/NfseDetalhePage';
import NotaFiscalPage from './pages/NotaFiscalPage';

withWideScreen();
stubDocumentFonts(); // the cancellation's justification: an autosize Textarea
withMockedApi();

/** NFS-e on, through the national issuer (the part of the settings the screens read). */
const ATIVA = { nfse_ativa: true, nfse_emissor_nacional: true };

const REJEITADA: NfseResumo = resumoNfse(2, {
  situacao: 'Rejeitada',
  chave: null,
  numero_nfse: null,
  numero_dps: 15,
  autorizada_em: null,
  ordem_servico_id: null,
  ordem_servico_numero: null,
  venda_id: 40,
  venda_numero: 40,
  tomador_nome: 'Oficina Boa Ltda',
  tomador_documento: '11222333000181',
  codigo_tributacao_nacional: '060101',
  iss_retido: true,
  codigo_erro: 'E0625',
  mensagem_erro: 'Alíquota do ISSQN inválida',
});

/** The API answered from memory; every call and download is recorded. */
function stubApi(answer: (chamada: Chamada) => Response | undefined, configuracao: object = ATIVA) {
  const chamadas = mockApi(
    (chamada) => answer(chamada),
    ({ url }) => {
      // NFS-e's availability comes in the status every role reads.
      if (url === '/api/fiscal/status') return json({ ...STATUS_FISCAL, ...configuracao });
      if (url.startsWith('/api/nfse?')) return json([], 200, { 'x-total-count': '0' });
      return json({});
    },
  );
  return { chamadas, baixados: mockDownloads() };
}

const render = (route: string, role: 'admin' | 'manager' | 'user' = 'admin') =>
  renderScreen(
    <Routes>
      <Route path="/nota-fiscal" element={<NotaFiscalPage />} />
      <Route path="/nota-fiscal/nfse/:id" element={<NfseDetalhePage />} />
    </Routes>,
    { route, user: { nome: 'Ana', email: 'admin@empresa.com.br', role } },
  );

const listas = (chamadas: Chamada[]) =>
  chamadas
    .filter((c) => c.url.startsWith('/api/nfse?'))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

describe('/nota-fiscal?aba=nfse', () => {
  it('lists the NFS-e a page at a time with their columns, and searches and filters on the server', async () => {
    const { chamadas } = stubApi(({ url }) => {
      if (url.startsWith('/api/nfse?')) {
        return json([resumoNfse(1), REJEITADA], 200, { 'x-total-count': '45' });
      }
    });
    render('/nota-fiscal?aba=nfse&situacao=Denegada');
    const tabela = await screen.findByTestId('notas-nfse-table');
    // (the name, the date and the badge are twice in a row: the phone's summary repeats them)
    await waitFor(() => expect(within(tabela).getAllByText('Maria Souza')).not.toHaveLength(0));
    // A situação the NFS-e does not have (left by the NF-e tab) is not asked.
    expect(listas(chamadas)[0]).toEqual({ limit: '20', offset: '0' });

    const linha = tabela.querySelector('[data-nfse-id="1"]') as HTMLElement;
    expect(within(linha).getByText('7')).toBeTruthy();
    expect(within(linha).getByText('DPS 11 · Série 1')).toBeTruthy();
    expect(within(linha).getAllByText('20/11/2026 10:05')).not.toHaveLength(0);
    expect(within(linha).getByText('529.982.247-25')).toBeTruthy();
    expect(within(linha).getByRole('link', { name: 'OS nº 000012' }).getAttribute('href')).toBe(
      '/servicos/editar-os/12',
    );
    expect(within(linha).getByText('14.01.01')).toBeTruthy();
    expect(within(linha).getByText(/300,00/)).toBeTruthy();
    expect(within(linha).getByText(/líquido R\$\s270,00/)).toBeTruthy();
    expect(within(linha).getByText(/5,40/)).toBeTruthy();
    expect(within(linha).getAllByText('Autorizada')).not.toHaveLength(0);
    expect(within(linha).getByRole('button', { name: 'DANFSe da NFS-e Nº 7' })).toBeTruthy();
    expect(within(linha).getByRole('button', { name: 'XML da NFS-e Nº 7' })).toBeTruthy();

    const recusada = tabela.querySelector('[data-nfse-id="2"]') as HTMLElement;
    expect(within(recusada).getByText('11.222.333/0001-81')).toBeTruthy();
    expect(
      within(recusada).getByRole('link', { name: 'Agendamento nº 000040' }).getAttribute('href'),
    ).toBe('/vendas?aba=servicos&agendamento=40');
    expect(within(recusada).getByText('06.01.01')).toBeTruthy();
    expect(within(recusada).getByText('retido')).toBeTruthy();
    expect(within(recusada).getByTestId('nfse-motivo').textContent).toBe(
      'E0625: Alíquota do ISSQN inválida',
    );
    // No DANFSe before the note exists.
    expect(within(recusada).queryByRole('button', { name: /DANFSe/ })).toBeNull();
    expect(screen.getByText(/de 45$/)).toBeTruthy();
    // The national issuer's strip replaces SEFAZ's.
    expect(screen.getByTestId('nfse-emissor').textContent).toContain('emissor nacional');
    expect(screen.queryByTestId('status-sefaz')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(listas(chamadas).at(-1)!.offset).toBe('20'));

    fireEvent.change(screen.getByLabelText('Pesquisar NFS-e'), {
      target: { value: 'Maria' },
    });
    await waitFor(
      () => expect(listas(chamadas).at(-1)).toEqual({ q: 'Maria', limit: '20', offset: '0' }),
      {
        timeout: 2000,
      },
    );
  });

  it('sends the situação and the period of the address', async () => {
    const { chamadas } = stubApi(() => undefined);
    render('/nota-fiscal?aba=nfse&situacao=Cancelada&de=2026-11-01&ate=2026-11-30');
    await waitFor(() => expect(listas(chamadas)).toHaveLength(1));
    expect(listas(chamadas)[0]).toEqual({
      situacao: 'Cancelada',
      de: '2026-11-01',
      ate: '2026-11-30',
      limit: '20',
      offset: '0',
    });
    expect(await screen.findByText('Nenhuma NFS-e encontrada')).toBeTruthy();
  });

  it("says plainly that the município's own issuer is used, instead of the list", async () => {
    const { chamadas } = stubApi(() => undefined, {
      nfse_ativa: false,
      nfse_emissor_nacional: false,
    });
    render('/nota-fiscal?aba=nfse');
    const aviso = await screen.findByTestId('nfse-emissor-municipal');
    expect(aviso.textContent).toContain(NFSE_MENSAGENS.emissorMunicipal);
    expect(screen.queryByTestId('notas-nfse-table')).toBeNull();
    expect(listas(chamadas)).toHaveLength(0);
  });

  it('says NFS-e is off, with the way to Configurações → Fiscal, above the notes issued before', async () => {
    stubApi(() => undefined, { nfse_ativa: false, nfse_emissor_nacional: true });
    render('/nota-fiscal?aba=nfse');
    const aviso = await screen.findByTestId('nfse-desativada');
    expect(aviso.textContent).toContain(NFSE_EMISSAO_MENSAGENS.desativada);
    expect(
      within(aviso)
        .getByRole('link', { name: /Configurações → Fiscal/ })
        .getAttribute('href'),
    ).toBe('/configuracoes?aba=fiscal');
    expect(await screen.findByText('Nenhuma NFS-e emitida')).toBeTruthy();
  });

  it('tells any role, from the status, that the município has its own issuer', async () => {
    stubApi(() => undefined, { nfse_ativa: false, nfse_emissor_nacional: false });
    render('/nota-fiscal?aba=nfse', 'user');
    const aviso = await screen.findByTestId('nfse-emissor-municipal');
    expect(aviso.textContent).toContain(NFSE_MENSAGENS.emissorMunicipal);
  });
});

describe('/nota-fiscal/nfse/:id', () => {
  it('shows the note: key in groups, competência, tomador, service, values and the timeline; downloads its files and e-mails it', async () => {
    const { chamadas, baixados } = stubApi(({ url, method }) => {
      if (url === '/api/nfse/1') return json(nfse(1));
      if (url === '/api/nfse/1/email' && method === 'POST') {
        return json({ id: 1, para: 'maria@exemplo.com.br' }, 202);
      }
    });
    render('/nota-fiscal/nfse/1', 'user');
    expect(await screen.findByRole('heading', { name: 'NFS-e Nº 7' })).toBeTruthy();
    const detalhe = screen.getByTestId('nfse-detalhe');
    expect(within(detalhe).getAllByText('Autorizada')).not.toHaveLength(0);
    expect(within(detalhe).getByText('SEM VALOR FISCAL')).toBeTruthy();
    expect(within(detalhe).getByTestId('nfse-chave').textContent).toBe(
      CHAVE_NFSE.replace(/(.{4})(?=.)/g, '$1 '),
    );
    expect(within(detalhe).getByText('11 / 1')).toBeTruthy();
    expect(within(detalhe).getByText('20/11/2026')).toBeTruthy();
    expect(within(detalhe).getByText('529.982.247-25')).toBeTruthy();
    expect(within(detalhe).getByTestId('nfse-servico').textContent).toBe('14.01.01');
    expect(within(detalhe).getByText('Manutenção de notebook: troca de teclado')).toBeTruthy();

    const valores = within(screen.getByTestId('nfse-valores'));
    const valor = (rotulo: string) => valores.getByText(rotulo).nextElementSibling?.textContent;
    expect(valor('Serviços')).toMatch(/300,00/);
    expect(valor('Desconto')).toMatch(/30,00/);
    expect(valor('ISS')).toMatch(/5,40/);
    expect(valor('ISS retido')).toBe('Não');
    expect(valor('Valor líquido')).toMatch(/270,00/);

    const eventos = within(screen.getByTestId('nfse-eventos'));
    expect(eventos.getByText('DPS nº 11 (série 1) criada: OS nº 12')).toBeTruthy();
    expect(eventos.getByText('DPS enviada ao emissor nacional')).toBeTruthy();
    expect(eventos.getByText('NFS-e nº 7 gerada pelo emissor nacional')).toBeTruthy();
    expect(eventos.getAllByText('20/11/2026 10:05 · Ana')).toHaveLength(2);

    // A user neither transmits an authorized note nor cancels one.
    expect(screen.queryByRole('button', { name: 'Transmitir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar NFS-e' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Baixar XML' }));
    fireEvent.click(screen.getByRole('button', { name: 'DANFSe' }));
    await waitFor(() =>
      expect(baixados).toEqual([`NFSe-${CHAVE_NFSE}.xml`, `DANFSe-${CHAVE_NFSE}.pdf`]),
    );

    // Enviar por e-mail: to the customer's e-mail unless another is typed.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar por e-mail' }));
    const email = await screen.findByTestId('enviar-email-form');
    fireEvent.click(within(email).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(chamadas.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/nfse/1/email',
        body: { para: null, mensagem: null },
      }),
    );
  });

  it('shows a refusal with its national code, and transmits the DPS again', async () => {
    const rejeitada: Nfse = nfse(2, {
      ...REJEITADA,
      eventos: [
        {
          id: 9,
          tipo: 'rejeicao',
          descricao: 'Recusada pelo emissor nacional: Alíquota do ISSQN inválida',
          codigo: 'E0625',
          usuario_nome: null,
          criado_em: '2026-11-20T13:05:01.000Z',
        },
      ],
    });
    let atual: Nfse = rejeitada;
    const { chamadas } = stubApi(({ url, method }) => {
      if (url === '/api/nfse/2') return json(atual);
      if (url === '/api/nfse/2/transmitir' && method === 'POST') {
        atual = nfse(2, { numero_nfse: 7 });
        return json(atual);
      }
    });
    render('/nota-fiscal/nfse/2');
    expect(await screen.findByRole('heading', { name: 'DPS nº 15 (série 1)' })).toBeTruthy();
    expect(screen.getByTestId('nfse-rejeicao').textContent).toBe(
      'E0625: Alíquota do ISSQN inválida',
    );
    expect(within(screen.getByTestId('nfse-eventos')).getByText('Código E0625')).toBeTruthy();
    expect(screen.getByText('Sim')).toBeTruthy(); // ISS retido
    expect(screen.queryByRole('button', { name: 'DANFSe' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Transmitir' }));
    expect(await screen.findByText('NFS-e Nº 7 autorizada.')).toBeTruthy();
    expect(chamadas.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/nfse/2/transmitir',
    ]);
    expect(await screen.findByRole('heading', { name: 'NFS-e Nº 7' })).toBeTruthy();
  });

  it('says why a draft was not sent, with links to where it is fixed', async () => {
    stubApi(({ url }) => {
      if (url === '/api/nfse/3') {
        return json(
          nfse(3, {
            situacao: 'Rascunho',
            chave: null,
            numero_nfse: null,
            autorizada_em: null,
            tem_xml: false,
            pendencias: [
              NFSE_EMISSAO_MENSAGENS.pendencias.servicoSemNbs('Troca de teclado'),
              NFSE_EMISSAO_MENSAGENS.pendencias.semInscricaoMunicipal,
            ],
            eventos: [],
          }),
        );
      }
    });
    render('/nota-fiscal/nfse/3');
    const pendencias = await screen.findByTestId('nfse-pendencias');
    expect(pendencias.textContent).toContain("Serviço 'Troca de teclado' sem código NBS");
    expect(
      within(pendencias).getByRole('link', { name: 'Abrir Serviços' }).getAttribute('href'),
    ).toBe('/servicos');
    expect(
      within(pendencias)
        .getByRole('link', { name: 'Abrir Configurações → Fiscal' })
        .getAttribute('href'),
    ).toBe('/configuracoes?aba=fiscal');
    expect(screen.getByRole('button', { name: 'Transmitir' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Baixar XML' })).toBeNull();
    expect(screen.getByText('Nada foi enviado ao emissor nacional ainda.')).toBeTruthy();
  });

  it('cancels (managers): the reason and a justification of 15 to 255 characters, then the body sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cancelada: Nfse = nfse(1, {
      situacao: 'Cancelada',
      cancelamento: {
        motivo: 2,
        justificativa: 'Cliente desistiu do serviço',
        registrado_em: '2026-11-21T12:00:00Z',
      },
    });
    let atual = nfse(1);
    const { chamadas } = stubApi(({ url, method }) => {
      if (url === '/api/nfse/1') return json(atual);
      if (url === '/api/nfse/1/cancelar' && method === 'POST') {
        atual = cancelada;
        return json(atual);
      }
    });
    render('/nota-fiscal/nfse/1', 'manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar NFS-e' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cancelar NFS-e Nº 7' });
    const confirmar = within(dialogo).getByRole('button', { name: 'Cancelar NFS-e' });

    // Nothing chosen, too short: each message beside its field, nothing sent.
    fireEvent.change(within(dialogo).getByLabelText(/Justificativa/), {
      target: { value: 'curta' },
    });
    expect(within(dialogo).getByText('5/255 caracteres (mínimo 15)')).toBeTruthy();
    fireEvent.click(confirmar);
    expect(await within(dialogo).findByText(NFSE_EMISSAO_MENSAGENS.motivo)).toBeTruthy();
    expect(within(dialogo).getByText(NFSE_EMISSAO_MENSAGENS.justificativa)).toBeTruthy();
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(dialogo).getByTestId('cancelar-nfse-motivo'));
    fireEvent.click(
      await within(dialogo).findByRole('option', {
        name: '2 — Serviço não prestado',
        hidden: true,
      }),
    );
    fireEvent.change(within(dialogo).getByLabelText(/Justificativa/), {
      target: { value: 'Cliente desistiu do serviço' },
    });
    fireEvent.click(confirmar);
    expect(await screen.findByText('NFS-e cancelada no emissor nacional.')).toBeTruthy();
    const enviada = chamadas.find((c) => c.method === 'POST');
    expect(enviada).toMatchObject({
      url: '/api/nfse/1/cancelar',
      body: { motivo: 2, justificativa: 'Cliente desistiu do serviço' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cancelamento = await screen.findByTestId('nfse-cancelamento');
    expect(cancelamento.textContent).toContain('Serviço não prestado');
    expect(cancelamento.textContent).toContain('Cliente desistiu do serviço');
    expect(screen.queryByRole('button', { name: 'Cancelar NFS-e' })).toBeNull();
  });
});
