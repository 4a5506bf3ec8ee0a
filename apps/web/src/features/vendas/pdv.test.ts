import { describe, expect, it } from 'vitest';
import { ean13DigitoVerificador, lerCodigoPdv, VENDA_MESSAGES } from '@prumo/shared/vendas';
import {
  CARRINHO_VAZIO,
  carrinhoReducer,
  resolverLeitura,
  resumirPagamentos,
  termoDaLeitura,
  type AcaoCarrinho,
  type Carrinho,
  type ProdutoPdv,
} from './pdv';

const produto = (over: Partial<ProdutoPdv> & { id: number }): ProdutoPdv => ({
  nome: `Produto ${over.id}`,
  preco: 10,
  estoque: 100,
  unidade_medida: 'UN',
  codigo_barras: null,
  codigo_interno: null,
  ativo: true,
  ...over,
});

const cafe = produto({ id: 1, nome: 'Café 500g', preco: 21.9, codigo_barras: '7896543210012' });
const arroz = produto({ id: 2, nome: 'Arroz Branco 5kg', preco: 27.9, codigo_interno: 'ARZ5' });
const queijo = produto({
  id: 3,
  nome: 'Queijo Minas',
  preco: 49.9,
  unidade_medida: 'KG',
  codigo_interno: '00123',
});
const agora = '2026-11-23T10:00:00.000Z';

const aplicar = (acoes: AcaoCarrinho[], inicial: Carrinho = CARRINHO_VAZIO) =>
  acoes.reduce(carrinhoReducer, inicial);

/** A scale label: 2 + 6-digit code + 5 digits + check digit. */
function etiqueta(codigo: string, valor: number): string {
  const doze = `2${codigo.padStart(6, '0')}${String(valor).padStart(5, '0')}`;
  return doze + ean13DigitoVerificador(doze);
}

describe('the counter cart', () => {
  it('a product scanned twice is one line of 2, and the first item marks the start', () => {
    const carrinho = aplicar([
      { tipo: 'adicionar', produto: cafe, quantidade: 1, agora },
      { tipo: 'adicionar', produto: cafe, quantidade: 1, agora: '2026-11-23T10:05:00.000Z' },
    ]);
    expect(carrinho.linhas).toHaveLength(1);
    expect(carrinho.linhas[0]).toMatchObject({
      produto_id: 1,
      quantidade: 2,
      preco_unitario: 21.9,
    });
    expect(carrinho.inicio).toBe(agora);
    expect(carrinho.ultima).toBe(carrinho.linhas[0]!.chave);
  });

  it('sums fractional quantities in thousandths, keeps scale lines apart and ignores zero', () => {
    const carrinho = aplicar([
      { tipo: 'adicionar', produto: queijo, quantidade: 0.1, agora },
      { tipo: 'adicionar', produto: queijo, quantidade: 0.2, agora },
      {
        tipo: 'balanca',
        produto: queijo,
        linha: { quantidade: 0.25, preco_unitario: 49.9, desconto_item: 0 },
        agora,
      },
      { tipo: 'adicionar', produto: arroz, quantidade: 0, agora },
    ]);
    expect(carrinho.linhas.map((linha) => [linha.quantidade, linha.balanca])).toEqual([
      [0.3, false],
      [0.25, true],
    ]);
    expect(new Set(carrinho.linhas.map((linha) => linha.chave)).size).toBe(2);
  });

  it('changes a quantity, refuses zero, removes lines and clears the start with the last one', () => {
    let carrinho = aplicar([
      { tipo: 'adicionar', produto: cafe, quantidade: 1, agora },
      { tipo: 'adicionar', produto: arroz, quantidade: 1, agora },
    ]);
    const [linhaCafe, linhaArroz] = carrinho.linhas;
    carrinho = aplicar(
      [
        { tipo: 'quantidade', chave: linhaCafe!.chave, quantidade: 5 },
        { tipo: 'quantidade', chave: linhaArroz!.chave, quantidade: 0 },
      ],
      carrinho,
    );
    expect(carrinho.linhas.map((linha) => linha.quantidade)).toEqual([5, 1]);
    carrinho = aplicar([{ tipo: 'remover', chave: linhaCafe!.chave }], carrinho);
    expect(carrinho.linhas.map((linha) => linha.produto_id)).toEqual([2]);
    expect(carrinho.inicio).toBe(agora);
    carrinho = aplicar([{ tipo: 'remover', chave: linhaArroz!.chave }], carrinho);
    expect(carrinho.inicio).toBeNull();
    // A line added after clearing gets a new key.
    const depois = aplicar(
      [{ tipo: 'limpar' }, { tipo: 'adicionar', produto: cafe, quantidade: 1, agora }],
      carrinho,
    );
    expect(depois.linhas[0]!.chave).not.toBe(linhaCafe!.chave);
  });
});

describe('what Enter adds', () => {
  const candidatos = [arroz, cafe, queijo];

  it('an exact barcode or internal code, with the N* quantity or the default', () => {
    expect(resolverLeitura(lerCodigoPdv('7896543210012'), candidatos, 'preco', 1)).toEqual({
      tipo: 'produto',
      produto: cafe,
      quantidade: 1,
    });
    expect(resolverLeitura(lerCodigoPdv('3*7896543210012'), candidatos, 'preco', 1)).toMatchObject({
      produto: cafe,
      quantidade: 3,
    });
    expect(resolverLeitura(lerCodigoPdv('arz5'), candidatos, 'preco', 2)).toMatchObject({
      produto: arroz,
      quantidade: 2,
    });
  });

  it('a name containing the text, without accents; a number that is no code adds nothing', () => {
    expect(resolverLeitura(lerCodigoPdv('cafe'), candidatos, 'preco', 1)).toMatchObject({
      produto: cafe,
    });
    expect(resolverLeitura(lerCodigoPdv('2*minas'), candidatos, 'preco', 1)).toMatchObject({
      produto: queijo,
      quantidade: 2,
    });
    expect(resolverLeitura(lerCodigoPdv('789654321001'), candidatos, 'preco', 1)).toEqual({
      tipo: 'nenhum',
    });
    expect(resolverLeitura(lerCodigoPdv('feijao'), candidatos, 'preco', 1)).toEqual({
      tipo: 'nenhum',
    });
  });

  it('never adds an inactive product', () => {
    const inativo = { ...cafe, ativo: false };
    expect(resolverLeitura(lerCodigoPdv('7896543210012'), [inativo], 'preco', 1)).toEqual({
      tipo: 'nenhum',
    });
    expect(resolverLeitura(lerCodigoPdv('cafe'), [inativo], 'preco', 1)).toEqual({
      tipo: 'nenhum',
    });
  });

  it('a scale label finds its product by internal code without leading zeros', () => {
    const leitura = lerCodigoPdv(etiqueta('123', 1248));
    expect(leitura.tipo).toBe('balanca');
    expect(termoDaLeitura(leitura)).toBe('123');
    const porPreco = resolverLeitura(leitura, candidatos, 'preco', 1);
    expect(porPreco).toMatchObject({ tipo: 'balanca', produto: queijo });
    // By price: the line's subtotal is exactly the label's R$ 12,48.
    if (porPreco.tipo !== 'balanca') throw new Error('esperava a balança');
    const { quantidade, preco_unitario, desconto_item } = porPreco.linha;
    expect(Math.round(quantidade * preco_unitario * 100) - Math.round(desconto_item * 100)).toBe(
      1248,
    );
    expect(resolverLeitura(leitura, candidatos, 'peso', 1)).toMatchObject({
      linha: { quantidade: 1.248, preco_unitario: 49.9, desconto_item: 0 },
    });
    expect(resolverLeitura(lerCodigoPdv(etiqueta('999', 100)), candidatos, 'preco', 1)).toEqual({
      tipo: 'nenhum',
    });
  });

  it("a label that is a product's own barcode adds that product", () => {
    const codigo = etiqueta('555', 1);
    const proprio = produto({ id: 9, codigo_barras: codigo });
    expect(resolverLeitura(lerCodigoPdv(codigo), [proprio], 'preco', 1)).toMatchObject({
      tipo: 'produto',
      produto: proprio,
    });
  });
});

describe('the counter payments', () => {
  it('one method without a value pays the total', () => {
    expect(resumirPagamentos(47.3, [{ forma: 'pix', valor: null }])).toEqual({
      forma_pagamento: 'pix',
      pagamentos: null,
      pago: 47.3,
      falta: 0,
      troco: 0,
      erro: null,
    });
  });

  it('cash received above the total gives troco, exact to the centavo', () => {
    expect(resumirPagamentos(47.3, [{ forma: 'dinheiro', valor: 50 }])).toMatchObject({
      pagamentos: [{ forma: 'dinheiro', valor: 50 }],
      troco: 2.7,
      erro: null,
    });
    expect(resumirPagamentos(0.3, [{ forma: 'dinheiro', valor: 0.5 }]).troco).toBe(0.2);
  });

  it('several methods: a blank one pays the rest; short or card troco is an error', () => {
    expect(
      resumirPagamentos(100, [
        { forma: 'dinheiro', valor: 30 },
        { forma: 'cartao_debito', valor: null },
      ]),
    ).toMatchObject({
      pagamentos: [
        { forma: 'dinheiro', valor: 30 },
        { forma: 'cartao_debito', valor: 70 },
      ],
      troco: 0,
      erro: null,
    });
    const curto = resumirPagamentos(100, [
      { forma: 'dinheiro', valor: 30 },
      { forma: 'pix', valor: 20 },
    ]);
    expect(curto.falta).toBe(50);
    expect(curto.erro).toMatch(/menos que o total/);
    expect(resumirPagamentos(10, [{ forma: 'pix', valor: 15 }]).erro).toBe(
      VENDA_MESSAGES.pagamentoSemTroco,
    );
    expect(
      resumirPagamentos(100, [
        { forma: 'pix', valor: 60 },
        { forma: 'dinheiro', valor: 50 },
      ]),
    ).toMatchObject({ troco: 10, erro: null });
  });
});
