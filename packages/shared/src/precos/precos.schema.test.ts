import { describe, expect, it } from 'vitest';
import { CUSTO_ADICIONAL_MESSAGES, PRECO_MESSAGES, TABELA_PRECO_MESSAGES } from './preco.rules';
import {
  custoAdicionalInputSchema,
  margemEmLoteSchema,
  precoProdutoInputSchema,
  tabelaPrecoInputSchema,
} from './precos.schema';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('custoAdicionalInputSchema', () => {
  it('defaults to percentual and keeps only the value of the chosen type', () => {
    expect(
      custoAdicionalInputSchema.parse({ nome: ' Taxa ', valor_percentual: 3.5, valor_fixo: 2 }),
    ).toEqual({
      nome: 'Taxa',
      descricao: null,
      tipo: 'percentual',
      valor_percentual: 3.5,
      valor_fixo: null,
    });
    expect(
      custoAdicionalInputSchema.parse({ nome: 'Frete', tipo: 'fixo', valor_fixo: 1.25 }),
    ).toMatchObject({ tipo: 'fixo', valor_percentual: null, valor_fixo: 1.25 });
  });

  it("uses the spec's messages for the name and for each type's value", () => {
    expect(messages(custoAdicionalInputSchema.safeParse({ nome: ' ' }))).toEqual({
      nome: CUSTO_ADICIONAL_MESSAGES.nomeObrigatorio,
      valor_percentual: CUSTO_ADICIONAL_MESSAGES.percentualPositivo,
    });
    expect(
      messages(custoAdicionalInputSchema.safeParse({ nome: 'X', valor_percentual: 0 })),
    ).toEqual({ valor_percentual: 'Valor percentual deve ser maior que zero' });
    expect(
      messages(
        custoAdicionalInputSchema.safeParse({ nome: 'X', tipo: 'fixo', valor_percentual: 5 }),
      ),
    ).toEqual({ valor_fixo: 'Valor fixo deve ser maior que zero' });
    expect(
      messages(custoAdicionalInputSchema.safeParse({ nome: 'X', tipo: 'fixo', valor_fixo: -1 })),
    ).toEqual({ valor_fixo: CUSTO_ADICIONAL_MESSAGES.fixoPositivo });
  });

  it('refuses other types, three decimals and unknown fields', () => {
    expect(messages(custoAdicionalInputSchema.safeParse({ nome: 'X', tipo: 'outro' }))).toEqual(
      expect.objectContaining({ tipo: CUSTO_ADICIONAL_MESSAGES.tipoInvalido }),
    );
    expect(
      custoAdicionalInputSchema.safeParse({ nome: 'X', valor_percentual: 1.234 }).success,
    ).toBe(false);
    expect(
      custoAdicionalInputSchema.safeParse({ nome: 'X', valor_percentual: 1, id: 3 }).success,
    ).toBe(false);
  });
});

describe('tabelaPrecoInputSchema', () => {
  it('takes the defaults of section 9 and de-duplicates the costs', () => {
    expect(tabelaPrecoInputSchema.parse({ nome: 'Varejo', custos_adicionais: [2, 1, 2] })).toEqual({
      nome: 'Varejo',
      descricao: null,
      tipo: 'varejo',
      margem_padrao: 0,
      custos_adicionais: [2, 1],
    });
  });

  it("uses the spec's messages and bounds", () => {
    expect(
      messages(tabelaPrecoInputSchema.safeParse({ nome: '', tipo: 'other', margem_padrao: -1 })),
    ).toEqual({
      nome: 'Nome é obrigatório',
      tipo: TABELA_PRECO_MESSAGES.tipoInvalido,
      margem_padrao: TABELA_PRECO_MESSAGES.margemMinima,
    });
    expect(tabelaPrecoInputSchema.safeParse({ nome: 'X', margem_padrao: 0.015 }).success).toBe(
      false,
    );
    expect(tabelaPrecoInputSchema.parse({ nome: 'X', margem_padrao: 12.34 }).margem_padrao).toBe(
      12.34,
    );
    expect(tabelaPrecoInputSchema.safeParse({ nome: 'X', custos_adicionais: [0] }).success).toBe(
      false,
    );
  });
});

describe('per-table price schemas', () => {
  it("asks for the margin with 'Por favor, informe a margem'", () => {
    for (const margem of [undefined, null, Number.NaN]) {
      expect(messages(precoProdutoInputSchema.safeParse({ tabela_preco_id: 1, margem }))).toEqual({
        margem: PRECO_MESSAGES.margemObrigatoria,
      });
    }
    expect(messages(precoProdutoInputSchema.safeParse({ tabela_preco_id: 1, margem: -1 }))).toEqual(
      { margem: PRECO_MESSAGES.margemMinima },
    );
    expect(precoProdutoInputSchema.parse({ tabela_preco_id: 1, margem: 0 })).toEqual({
      tabela_preco_id: 1,
      margem: 0,
    });
  });

  it('bulk margins: a list of products and a margin, or null to remove', () => {
    expect(margemEmLoteSchema.parse({ produto_ids: [3, 3, 4], margem: 25 })).toEqual({
      produto_ids: [3, 4],
      margem: 25,
    });
    expect(margemEmLoteSchema.parse({ produto_ids: [3], margem: null }).margem).toBeNull();
    expect(messages(margemEmLoteSchema.safeParse({ produto_ids: [3] }))).toEqual({
      margem: PRECO_MESSAGES.margemObrigatoria,
    });
    expect(messages(margemEmLoteSchema.safeParse({ produto_ids: [], margem: 1 }))).toEqual({
      produto_ids: PRECO_MESSAGES.produtosObrigatorios,
    });
  });
});
