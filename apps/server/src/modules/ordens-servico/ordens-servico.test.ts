import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayISO } from '@prumo/shared/dates';
import { toCentavos } from '@prumo/shared/money';
import {
  OS_MESSAGES,
  OS_TRANSICOES,
  SITUACAO_OS_VALUES,
  type OrdemServico,
  type OrdemServicoResumo,
  type PainelOS,
  type SituacaoOS,
} from '@prumo/shared/ordens-servico';
import { ENDERECO, novoProduto, novoServico, postsDe, primeiro } from '../../test/documentos';
import { productsOutOfBalance } from '../../test/estoque-ledger';
import { multipart, PNG } from '../../test/multipart-body';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let clienteId: number;
let tecnicoId: number;
let servicoId: number;

type Json = Record<string, unknown>;

beforeAll(async () => {
  ctx = await createTestContext();
  clienteId = await primeiro(ctx, 'cliente');
  tecnicoId = await primeiro(ctx, 'funcionario');
  servicoId = await novoServico(ctx, 'Mão de obra de teste');
});
afterAll(() => ctx?.close());

let sequence = 0;
const createProduto = (estoque: number, extra: Json = {}) =>
  novoProduto(ctx, { nome: `Peça ${++sequence} ${Date.now()}`, estoque, custo: 10, ...extra });

async function estoqueOf(id: number): Promise<number> {
  return (await ctx.request({ method: 'GET', url: `/api/produtos/${id}` })).json().estoque;
}

const ordem = (extra: Json = {}) => ({
  cliente_id: clienteId,
  tecnico_id: tecnicoId,
  equipamento: 'Notebook',
  prioridade: 'alta',
  ...extra,
});

const { post, postOk } = postsDe<OrdemServico>(() => ctx, '/api/ordens-servico');
const mover = (id: number, situacao: SituacaoOS, extra: Json = {}) =>
  ctx.request({
    method: 'PATCH',
    url: `/api/ordens-servico/${id}/status`,
    payload: { situacao, ...extra },
  });

describe('POST /api/ordens-servico', () => {
  it('opens an order em aberto with every field, lines from the catalogues and server totals', async () => {
    const peca = await createProduto(10);
    const os = await postOk(
      ordem({
        prazo: todayISO('America/Sao_Paulo'),
        canal_venda: 'telefone',
        centro_custo: 'Oficina',
        marca: 'Dell',
        modelo: 'Inspiron',
        numero_serie: 'SN-1',
        condicoes: 'Riscos na tampa',
        defeitos: 'Não liga',
        acessorios: 'Carregador',
        solucao: null,
        laudo: 'Placa-mãe',
        termos: 'Garantia de 90 dias',
        produtos: [{ produto_id: peca.id, quantidade: 2, desconto: 5, subtotal: 1 }],
        servicos: [{ servico_id: servicoId, quantidade: 1.5, valor: 100, detalhes: 'Bancada' }],
        ...ENDERECO,
        frete: 12.5,
        outros: 2.5,
        desconto: 10,
        exibir_total: false,
        observacoes: 'Cliente liga à tarde',
        observacoes_internas: 'Verificar garantia',
        valor_total: 1,
      }),
    );
    expect(os).toMatchObject({
      situacao: 'em-aberto',
      cliente_id: clienteId,
      tecnico_id: tecnicoId,
      canal_venda: 'telefone',
      prioridade: 'alta',
      pecas: 45, // 2 × 25 − 5
      mao_de_obra: 150, // 1,5 × 100
      valor_total: 200, // 45 + 150 + 12,50 + 2,50 − 10
      exibir_total: false,
      uf: 'SP',
      cep: '01310100',
      numero_endereco: '1000',
      laudo: 'Placa-mãe',
      historico: [{ situacao: 'em-aberto' }],
    });
    expect(os.numero).toBeGreaterThan(0);
    expect(os.produtos[0]).toMatchObject({ nome: peca.nome, valor: 25, subtotal: 45 });
    expect(os.servicos[0]).toMatchObject({ nome: 'Mão de obra de teste', detalhes: 'Bancada' });
    expect(os.cliente_nome).toBeTruthy();
    expect(await estoqueOf(peca.id)).toBe(10);
  });

  it('refuses bad input with a pt-BR message per field, writing nothing', async () => {
    const peca = await createProduto(1);
    const count = async () =>
      (
        (await ctx.database.db.execute(
          sql`SELECT count(*)::int AS n FROM ordens_servico`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n;
    const cases: Array<[Json, string, string | RegExp]> = [
      [ordem({ cliente_id: null }), 'cliente_id', OS_MESSAGES.clienteObrigatorio],
      [ordem({ cliente_id: tecnicoId }), 'cliente_id', OS_MESSAGES.clienteNaoEncontrado],
      [ordem({ tecnico_id: clienteId }), 'tecnico_id', OS_MESSAGES.funcionarioNaoEncontrado],
      [
        ordem({ produtos: [{ produto_id: 987654 }] }),
        'produtos.0.produto_id',
        OS_MESSAGES.produtoNaoEncontrado,
      ],
      [
        ordem({ servicos: [{ servico_id: 987654 }] }),
        'servicos.0.servico_id',
        OS_MESSAGES.servicoNaoEncontrado,
      ],
      [
        ordem({ produtos: [{ produto_id: peca.id, quantidade: 0 }] }),
        'produtos.0.quantidade',
        OS_MESSAGES.quantidadeInvalida,
      ],
      [
        ordem({ produtos: [{ produto_id: peca.id, quantidade: 1, desconto: 30 }] }),
        'produtos.0.desconto',
        /não pode ser maior que o valor do item/,
      ],
      [ordem({ desconto: 1000 }), 'desconto', /não pode ser maior que o total/],
      [ordem({ uf: 'XX' }), 'uf', /UF/],
      [ordem({ prazo: '2026-02-30' }), 'prazo', 'Prazo inválido'],
      [ordem({ prioridade: 'altissima' }), 'prioridade', 'Prioridade inválida'],
      [
        ordem({
          data_entrada: '2026-11-20T10:00:00-03:00',
          data_saida: '2026-11-19T10:00:00-03:00',
        }),
        'data_saida',
        OS_MESSAGES.dataSaidaAntes,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const before = await count();
      const response = await post(payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const fields = response.json<{ fields: Record<string, string> }>().fields;
      expect(fields?.[field], `${field}: ${response.body}`).toBeDefined();
      if (typeof message === 'string') expect(fields[field]).toBe(message);
      else expect(fields[field]).toMatch(message);
      expect(await count()).toBe(before);
    }
  });
});

describe('situação', () => {
  it('follows the transition table and refuses every other move', async () => {
    for (const de of SITUACAO_OS_VALUES) {
      for (const para of SITUACAO_OS_VALUES) {
        if (OS_TRANSICOES[de].includes(para)) continue;
        // Only the moves out of em-aberto are tried from a fresh order; the rest by the table.
        if (de !== 'em-aberto') continue;
        const os = await postOk(ordem());
        const response = await mover(os.id, para);
        expect(response.statusCode, `${de} → ${para}`).toBe(409);
        expect(response.json().error).toBe('TRANSICAO_INVALIDA');
      }
    }
    const os = await postOk(ordem());
    expect((await mover(os.id, 'aguardando-aprovacao')).statusCode).toBe(200);
    const semQuem = await mover(os.id, 'em-andamento');
    expect(semQuem.json().fields.aprovado_por).toBe(OS_MESSAGES.aprovadoPorObrigatorio);
    const aprovada = await mover(os.id, 'em-andamento', { aprovado_por: 'Maria (cliente)' });
    expect(aprovada.json()).toMatchObject({
      situacao: 'em-andamento',
      aprovado_por: 'Maria (cliente)',
    });
    expect(aprovada.json().aprovado_em).toBeTruthy();
    expect((await mover(os.id, 'aguardando-pecas')).statusCode).toBe(200);
    expect((await mover(os.id, 'concluida')).statusCode).toBe(200);
    expect((await mover(os.id, 'cancelada')).json().error).toBe('TRANSICAO_INVALIDA');
    expect((await mover(os.id, 'entregue')).json().fields.entregue_a).toBe(
      OS_MESSAGES.entregueAObrigatorio,
    );
    const entregue = await mover(os.id, 'entregue', {
      entregue_a: 'João',
      observacao: 'Retirou no balcão',
    });
    expect(entregue.json()).toMatchObject({ situacao: 'entregue', entregue_a: 'João' });
    expect(entregue.json().data_saida).toBeTruthy();
    expect(entregue.json<OrdemServico>().historico.map((h) => h.situacao)).toEqual([
      'em-aberto',
      'aguardando-aprovacao',
      'em-andamento',
      'aguardando-pecas',
      'concluida',
      'entregue',
    ]);
    // Finished orders are read-only.
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/ordens-servico/${os.id}`,
      payload: ordem(),
    });
    expect(put.statusCode).toBe(409);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/ordens-servico/${os.id}` })).statusCode,
    ).toBe(409);
  });

  it('takes the parts out of stock when concluded, exactly once, all or nothing', async () => {
    const a = await createProduto(5);
    const b = await createProduto(1);
    const os = await postOk(
      ordem({
        produtos: [
          { produto_id: a.id, quantidade: 2 },
          { produto_id: b.id, quantidade: 2 },
        ],
      }),
    );
    await mover(os.id, 'em-andamento');
    const semPeca = await mover(os.id, 'concluida');
    expect(semPeca.statusCode).toBe(409);
    expect(semPeca.json().message).toBe(
      `Estoque insuficiente de "${b.nome}": disponível 1 UN, solicitado 2 UN.`,
    );
    expect(await estoqueOf(a.id)).toBe(5);
    await ctx.request({
      method: 'POST',
      url: '/api/estoque/movimentacoes',
      payload: { produto_id: b.id, tipo: 'entrada', quantidade: 1, motivo: 'Compra' },
    });
    expect((await mover(os.id, 'concluida')).statusCode).toBe(200);
    expect((await mover(os.id, 'concluida')).statusCode).toBe(409);
    expect(await estoqueOf(a.id)).toBe(3);
    expect(await estoqueOf(b.id)).toBe(0);
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);
  });

  it('gives the last units of a part to one of two orders concluded at once', async () => {
    const peca = await createProduto(1);
    const ordens = await Promise.all(
      [1, 2].map(() => postOk(ordem({ produtos: [{ produto_id: peca.id, quantidade: 1 }] }))),
    );
    for (const os of ordens) await mover(os.id, 'em-andamento');
    const responses = await Promise.all(ordens.map((os) => mover(os.id, 'concluida')));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await estoqueOf(peca.id)).toBe(0);
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);
  });

  it('cancels an open order without touching stock, and deletes only em aberto', async () => {
    const peca = await createProduto(3);
    const os = await postOk(ordem({ produtos: [{ produto_id: peca.id, quantidade: 1 }] }));
    await mover(os.id, 'em-andamento');
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/ordens-servico/${os.id}` })).statusCode,
    ).toBe(409);
    expect((await mover(os.id, 'cancelada')).statusCode).toBe(200);
    expect(await estoqueOf(peca.id)).toBe(3);
    const nova = await postOk(ordem());
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/ordens-servico/${nova.id}` })).statusCode,
    ).toBe(204);
  });
});

describe('list and panel', () => {
  it('filters by situação, prioridade, técnico, prazo bucket and text', async () => {
    const hoje = todayISO('America/Sao_Paulo');
    const alvo = await postOk(
      ordem({ prioridade: 'muito-urgente', prazo: hoje, equipamento: 'Televisão Ácer' }),
    );
    const list = async (query: string) => {
      const response = await ctx.request({ method: 'GET', url: `/api/ordens-servico?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OrdemServicoResumo[]>();
    };
    expect((await list('prioridade=muito-urgente')).map((o) => o.id)).toContain(alvo.id);
    expect((await list('prazo=hoje')).every((o) => o.prazo === hoje)).toBe(true);
    expect((await list('q=televisao acer')).map((o) => o.id)).toEqual([alvo.id]);
    expect((await list(`q=${alvo.numero}`)).map((o) => o.id)).toContain(alvo.id);
    expect((await list(`tecnico_id=${tecnicoId}&situacao=abertas`)).length).toBeGreaterThan(0);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/ordens-servico?prazo=ontem' })).statusCode,
    ).toBe(400);
  });

  it('counts the open queue by deadline around midnight in the company’s time zone, and revenue by technician', async () => {
    const painel = async () => {
      const response = await ctx.request({ method: 'GET', url: '/api/ordens-servico/painel' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PainelOS>();
    };
    const antes = await painel();
    const hoje = todayISO('America/Sao_Paulo');
    const ontem = new Date(`${hoje}T12:00:00Z`);
    ontem.setUTCDate(ontem.getUTCDate() - 1);
    const amanha = new Date(`${hoje}T12:00:00Z`);
    amanha.setUTCDate(amanha.getUTCDate() + 1);
    await postOk(ordem({ prazo: ontem.toISOString().slice(0, 10), prioridade: 'baixa' }));
    await postOk(ordem({ prazo: hoje, prioridade: 'baixa' }));
    await postOk(ordem({ prazo: amanha.toISOString().slice(0, 10), prioridade: 'baixa' }));
    await postOk(ordem({ prioridade: 'baixa' }));
    const concluida = await postOk(ordem({ servicos: [{ servico_id: servicoId, valor: 70 }] }));
    await mover(concluida.id, 'em-andamento');
    await mover(concluida.id, 'concluida');
    const depois = await painel();
    expect(depois.prazos.vencidas - antes.prazos.vencidas).toBe(1);
    expect(depois.prazos.hoje - antes.prazos.hoje).toBe(1);
    expect(depois.prazos.amanha - antes.prazos.amanha).toBe(1);
    expect(depois.prazos['sem-prazo'] - antes.prazos['sem-prazo']).toBe(1);
    expect(depois.prioridades.baixa - antes.prioridades.baixa).toBe(4);
    const tecnico = (p: PainelOS) =>
      p.faturamento_por_tecnico.find((linha) => linha.tecnico_id === tecnicoId)?.total ?? 0;
    expect(toCentavos(tecnico(depois)) - toCentavos(tecnico(antes))).toBe(7000);
  });
});

describe('property: the order’s total is its lines plus freight and others minus discount', () => {
  it('for random lines', async () => {
    const peca = await createProduto(0, { movimenta_estoque: false, unidade_medida: 'KG' });
    const linha = fc.record({
      quantidade: fc.integer({ min: 1, max: 9_999 }).map((m) => m / 1000),
      valor: fc.integer({ min: 0, max: 99_999 }).map((c) => c / 100),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(linha, { maxLength: 4 }),
        fc.array(linha, { maxLength: 4 }),
        fc.integer({ min: 0, max: 10_000 }),
        async (produtos, servicos, frete) => {
          const os = await postOk(
            ordem({
              produtos: produtos.map((l) => ({ produto_id: peca.id, ...l })),
              servicos: servicos.map((l) => ({ servico_id: servicoId, ...l })),
              frete: frete / 100,
            }),
          );
          const soma = (linhas: typeof produtos) =>
            linhas.reduce(
              (total, l) =>
                total +
                Number(
                  (BigInt(toCentavos(l.valor)) * BigInt(Math.round(l.quantidade * 1000)) * 2n +
                    1000n) /
                    2000n,
                ),
              0,
            );
          expect(toCentavos(os.pecas)).toBe(soma(produtos));
          expect(toCentavos(os.mao_de_obra)).toBe(soma(servicos));
          expect(toCentavos(os.valor_total)).toBe(soma(produtos) + soma(servicos) + frete);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('attachments', () => {
  it('keeps photos and PDFs checked by content, 5 MB each, downloads and removes them', async () => {
    const os = await postOk(ordem());
    const url = `/api/ordens-servico/${os.id}/anexos`;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const added = await ctx.request({
      method: 'POST',
      url,
      ...multipart({}, [
        { field: 'anexos', name: 'foto.png', type: 'image/png', content: PNG },
        { field: 'anexos', name: 'orçamento.pdf', type: 'application/pdf', content: pdf },
      ]),
    });
    expect(added.statusCode, added.body).toBe(201);
    const anexos = added.json<OrdemServico>().anexos;
    expect(anexos.map((a) => [a.nome, a.tipo_mime])).toEqual([
      ['foto.png', 'image/png'],
      ['orçamento.pdf', 'application/pdf'],
    ]);
    const download = await ctx.request({ method: 'GET', url: `${url}/${anexos[0]!.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    const fake = await ctx.request({
      method: 'POST',
      url,
      ...multipart({}, [
        {
          field: 'anexos',
          name: 'x.pdf',
          type: 'application/pdf',
          content: Buffer.from('<script>'),
        },
      ]),
    });
    expect(fake.statusCode).toBe(415);
    const removed = await ctx.request({ method: 'DELETE', url: `${url}/${anexos[0]!.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await ctx.request({ method: 'GET', url: `${url}/${anexos[0]!.id}` })).statusCode).toBe(
      404,
    );
    const other = await postOk(ordem());
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/ordens-servico/${other.id}/anexos/${anexos[1]!.id}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('printable order', () => {
  it('prints an A4 PDF', async () => {
    const os = await postOk(ordem({ servicos: [{ servico_id: servicoId }] }));
    const response = await ctx.request({ method: 'GET', url: `/api/ordens-servico/${os.id}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
