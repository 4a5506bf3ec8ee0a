import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  efeitoMilesimos,
  erroSalvarMovimentacao,
  ESTOQUE_MESSAGES,
  estoqueInsuficienteMessage,
  formatQuantidade,
  formatQuantidadeUnidade,
  fromMilesimos,
  isEstoqueBaixo,
  milesimosToDecimal,
  toMilesimos,
} from './estoque.rules';
import { movimentacaoInputSchema, movimentacaoListQuerySchema } from './movimentacao.schema';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

const valid = {
  tipo: 'entrada',
  produto_id: 7,
  produto: 'Arroz',
  quantidade: 2.5,
  data: '2026-03-10',
  motivo: ' Compra ',
  observacoes: '  ',
};

describe('movimentacaoInputSchema', () => {
  it('takes the form plus produto_id and a numeric quantidade', () => {
    expect(movimentacaoInputSchema.parse(valid)).toEqual({
      tipo: 'entrada',
      produto_id: 7,
      produto: 'Arroz',
      quantidade: 2.5,
      data: '2026-03-10',
      motivo: 'Compra',
      observacoes: null,
    });
  });

  it('leaves the date to the server when it is left out', () => {
    const { data: _data, ...rest } = valid;
    expect(movimentacaoInputSchema.parse(rest).data).toBeNull();
  });

  it("uses the spec's messages for the product and the quantity", () => {
    for (const produto_id of [undefined, null, 0, -1, 1.5, '7']) {
      expect(messages(movimentacaoInputSchema.safeParse({ ...valid, produto_id }))).toEqual({
        produto_id: ESTOQUE_MESSAGES.selecioneProduto,
      });
    }
    for (const quantidade of [undefined, null, 0, -1, '2', Number.NaN, Infinity]) {
      expect(messages(movimentacaoInputSchema.safeParse({ ...valid, quantidade }))).toEqual({
        quantidade: ESTOQUE_MESSAGES.quantidadeInvalida,
      });
    }
  });

  it('keeps quantities to three decimals, as the ledger does', () => {
    expect(movimentacaoInputSchema.parse({ ...valid, quantidade: 0.001 }).quantidade).toBe(0.001);
    expect(movimentacaoInputSchema.parse({ ...valid, quantidade: 0.01 }).quantidade).toBe(0.01);
    expect(messages(movimentacaoInputSchema.safeParse({ ...valid, quantidade: 1.0001 }))).toEqual({
      quantidade: 'Use no máximo três casas decimais',
    });
  });

  it('checks tipo, date and reason, and rejects unknown fields', () => {
    expect(
      messages(
        movimentacaoInputSchema.safeParse({ ...valid, tipo: 'entregue', data: '2026-02-30' }),
      ),
    ).toEqual({ tipo: ESTOQUE_MESSAGES.tipoInvalido, data: ESTOQUE_MESSAGES.dataInvalida });
    expect(messages(movimentacaoInputSchema.safeParse({ ...valid, motivo: '  ' }))).toEqual({
      motivo: ESTOQUE_MESSAGES.motivoObrigatorio,
    });
    expect(movimentacaoInputSchema.safeParse({ ...valid, estoque: 3 }).success).toBe(false);
  });
});

describe('movimentacaoListQuerySchema', () => {
  it('coerces the query string and bounds the page', () => {
    expect(movimentacaoListQuerySchema.parse({ produto_id: '3', de: '2026-01-01' })).toEqual({
      produto_id: 3,
      de: '2026-01-01',
      limit: 100,
      offset: 0,
    });
    expect(movimentacaoListQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(movimentacaoListQuerySchema.safeParse({ de: '01/02/2026' }).success).toBe(false);
  });

  it('refuses a period that ends before it starts', () => {
    expect(
      messages(movimentacaoListQuerySchema.safeParse({ de: '2026-02-02', ate: '2026-02-01' })),
    ).toEqual({ ate: ESTOQUE_MESSAGES.periodoInvalido });
  });
});

describe('stock rules', () => {
  it('shows stock in red at or below the minimum', () => {
    expect(isEstoqueBaixo(5, 5)).toBe(true);
    expect(isEstoqueBaixo(4, 5)).toBe(true);
    expect(isEstoqueBaixo(6, 5)).toBe(false);
    expect(isEstoqueBaixo(0, null)).toBe(true);
  });

  it('formats quantities the pt-BR way with only the decimals they have', () => {
    expect(formatQuantidade(10)).toBe('10');
    expect(formatQuantidade(2.5)).toBe('2,5');
    expect(formatQuantidade(1234.125)).toBe('1.234,125');
    expect(formatQuantidadeUnidade(3, null)).toBe('3 UN');
    expect(
      estoqueInsuficienteMessage({ disponivel: 0.5, solicitado: 2, unidade: 'KG', nome: 'Café' }),
    ).toBe('Estoque insuficiente de "Café": disponível 0,5 KG, solicitado 2 KG.');
  });

  it('builds the failure text of section 8', () => {
    expect(erroSalvarMovimentacao('Estoque insuficiente')).toBe(
      'Erro ao salvar movimentação: Estoque insuficiente',
    );
    expect(erroSalvarMovimentacao(undefined)).toBe(
      'Erro ao salvar movimentação: Erro desconhecido',
    );
  });

  it('adds thousandths exactly and writes them as SQL decimals', () => {
    expect(milesimosToDecimal(-1500)).toBe('-1.500');
    expect(milesimosToDecimal(7)).toBe('0.007');
    expect(efeitoMilesimos('saida', 0.3)).toBe(-300);
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (milesimos) => {
        expect(Number(milesimosToDecimal(milesimos))).toBe(fromMilesimos(milesimos));
        expect(toMilesimos(fromMilesimos(milesimos))).toBe(milesimos);
      }),
    );
  });
});
