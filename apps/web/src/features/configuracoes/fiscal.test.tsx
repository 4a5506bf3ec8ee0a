import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FISCAL_MENSAGENS, NFSE_MENSAGENS, type ConfiguracaoFiscal } from '@prumo/shared/fiscal';
import { renderWithProviders, storeSession } from '../../test/render';
import { FiscalTab } from './components/FiscalTab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Their store outlives a test: its queue would hide the next test's messages.
  notifications.clean();
});

// Mantine's autosizing textarea listens to font loading, which jsdom lacks.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const CONFIGURACAO: ConfiguracaoFiscal = {
  crt: 1,
  cnae: '4711302',
  codigo_municipio: 3550308,
  ambiente: 'homologacao',
  nfe_ativa: true,
  nfe_serie: 1,
  nfe_proximo_numero: 15,
  nfce_ativa: true,
  nfce_serie: 1,
  nfce_proximo_numero: 230,
  csc_id: '000001',
  csc_token_definido: true,
  csosn_padrao: '102',
  aliquota_credito_sn: null,
  cfop_dentro_uf: '5102',
  cfop_fora_uf: '6102',
  tempo_limite_segundos: 8,
  informacoes_complementares: null,
  inscricao_municipal: '12345678',
  nfse_op_simples_nacional: 3,
  nfse_regime_apuracao_sn: 1,
  nfse_regime_especial: 0,
  nfse_emissor_nacional: true,
  nfse_ativa: true,
  nfse_emitir_ao_concluir: false,
  nfse_serie: 1,
  nfse_proximo_numero: 31,
  certificado: {
    titular: 'COMERCIO EXEMPLO LTDA:12345678000195',
    cnpj: '12345678000195',
    emitido_por: 'AC Prumo Simulação',
    valido_de: '2026-01-01T00:00:00Z',
    valido_ate: '2026-12-05T12:00:00Z',
    dias_para_vencer: 12,
    simulacao: true,
  },
};

interface Chamada {
  url: string;
  method: string;
  body: unknown;
}

function renderTab(answer: (chamada: Chamada) => Response | undefined = () => undefined) {
  const chamadas: Chamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body =
        init?.body instanceof FormData
          ? init.body
          : init?.body
            ? JSON.parse(String(init.body))
            : undefined;
      const chamada = { url, method: init?.method ?? 'GET', body };
      chamadas.push(chamada);
      const resposta = answer(chamada);
      if (resposta) return resposta;
      if (url === '/api/fiscal/configuracao' && chamada.method === 'PUT') {
        return json({ ...CONFIGURACAO, ...(body as object) });
      }
      if (url === '/api/fiscal/configuracao') return json(CONFIGURACAO);
      if (url === '/api/configuracoes/empresa') return json({ uf: 'SP', inscricao_estadual: '1' });
      if (url === '/api/fiscal/status') {
        return json({ ambiente: 'homologacao', pronto: false, pendencias: ['Informe o CSC'] });
      }
      return json({});
    }),
  );
  storeSession({ nome: 'Ana', email: 'admin@empresa.com.br', role: 'admin' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ModalsProvider modalProps={{ transitionProps: { duration: 0 } }}>
        <Notifications />
        <FiscalTab />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return chamadas;
}

const puts = (chamadas: Chamada[]) =>
  chamadas.filter((c) => c.url === '/api/fiscal/configuracao' && c.method === 'PUT');
const salvar = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
/** An input by its label (a required one's label ends in an asterisk). */
const campo = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`), {
    selector: 'input',
  });

describe('Configurações → Fiscal', () => {
  it("checks the fields with the server's messages before sending anything", async () => {
    const chamadas = renderTab();
    await screen.findByTestId('fiscal-form');
    expect((await screen.findByTestId('fiscal-pendencias')).textContent).toContain('Informe o CSC');
    fireEvent.change(campo('CNAE'), { target: { value: '47-11' } });
    fireEvent.change(campo('CFOP dentro da UF'), { target: { value: '6102' } });
    fireEvent.change(campo('CSC (token)'), { target: { value: 'curto' } });
    fireEvent.change(screen.getAllByLabelText('Próximo número', { selector: 'input' })[0]!, {
      target: { value: '' },
    });
    salvar();
    expect(await screen.findByText(FISCAL_MENSAGENS.cnae)).toBeTruthy();
    expect(screen.getByText(FISCAL_MENSAGENS.cfop)).toBeTruthy();
    expect(screen.getByText(FISCAL_MENSAGENS.cscToken)).toBeTruthy();
    expect(screen.getByText(FISCAL_MENSAGENS.numero)).toBeTruthy();
    // Only digits go into the code fields.
    expect(campo('CNAE')).toHaveProperty('value', '4711');
    expect(puts(chamadas)).toHaveLength(0);
  });

  it('asks before produção and sends confirmar_producao; a blank token keeps the stored one', async () => {
    const chamadas = renderTab();
    await screen.findByTestId('fiscal-form');
    expect(screen.getByText('Definido. Deixe em branco para manter.')).toBeTruthy();
    fireEvent.click(campo('Ambiente de emissão'));
    fireEvent.click(await screen.findByRole('option', { name: 'Produção', hidden: true }));
    salvar();
    const dialogo = await screen.findByRole('dialog', { name: 'Emitir em produção?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(chamadas)).toHaveLength(0);

    // The closing modal leaves the page aria-hidden until its transition ends: wait for the button.
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, emitir em produção' }));
    await waitFor(() => expect(puts(chamadas)).toHaveLength(1));
    const body = puts(chamadas)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      ambiente: 'producao',
      confirmar_producao: true,
      cnae: '4711302',
      codigo_municipio: 3550308,
      nfce_proximo_numero: 230,
      cfop_dentro_uf: '5102',
    });
    expect(body).not.toHaveProperty('csc_token');
    expect(await screen.findByText('Configurações fiscais salvas.')).toBeTruthy();
  }, 15_000);

  it("shows the server's field messages beside the fields", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTab(({ url, method }) =>
      url === '/api/fiscal/configuracao' && method === 'PUT'
        ? json(
            {
              error: 'VALIDACAO',
              message: 'Dados inválidos',
              fields: { codigo_municipio: FISCAL_MENSAGENS.municipioUf },
            },
            400,
          )
        : undefined,
    );
    await screen.findByTestId('fiscal-form');
    salvar();
    expect(await screen.findByText(FISCAL_MENSAGENS.municipioUf)).toBeTruthy();
  });

  it('shows the certificate and sends a new one as multipart with its password', async () => {
    const chamadas = renderTab(({ url, method }) =>
      url === '/api/fiscal/certificado' && method === 'POST'
        ? json({ ...CONFIGURACAO.certificado, simulacao: false, dias_para_vencer: 365 })
        : undefined,
    );
    const cartao = await screen.findByTestId('certificado-card');
    expect(within(cartao).getByText('COMERCIO EXEMPLO LTDA:12345678000195')).toBeTruthy();
    expect(within(cartao).getByText('12.345.678/0001-95')).toBeTruthy();
    expect(within(cartao).getByText('05/12/2026')).toBeTruthy();
    expect(within(cartao).getByText('certificado de simulação')).toBeTruthy();
    const vencimento = within(cartao).getByTestId('certificado-vencimento');
    expect(vencimento.textContent).toBe('Vence em 12 dias');
    expect(vencimento.getAttribute('style')).toMatch(/orange/);

    fireEvent.click(within(cartao).getByRole('button', { name: 'Trocar certificado' }));
    expect(await within(cartao).findByText(FISCAL_MENSAGENS.certificadoArquivo)).toBeTruthy();

    const arquivo = new File([new Uint8Array([48, 130])], 'empresa.pfx', {
      type: 'application/x-pkcs12',
    });
    fireEvent.change(cartao.querySelector('input[type="file"]')!, {
      target: { files: [arquivo] },
    });
    fireEvent.change(within(cartao).getByLabelText('Senha do certificado'), {
      target: { value: 's3nh@' },
    });
    fireEvent.click(within(cartao).getByRole('button', { name: 'Trocar certificado' }));
    await waitFor(() =>
      expect(chamadas.some((c) => c.url === '/api/fiscal/certificado')).toBe(true),
    );
    const envio = chamadas.find((c) => c.url === '/api/fiscal/certificado')!;
    expect(envio.method).toBe('POST');
    const corpo = envio.body as FormData;
    expect(corpo).toBeInstanceOf(FormData);
    expect(JSON.parse(String(corpo.get('dados')))).toEqual({ senha: 's3nh@' });
    expect((corpo.get('certificado') as File).name).toBe('empresa.pfx');
    expect(await screen.findByText('Certificado enviado.')).toBeTruthy();
    await waitFor(() => expect(within(cartao).queryByText('certificado de simulação')).toBeNull());
  });

  it('NFS-e: shows the settings, follows the regime and sends every field', async () => {
    const chamadas = renderTab();
    const nfse = await screen.findByTestId('fiscal-nfse');
    expect(campo('Inscrição municipal')).toHaveProperty('value', '12345678');
    expect(campo('Próximo número da DPS')).toHaveProperty('value', '31');
    expect(campo('Situação perante o Simples Nacional')).toHaveProperty(
      'value',
      'Optante — Microempresa ou Empresa de Pequeno Porte (ME/EPP)',
    );
    // ME/EPP: where it pays its taxes is asked.
    expect(within(nfse).getByLabelText(/^Regime de apuração/, { selector: 'input' })).toBeTruthy();

    // A MEI is MEI on the NFS-e too, and has no regime de apuração.
    fireEvent.click(campo('Regime tributário'));
    fireEvent.click(await screen.findByRole('option', { name: 'MEI (CRT 4)', hidden: true }));
    await waitFor(() =>
      expect(campo('Situação perante o Simples Nacional')).toHaveProperty(
        'value',
        'Optante — Microempreendedor Individual (MEI)',
      ),
    );
    expect(within(nfse).queryByLabelText(/^Regime de apuração/, { selector: 'input' })).toBeNull();

    fireEvent.change(campo('Inscrição municipal'), { target: { value: ' 9.876.543-2 ' } });
    fireEvent.click(campo('Regime especial de tributação'));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Profissional autônomo', hidden: true }),
    );
    fireEvent.change(campo('Série da DPS'), { target: { value: '3' } });
    fireEvent.change(campo('Próximo número da DPS'), { target: { value: '120' } });
    fireEvent.click(
      screen.getByLabelText(/^Emitir a NFS-e ao concluir a ordem de serviço ou o agendamento/),
    );
    salvar();
    await waitFor(() => expect(puts(chamadas)).toHaveLength(1));
    expect(puts(chamadas)[0]!.body).toMatchObject({
      crt: 4,
      inscricao_municipal: '9.876.543-2',
      nfse_op_simples_nacional: 2,
      nfse_regime_apuracao_sn: 1,
      nfse_regime_especial: 5,
      nfse_emissor_nacional: true,
      nfse_ativa: true,
      nfse_emitir_ao_concluir: true,
      nfse_serie: 3,
      nfse_proximo_numero: 120,
    });
  }, 15_000);

  it('NFS-e: says plainly when the município has its own issuer, and turns the NFS-e off', async () => {
    const chamadas = renderTab();
    await screen.findByTestId('fiscal-nfse');
    expect(screen.queryByTestId('fiscal-nfse-emissor-municipal')).toBeNull();
    fireEvent.click(
      screen.getByLabelText('O município da empresa usa o emissor nacional da NFS-e'),
    );
    expect((await screen.findByTestId('fiscal-nfse-emissor-municipal')).textContent).toBe(
      'O município da empresa não usa o emissor nacional: a NFS-e não é emitida pelo Prumo',
    );
    expect(screen.queryByLabelText('Emitir NFS-e')).toBeNull();
    expect(screen.queryByLabelText(/^Emitir a NFS-e ao concluir/)).toBeNull();
    expect(screen.queryByLabelText('Série da DPS')).toBeNull();
    salvar();
    await waitFor(() => expect(puts(chamadas)).toHaveLength(1));
    expect(puts(chamadas)[0]!.body).toMatchObject({
      nfse_emissor_nacional: false,
      nfse_ativa: false,
      nfse_emitir_ao_concluir: false,
    });
  });

  it("NFS-e: checks série, number and inscrição municipal with the server's messages", async () => {
    const chamadas = renderTab();
    await screen.findByTestId('fiscal-nfse');
    fireEvent.change(campo('Inscrição municipal'), { target: { value: 'IM#12' } });
    fireEvent.change(campo('Série da DPS'), { target: { value: '0' } });
    fireEvent.change(campo('Próximo número da DPS'), { target: { value: '' } });
    salvar();
    expect(await screen.findByText(NFSE_MENSAGENS.inscricaoMunicipal)).toBeTruthy();
    expect(screen.getByText(NFSE_MENSAGENS.serie)).toBeTruthy();
    expect(screen.getAllByText(FISCAL_MENSAGENS.numero)).toHaveLength(1);
    expect(puts(chamadas)).toHaveLength(0);
  });

  it('NFS-e: keeps a situation chosen apart from the regime after saving', async () => {
    const chamadas = renderTab();
    await screen.findByTestId('fiscal-nfse');
    fireEvent.click(campo('Situação perante o Simples Nacional'));
    fireEvent.click(
      await screen.findByRole('option', {
        name: 'Optante — Microempreendedor Individual (MEI)',
        hidden: true,
      }),
    );
    salvar();
    await waitFor(() => expect(puts(chamadas)).toHaveLength(1));
    expect(puts(chamadas)[0]!.body).toMatchObject({ crt: 1, nfse_op_simples_nacional: 2 });
    expect(await screen.findByText('Configurações fiscais salvas.')).toBeTruthy();
    expect(campo('Situação perante o Simples Nacional')).toHaveProperty(
      'value',
      'Optante — Microempreendedor Individual (MEI)',
    );
  });

  it('NFS-e: another ambiente or série keeps its own DPS number unless it is edited', async () => {
    const chamadas = renderTab();
    await screen.findByTestId('fiscal-nfse');
    fireEvent.click(campo('Ambiente de emissão'));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Ambiente de simulação', hidden: true }),
    );
    salvar();
    await waitFor(() => expect(puts(chamadas)).toHaveLength(1));
    expect(puts(chamadas)[0]!.body).toMatchObject({ ambiente: 'simulacao', nfse_serie: 1 });
    expect(puts(chamadas)[0]!.body).not.toHaveProperty('nfse_proximo_numero');

    fireEvent.change(campo('Série da DPS'), { target: { value: '2' } });
    fireEvent.change(campo('Próximo número da DPS'), { target: { value: '7' } });
    salvar();
    await waitFor(() => expect(puts(chamadas)).toHaveLength(2));
    expect(puts(chamadas)[1]!.body).toMatchObject({ nfse_serie: 2, nfse_proximo_numero: 7 });
  });
});
