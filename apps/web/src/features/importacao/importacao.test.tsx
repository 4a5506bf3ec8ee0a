import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type {
  Importacao,
  ImportacaoArquivo,
  ImportacaoSimulacao,
  MapeamentoSalvo,
} from '@prumo/shared/importacao';
import { json, mockApi, mockDownloads, withMockedApi, type Chamada } from '../../test/api';
import { renderScreen, withWideScreen } from '../../test/render';
import ImportacaoPage from './pages/ImportacaoPage';

withMockedApi();
withWideScreen();

const ARQUIVO: ImportacaoArquivo = {
  id: 7,
  tipo: 'produtos',
  arquivo_nome: 'produtos-bling.csv',
  folhas: [],
  folha: null,
  cabecalhos: ['Código', 'Descrição', 'Preço', 'Estoque'],
  amostra: [
    ['P1', 'Caneta azul', '1,50', '10'],
    ['P2', 'Lápis', 'abc', '5'],
  ],
  total_linhas: 2,
  codificacao: 'Windows-1252',
  separador: ';',
  // The guess left the name out: the user has to choose it.
  mapeamento_sugerido: { codigo_interno: 'Código', nome: null, preco: 'Preço' },
};

const simulacao = (parcial: Partial<ImportacaoSimulacao> = {}): ImportacaoSimulacao => ({
  criar: 1,
  atualizar: 0,
  ignorar: 0,
  recusar: 1,
  total_linhas: 2,
  pagina: 1,
  por_pagina: 50,
  linhas: [
    {
      linha: 2,
      acao: 'criar',
      valores: { codigo_interno: 'P1', nome: 'Caneta azul', preco: '1,50' },
      erros: [],
    },
    {
      linha: 3,
      acao: 'recusar',
      valores: { codigo_interno: 'P2', nome: 'Lápis', preco: 'abc' },
      erros: [{ campo: 'preco', mensagem: 'Preço de venda: informe um valor como 1.234,56' }],
    },
  ],
  ...parcial,
});

const importacao = (parcial: Partial<Importacao> = {}): Importacao => ({
  id: 7,
  tipo: 'produtos',
  arquivo_nome: 'produtos-bling.csv',
  status: 'Em andamento',
  modo: 'validas',
  existentes: 'atualizar',
  chave: 'codigo_interno',
  total_linhas: 2,
  processadas: 1,
  criados: 0,
  atualizados: 0,
  ignorados: 0,
  recusados: 0,
  erro: null,
  usuario_nome: 'Ana',
  created_at: '2026-11-27T18:30:00.000Z',
  concluida_em: null,
  ...parcial,
});

const SALVO: MapeamentoSalvo = {
  id: 3,
  nome: 'Bling',
  tipo: 'produtos',
  mapeamento: { codigo_interno: 'Código', nome: 'Descrição', preco: 'Preço', ncm: 'NCM' },
};

/** The import API from memory; the job answers "Em andamento" `polls` times, then "Concluída". */
function stubApi({
  historico = [] as Importacao[],
  polls = 1,
  arquivo = ARQUIVO,
  outraFolha = null as ImportacaoArquivo | null,
} = {}) {
  let restantes = polls;
  const chamadas = mockApi(({ url, method }) => {
    if (url.startsWith('/api/importacoes/modelo/'))
      return new Response('x', {
        headers: { 'content-disposition': 'attachment; filename="modelo-produtos.xlsx"' },
      });
    if (url === '/api/importacoes' && method === 'POST') return json(arquivo, 201);
    if (url === '/api/importacoes/7/folha' && outraFolha) return json(outraFolha);
    if (url.startsWith('/api/importacoes/mapeamentos')) return json([SALVO]);
    if (url.startsWith('/api/importacoes?') || url === '/api/importacoes') return json(historico);
    if (url.startsWith('/api/importacoes/7/simular')) return json(simulacao());
    if (url === '/api/importacoes/7/executar') return json(importacao({ processadas: 0 }), 202);
    if (url === '/api/importacoes/7/recusadas')
      return new Response('Código;Descrição;Preço;Motivo\n', {
        headers: { 'content-disposition': 'attachment; filename="importacao-7-recusadas.csv"' },
      });
    if (url === '/api/importacoes/7') {
      if (restantes-- > 0) return json(importacao());
      return json(
        importacao({
          status: 'Concluída',
          processadas: 2,
          criados: 1,
          recusados: 1,
          concluida_em: '2026-11-27T18:31:00.000Z',
        }),
      );
    }
  });
  return chamadas;
}

const renderPagina = () =>
  renderScreen(
    <Routes>
      <Route path="/configuracoes/importar" element={<ImportacaoPage />} />
    </Routes>,
    { route: '/configuracoes/importar' },
  );

const ultima = (chamadas: Chamada[], trecho: string) =>
  chamadas.filter((chamada) => chamada.url.includes(trecho)).at(-1);

async function enviarArquivo() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Produtos' }));
  const arquivo = new File(['Código;Descrição\nP1;Caneta\n'], 'produtos-bling.csv', {
    type: 'text/csv',
  });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [arquivo] } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivo' }));
  await screen.findByTestId('mapeamento');
}

/** Picks an option of a select (Mantine's combobox: its listbox is the one the input controls). */
async function escolher(rotulo: string, opcao: string) {
  const input = screen.getByLabelText<HTMLInputElement>(rotulo, { selector: 'input' });
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const lista = document.getElementById(input.getAttribute('aria-controls')!)!;
  fireEvent.click(within(lista).getByRole('option', { name: opcao, hidden: true }));
}

describe('Importar dados', { timeout: 20_000 }, () => {
  it('step 1 downloads the kind’s sample sheet and refuses a file it cannot read before sending it', async () => {
    const baixados = mockDownloads();
    const chamadas = stubApi();
    renderPagina();
    fireEvent.click(await screen.findByRole('radio', { name: 'Produtos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Baixar planilha modelo (XLSX)' }));
    await waitFor(() => expect(baixados).toEqual(['modelo-produtos.xlsx']));
    expect(ultima(chamadas, '/modelo/')!.url).toBe('/api/importacoes/modelo/produtos?formato=xlsx');

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'produtos.pdf', { type: 'application/pdf' })] },
    });
    await screen.findByText('Formato não aceito: envie um arquivo .csv, .txt ou .xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivo' }));
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
  });

  it('step 2 starts from the suggestion, shows the file’s values and asks for the required columns', async () => {
    const chamadas = stubApi();
    renderPagina();
    await enviarArquivo();
    const envio = chamadas.find((c) => c.url === '/api/importacoes' && c.method === 'POST')!;
    const form = envio.body as FormData;
    expect(form.get('tipo')).toBe('produtos');
    expect((form.get('arquivo') as File).name).toBe('produtos-bling.csv');

    screen.getByText('2 linhas de dados · codificação Windows-1252 · separador ";"');
    expect(screen.getByLabelText<HTMLInputElement>('Código', { selector: 'input' }).value).toBe(
      'Código',
    );
    expect(screen.getByTestId('exemplo-codigo_interno').textContent).toContain('P1');
    // Nome is required and has no column yet.
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await screen.findByText('Escolha a coluna de "Nome" (obrigatório)');
    await escolher('Nome', 'Descrição');
    expect(screen.getByTestId('exemplo-nome').textContent).toContain('Caneta azul');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await screen.findByTestId('simulacao-linhas');
  });

  it('step 2 applies a saved mapping (only the columns the file has) and saves one under a name', async () => {
    const chamadas = stubApi();
    renderPagina();
    await enviarArquivo();
    await escolher('Usar mapeamento salvo', 'Bling');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Nome', { selector: 'input' }).value).toBe(
        'Descrição',
      ),
    );
    expect(screen.getByLabelText<HTMLInputElement>('NCM', { selector: 'input' }).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Salvar mapeamento' }));
    await screen.findByText('Dê um nome ao mapeamento');
    fireEvent.change(screen.getByLabelText('Nome do mapeamento', { selector: 'input' }), {
      target: { value: 'Bling 2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar mapeamento' }));
    await screen.findByText('Mapeamento salvo');
    const salvo = chamadas.find(
      (c) => c.url === '/api/importacoes/mapeamentos' && c.method === 'POST',
    );
    expect(salvo!.body).toEqual({
      nome: 'Bling 2',
      tipo: 'produtos',
      mapeamento: { codigo_interno: 'Código', nome: 'Descrição', preco: 'Preço' },
    });
  });

  it('step 2 reads another sheet of a workbook and maps its columns', async () => {
    const pasta = {
      ...ARQUIVO,
      arquivo_nome: 'cadastro.xlsx',
      folhas: ['Resumo', 'Produtos'],
      folha: 'Resumo',
    };
    const outra: ImportacaoArquivo = {
      ...pasta,
      folha: 'Produtos',
      cabecalhos: ['SKU', 'Produto'],
      amostra: [['X9', 'Grampeador']],
      total_linhas: 1,
      mapeamento_sugerido: { codigo_interno: 'SKU', nome: 'Produto' },
    };
    const chamadas = stubApi({ arquivo: pasta, outraFolha: outra });
    renderPagina();
    await enviarArquivo();
    await escolher('Aba da planilha', 'Produtos');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Nome', { selector: 'input' }).value).toBe(
        'Produto',
      ),
    );
    expect(screen.getByTestId('exemplo-nome').textContent).toContain('Grampeador');
    const folha = chamadas.find((c) => c.url === '/api/importacoes/7/folha');
    expect(folha?.body).toEqual({ folha: 'Produtos' });
  });

  it('step 3 simulates the choices, shows each error beside its cell and filters the rows with errors', async () => {
    const chamadas = stubApi();
    renderPagina();
    await enviarArquivo();
    await escolher('Nome', 'Descrição');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));

    await waitFor(() => expect(screen.getByTestId('contagem-criar').textContent).toBe('1'));
    expect(screen.getByTestId('contagem-recusar').textContent).toBe('1');
    const simular = ultima(chamadas, '/simular')!;
    expect(simular.url).toBe('/api/importacoes/7/simular?pagina=1');
    expect(simular.body).toEqual({
      mapeamento: { codigo_interno: 'Código', preco: 'Preço', nome: 'Descrição' },
      chave: 'codigo_interno',
      existentes: 'atualizar',
      modo: 'tudo',
    });
    // The error is in the price cell of row 3, not elsewhere.
    const linha = screen.getByTestId('linha-3');
    const celula = within(linha).getByText('abc').closest('td')!;
    expect(celula.getAttribute('data-erro')).toBe('true');
    within(celula).getByText('Preço de venda: informe um valor como 1.234,56');
    expect(within(screen.getByTestId('linha-2')).queryByText(/informe/)).toBeNull();

    // "Tudo ou nada" with errors: nothing would be imported, so it does not go on.
    screen.getByText(/Há linhas com erro/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Próximo' }).disabled).toBe(true);

    fireEvent.click(screen.getByRole('switch', { name: 'Só linhas com erro' }));
    await waitFor(() =>
      expect(ultima(chamadas, '/simular')!.url).toBe(
        '/api/importacoes/7/simular?pagina=1&so_erros=true',
      ),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Importar só as linhas válidas' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Ignorar' }));
    await waitFor(() =>
      expect(ultima(chamadas, '/simular')!.body).toMatchObject({
        existentes: 'ignorar',
        modo: 'validas',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Próximo' }).disabled).toBe(
        false,
      ),
    );
  });

  it('step 4 starts the job once, follows its progress until it ends and downloads the refused rows', async () => {
    const baixados = mockDownloads();
    const chamadas = stubApi({ polls: 1 });
    renderPagina();
    await enviarArquivo();
    await escolher('Nome', 'Descrição');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() => expect(screen.getByTestId('contagem-criar').textContent).toBe('1'));
    fireEvent.click(screen.getByRole('radio', { name: 'Importar só as linhas válidas' }));
    const proximo = screen.getByRole<HTMLButtonElement>('button', { name: 'Próximo' });
    await waitFor(() => expect(proximo.disabled).toBe(false));
    fireEvent.click(proximo);

    screen.getByText(
      'Serão criados 1, atualizados 0 e ignorados 0 registros; 1 linha com erro será recusada.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    await screen.findByTestId('importacao-andamento');
    const executar = chamadas.find((c) => c.url === '/api/importacoes/7/executar')!;
    expect(executar.method).toBe('POST');
    expect(executar.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(executar.body).toMatchObject({ modo: 'validas', chave: 'codigo_interno' });

    await waitFor(
      () => expect(screen.getByTestId('importacao-status').textContent).toBe('Concluída'),
      { timeout: 5000 },
    );
    screen.getByText('2 de 2 linhas');
    const resultado = screen.getByTestId('importacao-resultado');
    expect(within(resultado).getByText('Criados').nextSibling!.textContent).toBe('1');
    expect(within(resultado).getByText('Recusados').nextSibling!.textContent).toBe('1');
    expect(screen.queryByRole('button', { name: 'Cancelar importação' })).toBeNull();
    expect(chamadas.filter((c) => c.url.endsWith('/executar'))).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Baixar linhas recusadas (CSV)' }));
    await waitFor(() => expect(baixados).toEqual(['importacao-7-recusadas.csv']));

    fireEvent.click(screen.getByRole('button', { name: 'Nova importação' }));
    await screen.findByRole('button', { name: 'Enviar arquivo' });
  });

  it('a running import can be cancelled after confirming', async () => {
    stubApi({ polls: 1000 });
    renderPagina();
    await enviarArquivo();
    await escolher('Nome', 'Descrição');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() => expect(screen.getByTestId('contagem-criar').textContent).toBe('1'));
    fireEvent.click(screen.getByRole('radio', { name: 'Importar só as linhas válidas' }));
    const proximo = screen.getByRole<HTMLButtonElement>('button', { name: 'Próximo' });
    await waitFor(() => expect(proximo.disabled).toBe(false));
    fireEvent.click(proximo);
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar importação' }));
    const dialogo = await screen.findByRole('dialog');
    within(dialogo).getByText('Cancelar a importação? Nada dela será gravado.');
    const depois = mockApi(({ url }) =>
      url === '/api/importacoes/7/cancelar'
        ? json(
            importacao({
              status: 'Cancelada',
              erro: 'Importação cancelada; nada dela foi gravado',
            }),
          )
        : url === '/api/importacoes/7'
          ? json(
              importacao({
                status: 'Cancelada',
                erro: 'Importação cancelada; nada dela foi gravado',
              }),
            )
          : json([]),
    );
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar importação' }));
    await waitFor(() =>
      expect(screen.getByTestId('importacao-status').textContent).toBe('Cancelada'),
    );
    screen.getByText('Importação cancelada; nada dela foi gravado');
    expect(depois.filter((c) => c.url.endsWith('/cancelar')).map((c) => c.method)).toEqual([
      'POST',
    ]);
  });

  it('lists the imports done before with date, kind, file, who, status, counts and their refused rows', async () => {
    const baixados = mockDownloads();
    stubApi({
      historico: [
        importacao({
          status: 'Concluída',
          processadas: 2,
          criados: 1,
          recusados: 1,
          created_at: '2026-11-27T13:05:00.000Z',
        }),
      ],
    });
    renderPagina();
    const tabela = await screen.findByTestId('historico-importacoes');
    // São Paulo time.
    within(tabela).getByText('27/11/2026 10:05');
    within(tabela).getByText('Produtos');
    within(tabela).getByText('produtos-bling.csv');
    within(tabela).getByText('Ana');
    within(tabela).getByText('Concluída');
    fireEvent.click(
      within(tabela).getByRole('button', {
        name: 'Baixar linhas recusadas (CSV): produtos-bling.csv',
      }),
    );
    await waitFor(() => expect(baixados).toEqual(['importacao-7-recusadas.csv']));
  });
});
