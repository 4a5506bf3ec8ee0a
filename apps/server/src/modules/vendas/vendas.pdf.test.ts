// The sale's receipt (80 mm roll) and order (A4), read back with pdftotext.
import { describe, expect, it } from 'vitest';
import type { ItemVenda, Venda } from '@prumo/shared/vendas';
import { MM } from '../../pdf/documento';
import {
  CONTEXTO_TESTE,
  imagemDaPagina,
  medianaMs,
  paginasDoPdf,
  textoDoPdf,
} from '../../pdf/pdf-teste';
import { comprovanteVendaPdf } from './vendas.pdf';

const ROLO = 80 * MM; // 226,77 pt

function item(n: number, campos: Partial<ItemVenda> = {}): ItemVenda {
  return {
    id: n,
    produto_id: n,
    produto_nome: `Produto ${n}`,
    unidade_medida: 'UN',
    quantidade: 1,
    preco_unitario: 10,
    desconto_item: 0,
    subtotal: 10,
    custo_unitario: 6,
    ...campos,
  };
}

/** A counter sale: 1.300,00 in items, 65,44 off, paid 250,00 cash + 1.000,00 PIX, troco 15,44. */
function venda(campos: Partial<Venda> = {}): Venda {
  return {
    id: 7,
    numero: 123,
    tipo: 'balcao',
    status: 'Finalizada',
    cliente_id: null,
    cliente_nome: null,
    forma_pagamento: 'multiplas',
    valor_total: 1300,
    desconto: 65.44,
    frete: 0,
    valor_final: 1234.56,
    troco: 15.44,
    observacoes: null,
    atendimento_rapido: true,
    // 14:05 in São Paulo.
    data_venda: '2026-03-10T17:05:00.000Z',
    vendedor_id: 2,
    vendedor_nome: 'Ana Souza',
    caixa_id: 3,
    servico_id: null,
    servico_nome: null,
    data_agendamento: null,
    hora_inicio: null,
    duracao_estimada: null,
    profissional_id: null,
    profissional: null,
    iniciado_em: null,
    concluido_em: null,
    orcamento_id: null,
    orcamento_numero: null,
    created_at: '2026-03-10T17:05:00.000Z',
    updated_at: '2026-03-10T17:05:00.000Z',
    itens: [
      item(1, {
        produto_nome: 'Arroz Branco Tipo 1 5kg',
        quantidade: 2,
        preco_unitario: 25.9,
        desconto_item: 1.8,
        subtotal: 50,
      }),
      item(2, {
        produto_nome: 'Queijo Minas Frescal',
        unidade_medida: 'KG',
        quantidade: 1.255,
        preco_unitario: 39.9,
        subtotal: 50.07,
      }),
      item(3, {
        produto_nome: 'Cerveja Lata 350ml',
        quantidade: 12,
        preco_unitario: 99.9942,
        subtotal: 1199.93,
      }),
    ],
    pagamentos: [
      { forma: 'dinheiro', valor: 250 },
      { forma: 'pix', valor: 1000 },
    ],
    historico: [],
    desconto_autorizado_por_nome: null,
    inicio_atendimento: null,
    finalizada_em: '2026-03-10T17:05:10.000Z',
    cancelada_em: null,
    ...campos,
  };
}

const cancelada = (campos: Partial<Venda> = {}) =>
  venda({
    status: 'Cancelada',
    cancelada_em: '2026-03-11T12:00:00.000Z',
    historico: [
      {
        status: 'Cancelada',
        usuario_nome: 'Carlos',
        motivo: 'Cliente desistiu da compra',
        created_at: '2026-03-11T12:00:00.000Z',
      },
    ],
    ...campos,
  });

function pixelsVermelhos(pdf: Uint8Array, pagina: number): number {
  const { rgb } = imagemDaPagina(pdf, pagina);
  let vermelhos = 0;
  for (let i = 0; i < rgb.length; i += 3) if (rgb[i]! > rgb[i + 1]! + 10) vermelhos++;
  return vermelhos;
}

const muitosItens = (quantos: number) =>
  Array.from({ length: quantos }, (_, indice) => item(indice + 1));

describe('comprovanteVendaPdf 80mm', () => {
  it('prints the counter receipt: company, sale, items with their discounts, totals, payments and troco', async () => {
    const pdf = await comprovanteVendaPdf(venda(), '80mm', CONTEXTO_TESTE);
    const paginas = await paginasDoPdf(pdf);
    expect(paginas).toHaveLength(1);
    expect(paginas[0]!.largura).toBeCloseTo(226.77, 2);

    const texto = textoDoPdf(pdf);
    for (const esperado of [
      'Padaria Pão Quente Ltda',
      'CNPJ: 11.222.333/0001-81',
      'Tel.: (41) 3333-4444',
      'COMPROVANTE NÃO FISCAL',
      'Venda Nº 000123',
      'Data: 10/03/2026 14:05',
      'Vendedor: Ana Souza',
      'Cliente: Cliente Balcão',
      '001 Arroz Branco Tipo 1 5kg',
      '2 UN x R$ 25,90',
      '1,255 KG x R$ 39,90',
      '12 UN x R$ 99,99',
      'R$ 1.199,93',
      'Não é documento fiscal',
      'Impresso em 10/03/2026 14:30',
    ])
      expect(texto).toContain(esperado);
    // Each line's value before its discount, then the discount: the column adds up.
    expect(texto).toMatch(/2 UN x R\$ 25,90\s+R\$ 51,80/);
    expect(texto).toMatch(/Desconto no item\s+-R\$ 1,80/);
    expect(texto).toMatch(/Subtotal \(3 itens\)\s+R\$ 1\.300,00/);
    expect(texto).toMatch(/Desconto\s+-R\$ 65,44/);
    expect(texto).toMatch(/TOTAL\s+R\$ 1\.234,56/);
    expect(texto).toMatch(/Dinheiro\s+R\$ 250,00/);
    expect(texto).toMatch(/PIX\s+R\$ 1\.000,00/);
    expect(texto).toMatch(/Troco\s+R\$ 15,44/);
    expect(texto).not.toContain('CANCELADA');
  });

  it('shows a cancelled sale as cancelled, with when and why', async () => {
    const texto = textoDoPdf(await comprovanteVendaPdf(cancelada(), '80mm', CONTEXTO_TESTE));
    expect(texto).toContain('VENDA CANCELADA');
    expect(texto).toContain('VENDA CANCELADA em 11/03/2026 09:00');
    expect(texto).toContain('Motivo: Cliente desistiu da compra');
  });

  it('names the registered customer, leaves out a troco no cash paid and prints the notes', async () => {
    const texto = textoDoPdf(
      await comprovanteVendaPdf(
        venda({
          tipo: 'produto',
          cliente_nome: 'Mercadinho São José',
          pagamentos: [{ forma: 'cartao_debito', valor: 1234.56 }],
          troco: 0,
          observacoes: 'Entregar na portaria',
        }),
        '80mm',
        CONTEXTO_TESTE,
      ),
    );
    expect(texto).toContain('Cliente: Mercadinho São José');
    expect(texto).toMatch(/Cartão de Débito\s+R\$ 1\.234,56/);
    expect(texto).not.toContain('Troco');
    expect(texto).toContain('Obs.: Entregar na portaria');
  });

  it('grows the roll with the items: 100 items make a taller page of the same width', async () => {
    const curto = await paginasDoPdf(await comprovanteVendaPdf(venda(), '80mm', CONTEXTO_TESTE));
    const pdf = await comprovanteVendaPdf(
      venda({ itens: muitosItens(100) }),
      '80mm',
      CONTEXTO_TESTE,
    );
    const longo = await paginasDoPdf(pdf);
    expect(longo).toHaveLength(1);
    expect(longo[0]!.largura).toBeCloseTo(ROLO, 2);
    // Two lines of about 10 pt per item.
    expect(longo[0]!.altura).toBeGreaterThan(curto[0]!.altura + 97 * 20);
    const texto = textoDoPdf(pdf);
    expect(texto).toContain('100 Produto 100');
    expect(texto).toContain('Subtotal (100 itens)');
  });

  it('shows instants in the given time zone', async () => {
    const texto = textoDoPdf(
      await comprovanteVendaPdf(venda(), '80mm', { ...CONTEXTO_TESTE, timeZone: 'UTC' }),
    );
    expect(texto).toContain('Data: 10/03/2026 17:05');
    expect(texto).toContain('Impresso em 10/03/2026 17:30');
  });
});

describe('comprovanteVendaPdf a4', () => {
  it('prints the order: header, customer block, items table, totals, payments and the page footer', async () => {
    const pdf = await comprovanteVendaPdf(
      venda({
        tipo: 'produto',
        cliente_nome: 'Mercadinho São José',
        observacoes: 'Entregar na portaria.\nLigar antes.',
        desconto_autorizado_por_nome: 'Carlos Gerente',
      }),
      'a4',
      CONTEXTO_TESTE,
    );
    const paginas = await paginasDoPdf(pdf);
    expect(paginas).toHaveLength(1);
    expect(paginas[0]!.largura).toBeCloseTo(595.28, 1);
    expect(paginas[0]!.altura).toBeCloseTo(841.89, 1);

    const texto = textoDoPdf(pdf);
    for (const esperado of [
      'Padaria Pão Quente Ltda',
      'CNPJ: 11.222.333/0001-81',
      'Rua das Flores, 123 - Centro - Curitiba/PR - CEP 80010-000',
      'Pedido de Venda',
      'Nº 000123',
      'Cliente: Mercadinho São José',
      'Data da venda: 10/03/2026 14:05',
      'Vendedor: Ana Souza',
      'Situação: Finalizada',
      'Desconto autorizado por: Carlos Gerente',
      'Entregar na portaria.',
      'Ligar antes.',
      'Impresso em 10/03/2026 14:30',
      'Página 1 de 1',
    ])
      expect(texto).toContain(esperado);
    expect(texto).toMatch(/Item\s+Descrição\s+Qtd\s+Un\s+Preço unit\.\s+Desconto\s+Subtotal/);
    expect(texto).toMatch(
      /1\s+Arroz Branco Tipo 1 5kg\s+2\s+UN\s+R\$ 25,90\s+-R\$ 1,80\s+R\$ 50,00/,
    );
    expect(texto).toMatch(/2\s+Queijo Minas Frescal\s+1,255\s+KG\s+R\$ 39,90\s+R\$ 50,07/);
    expect(texto).toMatch(/Subtotal dos itens\s+R\$ 1\.300,00/);
    expect(texto).toMatch(/Total\s+R\$ 1\.234,56/);
    expect(texto).toMatch(/Troco\s+R\$ 15,44/);
  });

  it('runs a long item list over several pages, the table header on each, "Página 2 de 2" at the end', async () => {
    const pdf = await comprovanteVendaPdf(venda({ itens: muitosItens(60) }), 'a4', CONTEXTO_TESTE);
    expect(await paginasDoPdf(pdf)).toHaveLength(2);
    const primeira = textoDoPdf(pdf, 1);
    const segunda = textoDoPdf(pdf, 2);
    expect(primeira).toContain('Página 1 de 2');
    expect(primeira).toContain('Produto 1 ');
    expect(segunda).toContain('Página 2 de 2');
    // The continued page: a running header, the table's header again, the last items, totals.
    expect(segunda).toContain('Pedido de Venda Nº 000123');
    expect(segunda).toMatch(/Item\s+Descrição\s+Qtd/);
    expect(segunda).toContain('Produto 60');
    expect(segunda).toMatch(/Total\s+R\$ 1\.234,56/);
    // Every item once.
    const todos = textoDoPdf(pdf);
    for (let n = 1; n <= 60; n++)
      expect(todos.match(new RegExp(`\\bProduto ${n}\\b`, 'g')), `Produto ${n}`).toHaveLength(1);
  });

  it('marks a cancelled order on every page', async () => {
    const pdf = await comprovanteVendaPdf(
      cancelada({ itens: muitosItens(60) }),
      'a4',
      CONTEXTO_TESTE,
    );
    const texto = textoDoPdf(pdf);
    expect(texto).toContain('VENDA CANCELADA');
    expect(texto).toContain('Motivo do cancelamento: Cliente desistiu da compra');
    // The faint red watermark across each page, and none on a sale that stands.
    for (const pagina of [1, 2])
      expect(pixelsVermelhos(pdf, pagina), `página ${pagina}`).toBeGreaterThan(300);
    const finalizada = await comprovanteVendaPdf(venda(), 'a4', CONTEXTO_TESTE);
    expect(pixelsVermelhos(finalizada, 1)).toBe(0);
  });
});

describe('comprovanteVendaPdf with text the PDF fonts cannot print', () => {
  const nomes = [
    'Bolo de Chocolate 🎂 Especial 👍🏽',
    'Produto \u202Eetneuqeq\u202C invertido',
    'Zero\u200Bwidth e\u0301 combinado',
    'Łódź ő ﬁno 中文',
    `Controle\u0007\ttab\nnova linha`,
    'X'.repeat(400),
  ];

  it('replaces what it cannot encode instead of throwing, in both formats', async () => {
    const estranha = venda({
      cliente_nome: 'Cliente 😀',
      vendedor_nome: 'Vendedor \u202E',
      observacoes: 'Obs. com emoji 🚚 e\u0000nulo',
      itens: nomes.map((produto_nome, indice) => item(indice + 1, { produto_nome })),
    });
    for (const formato of ['80mm', 'a4'] as const) {
      const texto = textoDoPdf(await comprovanteVendaPdf(estranha, formato, CONTEXTO_TESTE));
      expect(texto).toContain('Bolo de Chocolate ? Especial ?');
      expect(texto).toContain('Produto etneuqeq invertido');
      expect(texto).toContain('Zerowidth é combinado');
      expect(texto).toContain('?ódz o fino ??');
      expect(texto).toContain('Controle tab nova linha');
      expect(texto).toContain('XXXXXXXX');
      expect(texto).not.toMatch(/[\u202E\u200B]/);
    }
  });
});

describe('comprovanteVendaPdf speed', () => {
  it('renders a receipt well within 100 ms once warm', async () => {
    const contexto = { ...CONTEXTO_TESTE };
    const rolo = await medianaMs(() => comprovanteVendaPdf(venda(), '80mm', contexto));
    const a4 = await medianaMs(() => comprovanteVendaPdf(venda(), 'a4', contexto));
    const grande = await medianaMs(
      () => comprovanteVendaPdf(venda({ itens: muitosItens(100) }), 'a4', contexto),
      3,
    );
    console.info(
      `Comprovante (mediana, aquecido): 80mm ${rolo.toFixed(1)} ms; A4 ${a4.toFixed(1)} ms; ` +
        `A4 com 100 itens ${grande.toFixed(1)} ms`,
    );
    // The goal is 100 ms; a loose bound keeps a busy machine from failing the run.
    expect(rolo).toBeLessThan(500);
    expect(a4).toBeLessThan(500);
  });
});
