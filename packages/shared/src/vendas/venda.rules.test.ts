import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCentavos } from '../money';
import { caixaFechamentoSchema, esperadoDoCaixa } from '../caixas';
import { orcamentoConverterSchema } from '../orcamentos';
import { tituloInputSchema } from '../financeiro';
import {
  calcularPagamentos,
  calcularTotaisVenda,
  descontoPercentual,
  ean13DigitoVerificador,
  formaDaVenda,
  formaPagamentoCanonica,
  FORMAS_PAGAMENTO,
  HORARIOS_PADRAO,
  horariosDisponiveis,
  lerCodigoPdv,
  linhaDaBalanca,
  podeTransitar,
  unidadeFracionada,
  valorEmPix,
} from './venda.rules';
import { formaPagamentoSchema, vendaInputSchema } from './venda.schema';

/** A scale label: 2 + 6-digit code + 5-digit value + check digit. */
function etiqueta(codigo: number, valor: number): string {
  const doze = `2${String(codigo).padStart(6, '0')}${String(valor).padStart(5, '0')}`;
  return `${doze}${ean13DigitoVerificador(doze)}`;
}

describe('calcularTotaisVenda', () => {
  it('computes subtotal, total and final value to the centavo', () => {
    const totais = calcularTotaisVenda(
      [
        { quantidade: 3, preco_unitario: 0.1, desconto_item: 0 },
        { quantidade: 1.005, preco_unitario: 10, desconto_item: 0.05 },
      ],
      0.01,
    );
    expect(totais.itens.map((item) => item.subtotal)).toEqual([0.3, 10]);
    expect(totais).toMatchObject({
      valor_total: 10.3,
      desconto: 0.01,
      valor_final: 10.29,
      erros: {},
    });
  });

  it('refuses a discount above what it discounts, per field', () => {
    expect(
      calcularTotaisVenda([{ quantidade: 1, preco_unitario: 5, desconto_item: 5.01 }], 0).erros,
    ).toHaveProperty(['itens.0.desconto_item']);
    expect(
      calcularTotaisVenda([{ quantidade: 2, preco_unitario: 5, desconto_item: 1 }], 9.01).erros,
    ).toHaveProperty('desconto');
  });

  it('equals a BigInt reference and is never negative when valid (property)', () => {
    const linha = fc.record({
      quantidade: fc.integer({ min: 1, max: 10_000_000 }).map((m) => m / 1000),
      preco_unitario: fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100),
      desconto_item: fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100),
    });
    fc.assert(
      fc.property(
        fc.array(linha, { minLength: 1, maxLength: 20 }),
        fc.nat(100_000_000),
        (linhas, d) => {
          const desconto = d / 100;
          const totais = calcularTotaisVenda(linhas, desconto);
          let total = 0n;
          let valido = true;
          linhas.forEach((l) => {
            const bruto =
              (BigInt(toCentavos(l.preco_unitario)) * BigInt(Math.round(l.quantidade * 1000)) * 2n +
                1000n) /
              2000n;
            const descontoItem = BigInt(toCentavos(l.desconto_item));
            if (descontoItem > bruto) valido = false;
            total += bruto - descontoItem;
          });
          if (BigInt(toCentavos(desconto)) > total) valido = false;
          expect(Object.keys(totais.erros).length === 0).toBe(valido);
          if (valido) {
            expect(toCentavos(totais.valor_total)).toBe(Number(total));
            expect(toCentavos(totais.valor_final)).toBe(
              Number(total - BigInt(toCentavos(desconto))),
            );
            expect(totais.valor_final).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('payments', () => {
  it('makes one payment of the method, or checks several with troco only in cash', () => {
    expect(calcularPagamentos(10, 'pix', null)).toEqual({
      pagamentos: [{ forma: 'pix', valor: 10 }],
      troco: 0,
    });
    expect(
      calcularPagamentos(14.6, null, [
        { forma: 'pix', valor: 4.6 },
        { forma: 'dinheiro', valor: 20 },
      ]),
    ).toMatchObject({ troco: 10 });
    expect(calcularPagamentos(10, null, [{ forma: 'pix', valor: 9.99 }])).toHaveProperty('erro');
    expect(calcularPagamentos(10, null, [{ forma: 'cartao_debito', valor: 11 }])).toHaveProperty(
      'erro',
    );
    expect(calcularPagamentos(0, 'dinheiro', null)).toEqual({ pagamentos: [], troco: 0 });
    expect(
      formaDaVenda(
        [
          { forma: 'pix', valor: 1 },
          { forma: 'dinheiro', valor: 1 },
        ],
        null,
      ),
    ).toBe('multiplas');
  });

  it('counts lower unit prices as discount against the catalogue', () => {
    expect(descontoPercentual(100, 85)).toBe(15);
    expect(descontoPercentual(100, 120)).toBe(0);
    expect(descontoPercentual(3, 2)).toBe(33.33);
  });

  it('takes the PIX amount: the whole sale, or the sum of its PIX payments', () => {
    expect(valorEmPix(99.9, 'pix', null)).toBe(99.9);
    expect(valorEmPix(99.9, 'dinheiro', [])).toBe(0);
    const pagamentos = [
      { forma: 'pix' as const, valor: 10.1 },
      { forma: 'dinheiro' as const, valor: 50 },
      { forma: 'pix' as const, valor: 20.2 },
    ];
    expect(valorEmPix(80.3, 'multiplas', pagamentos)).toBe(30.3);
  });
});

describe('transitions', () => {
  it('lets anyone finalize or cancel a pending sale, and only managers cancel a finalized one', () => {
    expect(podeTransitar('Pendente', 'Finalizada', 'user')).toBe(true);
    expect(podeTransitar('Finalizada', 'Cancelada', 'user')).toBe(false);
    expect(podeTransitar('Finalizada', 'Cancelada', 'manager')).toBe(true);
    expect(podeTransitar('Cancelada', 'Finalizada', 'admin')).toBe(false);
    expect(podeTransitar('Finalizada', 'Pendente', 'admin')).toBe(false);
  });
});

describe('the counter code reader', () => {
  it('reads quantities, codes and names', () => {
    expect(lerCodigoPdv('3*7891234567895')).toEqual({
      tipo: 'codigo',
      termo: '7891234567895',
      quantidade: 3,
    });
    expect(lerCodigoPdv('2x arroz')).toEqual({ tipo: 'codigo', termo: 'arroz', quantidade: 2 });
    expect(lerCodigoPdv(' café ')).toEqual({ tipo: 'codigo', termo: 'café', quantidade: null });
  });

  it('reads a scale label (EAN-13 starting with 2) and not a wrong check digit', () => {
    const label = etiqueta(123, 1599);
    expect(lerCodigoPdv(label)).toEqual({
      tipo: 'balanca',
      codigo: '123',
      valor: 1599,
      termo: label,
    });
    const wrong = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    expect(lerCodigoPdv(wrong).tipo).toBe('codigo');
  });

  it('turns a scale label into a line whose subtotal is the label price exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 50_000 }),
        (valor, preco) => {
          const linha = linhaDaBalanca({ valor }, preco / 100, 'preco');
          const { itens } = calcularTotaisVenda([linha], 0);
          expect(toCentavos(itens[0]!.subtotal)).toBe(valor);
          expect(linha.desconto_item).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 500 },
    );
    expect(linhaDaBalanca({ valor: 1250 }, 20, 'peso')).toEqual({
      quantidade: 1.25,
      preco_unitario: 20,
      desconto_item: 0,
    });
  });

  it('knows which units sell in fractions', () => {
    expect(unidadeFracionada('kg')).toBe(true);
    expect(unidadeFracionada('UN')).toBe(false);
  });
});

describe('esperadoDoCaixa', () => {
  it('is fundo + cash received − troco − sangrias + suprimentos for cash; received for the rest', () => {
    expect(
      esperadoDoCaixa({
        valor_inicial: 100,
        recebido: { dinheiro: 50.1, pix: 10 },
        troco: 30.2,
        sangrias: 60.5,
        suprimentos: 20,
      }),
    ).toEqual({ dinheiro: 79.4, cartao_credito: 0, cartao_debito: 0, pix: 10 });
  });
});

describe('horariosDisponiveis', () => {
  it('offers the 30-minute slots from 08:00 to 18:30 where the duration fits by 19:00', () => {
    expect(HORARIOS_PADRAO).toHaveLength(22);
    expect(HORARIOS_PADRAO[0]).toBe('08:00');
    expect(HORARIOS_PADRAO.at(-1)).toBe('18:30');
    expect(horariosDisponiveis({ duracao: 30, ocupados: [] })).toEqual(HORARIOS_PADRAO);
    expect(horariosDisponiveis({ duracao: 60, ocupados: [] }).at(-1)).toBe('18:00');
  });

  it('leaves out overlaps (end exclusive) and, today, what has passed', () => {
    const livres = horariosDisponiveis({ duracao: 60, ocupados: [{ inicio: 600, fim: 660 }] });
    expect(livres).toContain('09:00');
    expect(livres).not.toContain('09:30');
    expect(livres).not.toContain('10:30');
    expect(livres).toContain('11:00');
    expect(horariosDisponiveis({ duracao: 30, ocupados: [], agora: 8 * 60 + 30 })[0]).toBe('09:00');
  });
});

describe("payment methods by code or by the spec's name", () => {
  it('folds case, accents, spaces and underscores into the code', () => {
    for (const { value, label } of FORMAS_PAGAMENTO) {
      expect(formaPagamentoCanonica(value)).toBe(value);
      expect(formaPagamentoCanonica(label)).toBe(value);
      expect(formaPagamentoCanonica(label.toUpperCase())).toBe(value);
      expect(formaPagamentoCanonica(` ${label.normalize('NFD')} `)).toBe(value);
    }
    expect(formaPagamentoCanonica('cartao de credito')).toBe('cartao_credito');
    expect(formaPagamentoCanonica('Cartão-Débito')).toBe('cartao_debito');
    expect(formaPagamentoCanonica('Cheque')).toBe('Cheque');
    expect(formaPagamentoCanonica(3)).toBe(3);
  });

  it('is the one schema of every place a method is sent', () => {
    expect(formaPagamentoSchema().parse('Cartão de Crédito')).toBe('cartao_credito');
    expect(formaPagamentoSchema().safeParse('multiplas').error?.issues[0]?.message).toBe(
      'Forma de pagamento inválida',
    );
    const venda = vendaInputSchema.parse({
      tipo: 'balcao',
      forma_pagamento: null,
      pagamentos: [{ forma: 'PIX', valor: 1 }],
      itens: [{ produto_id: 1, quantidade: 1 }],
    });
    expect(venda.tipo === 'balcao' && venda.pagamentos).toEqual([{ forma: 'pix', valor: 1 }]);
    expect(orcamentoConverterSchema.parse({ forma_pagamento: 'boleto' }).forma_pagamento).toBe(
      'boleto',
    );
    expect(orcamentoConverterSchema.parse(undefined).forma_pagamento).toBeNull();
    const titulo = tituloInputSchema.parse({
      natureza: 'pagar',
      descricao: 'Conta',
      valor: 10,
      vencimento: '2031-01-10',
      forma_pagamento: 'Dinheiro',
    });
    expect(titulo.forma_pagamento).toBe('dinheiro');
  });

  it("keys the caixa's count by either, refusing unknown and repeated methods", () => {
    expect(
      caixaFechamentoSchema.parse({ contado: { Dinheiro: 10, 'cartão de débito': 2, pix: 1 } })
        .contado,
    ).toEqual({ dinheiro: 10, cartao_debito: 2, pix: 1 });
    const desconhecida = caixaFechamentoSchema.safeParse({ contado: { Cheque: 1 } });
    expect(desconhecida.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['contado.Cheque', 'Forma de pagamento inválida'],
    ]);
    const repetida = caixaFechamentoSchema.safeParse({ contado: { PIX: 1, pix: 2 } });
    expect(repetida.error?.issues[0]?.message).toBe('Forma de pagamento repetida: pix');
  });

  it('lets an appointment send an empty itens list, never lines', () => {
    const agendamento = {
      tipo: 'servico',
      cliente_id: 1,
      servico_id: 1,
      data_agendamento: '2031-01-10',
      hora_inicio: '09:00',
      profissional_id: 1,
    };
    expect(vendaInputSchema.safeParse({ ...agendamento, itens: [] }).success).toBe(true);
    expect(vendaInputSchema.safeParse({ ...agendamento, itens: null }).success).toBe(true);
    const comLinhas = vendaInputSchema.safeParse({ ...agendamento, itens: [{ produto_id: 1 }] });
    expect(comLinhas.error?.issues[0]?.path).toEqual(['itens']);
  });
});
