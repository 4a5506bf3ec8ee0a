import { describe, expect, it } from 'vitest';
import { categoriaInputSchema } from './categoria.schema';
import { PRODUTO_MESSAGES } from './produto.rules';
import {
  produtoCreateSchema,
  produtoSearchQuerySchema,
  produtoUpdateSchema,
} from './produto.schema';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('produtoCreateSchema', () => {
  it('fills the defaults of section 9 from the spec short payload', () => {
    const parsed = produtoCreateSchema.parse({ nome: '  Café 500g  ' });
    expect(parsed).toMatchObject({
      nome: 'Café 500g',
      categoria_id: 1,
      unidade_medida: 'UN',
      preco: 1,
      custo: 0,
      lucro_sugerido: 50,
      estoque: 0,
      estoque_minimo: 0,
      movimenta_estoque: true,
      habilitar_nota_fiscal: true,
      possui_variacoes: false,
      possui_composicao: false,
      ativo: true,
      entrada_quantidade: 1,
      saida_quantidade: 1,
      peso: 0,
      origem: 0,
      produto_especifico: 'nao_usar',
      codigo_barras: null,
      descricao: null,
    });
  });

  it('takes null and blank as the defaults (empty price counts as 1, blank profit as 50)', () => {
    const parsed = produtoCreateSchema.parse({
      nome: 'X',
      preco: null,
      lucro_sugerido: null,
      unidade_medida: '  ',
      codigo_barras: '   ',
    });
    expect(parsed).toMatchObject({
      preco: 1,
      lucro_sugerido: 50,
      unidade_medida: 'UN',
      codigo_barras: null,
    });
  });

  it('uses the spec messages for name and price', () => {
    expect(messages(produtoCreateSchema.safeParse({ nome: '   ', preco: 0 }))).toEqual({
      nome: PRODUTO_MESSAGES.nomeObrigatorio,
      preco: PRODUTO_MESSAGES.precoCreate,
    });
    expect(messages(produtoUpdateSchema.safeParse({ nome: ' ', preco: -1 }))).toEqual({
      nome: PRODUTO_MESSAGES.nomeObrigatorio,
      preco: PRODUTO_MESSAGES.precoUpdate,
    });
  });

  it('rejects unknown fields, bad GTINs, negative stock and a maximum below the minimum', () => {
    expect(produtoCreateSchema.safeParse({ nome: 'X', foo: 1 }).success).toBe(false);
    expect(
      messages(produtoCreateSchema.safeParse({ nome: 'X', codigo_barras: '7891000315508' })),
    ).toEqual({
      codigo_barras: PRODUTO_MESSAGES.gtinInvalido,
    });
    expect(produtoCreateSchema.safeParse({ nome: 'X', codigo_barras: 'INT-0001' }).success).toBe(
      true,
    );
    expect(messages(produtoCreateSchema.safeParse({ nome: 'X', estoque: -1 }))).toEqual({
      estoque: 'Estoque não pode ser negativo',
    });
    expect(
      messages(produtoCreateSchema.safeParse({ nome: 'X', estoque_minimo: 10, estoque_maximo: 5 })),
    ).toEqual({ estoque_maximo: PRODUTO_MESSAGES.estoqueMaximo });
    expect(
      produtoCreateSchema.safeParse({ nome: 'X', estoque_minimo: 10, estoque_maximo: 0 }).success,
    ).toBe(true);
  });

  it('keeps NCM (8 digits) and CEST (7) as digits, typed with or without dots', () => {
    expect(
      produtoCreateSchema.parse({ nome: 'Café', ncm: '0901.21.00', cest: '17.099.00' }),
    ).toMatchObject({ ncm: '09012100', cest: '1709900' });
    expect(produtoCreateSchema.parse({ nome: 'Café', ncm: '', cest: '  ' })).toMatchObject({
      ncm: null,
      cest: null,
    });
    expect(
      messages(produtoCreateSchema.safeParse({ nome: 'Café', ncm: '0901', cest: 'ABC' })),
    ).toEqual({ ncm: PRODUTO_MESSAGES.ncmInvalido, cest: PRODUTO_MESSAGES.cestInvalido });
  });

  it('upper-cases units and bounds percentages', () => {
    expect(produtoCreateSchema.parse({ nome: 'X', unidade_medida: 'kg' }).unidade_medida).toBe(
      'KG',
    );
    expect(produtoCreateSchema.safeParse({ nome: 'X', comissao: 101 }).success).toBe(false);
    expect(produtoCreateSchema.parse({ nome: 'X', lucro_sugerido: 150 }).lucro_sugerido).toBe(150);
  });
});

describe('produtoUpdateSchema', () => {
  it('leaves out what was not sent, so the stored value is kept', () => {
    const parsed = produtoUpdateSchema.parse({ nome: 'Novo' });
    expect(parsed).toEqual({ nome: 'Novo' });
    expect(produtoUpdateSchema.parse({ nome: 'Novo', preco: null }).preco).toBe(1);
  });

  it('requires the name', () => {
    expect(messages(produtoUpdateSchema.safeParse({ preco: 2 }))).toEqual({
      nome: PRODUTO_MESSAGES.nomeObrigatorio,
    });
  });
});

describe('search and group schemas', () => {
  it('needs 2 characters to search', () => {
    expect(produtoSearchQuerySchema.safeParse({ q: ' a ' }).success).toBe(false);
    expect(produtoSearchQuerySchema.parse({ q: ' ab ' })).toEqual({ q: 'ab' });
  });

  it('requires the group name with the spec message', () => {
    expect(messages(categoriaInputSchema.safeParse({ nome: '  ' }))).toEqual({
      nome: PRODUTO_MESSAGES.grupoObrigatorio,
    });
    expect(categoriaInputSchema.parse({ nome: ' Bebidas ', descricao: '' })).toEqual({
      nome: 'Bebidas',
      descricao: null,
    });
  });
});
