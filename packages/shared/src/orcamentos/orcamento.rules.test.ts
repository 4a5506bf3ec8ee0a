import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { todayISO } from '../dates';
import { toCentavos } from '../money';
import {
  calcularTotaisOrcamento,
  dividirEmParcelas,
  ORCAMENTO_TRANSICOES,
  podeMudarStatusOrcamento,
  somaParcelas,
  STATUS_ORCAMENTO_VALUES,
  statusEfetivo,
  tipoDoOrcamento,
  vencimentoDoOrcamento,
} from './orcamento.rules';
import { orcamentoInputSchema } from './orcamento.schema';

const centavos = fc.integer({ min: 1, max: 10_000_000_000 });

describe('dividirEmParcelas', () => {
  it('always adds up to the total, the rounding difference on the first installment', () => {
    fc.assert(
      fc.property(centavos, fc.integer({ min: 2, max: 48 }), (total, n) => {
        const parcelas = dividirEmParcelas(total / 100, n, '2026-01-31');
        expect(parcelas).toHaveLength(n);
        expect(toCentavos(somaParcelas(parcelas))).toBe(total);
        const [primeira, ...resto] = parcelas.map((p) => toCentavos(p.valor));
        for (const valor of resto) expect(valor).toBe(resto[0]);
        expect(primeira! - resto[0]!).toBeGreaterThanOrEqual(0);
        expect(primeira! - resto[0]!).toBeLessThan(n);
      }),
    );
  });

  it('puts the leftover centavos on the first and spaces the due dates', () => {
    expect(dividirEmParcelas(100, 3, '2026-12-20')).toEqual([
      { numero: 1, vencimento: '2026-12-20', valor: 33.34 },
      { numero: 2, vencimento: '2027-01-19', valor: 33.33 },
      { numero: 3, vencimento: '2027-02-18', valor: 33.33 },
    ]);
    expect(dividirEmParcelas(0.05, 2, '2026-02-28', 1).map((p) => p.vencimento)).toEqual([
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});

describe('calcularTotaisOrcamento', () => {
  it('is Σ (quantidade × valor − desconto) plus freight, exact to the centavo', () => {
    const linha = fc.record({
      quantidade: fc.integer({ min: 1, max: 1000 }),
      valor: fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
      desconto: fc.constant(0),
    });
    fc.assert(
      fc.property(
        fc.array(linha, { maxLength: 10 }),
        fc.array(linha, { maxLength: 10 }),
        fc.integer({ min: 0, max: 100_000 }),
        (produtos, servicos, freteCentavos) => {
          const totais = calcularTotaisOrcamento(produtos, servicos, freteCentavos / 100);
          const esperado = [...produtos, ...servicos].reduce(
            (soma, l) => soma + l.quantidade * toCentavos(l.valor),
            0,
          );
          expect(toCentavos(totais.valor_subtotal)).toBe(esperado);
          expect(toCentavos(totais.valor_total)).toBe(esperado + freteCentavos);
          expect(toCentavos(totais.total_produtos) + toCentavos(totais.total_servicos)).toBe(
            esperado,
          );
        },
      ),
    );
  });

  it('refuses a line discount above the line', () => {
    const totais = calcularTotaisOrcamento(
      [{ quantidade: 2, valor: 10, desconto: 25 }],
      [{ quantidade: 1, valor: 0.1, desconto: 0.1 }],
      0,
    );
    expect(Object.keys(totais.erros)).toEqual(['produtos.0.desconto']);
    expect(totais.servicos).toEqual([0]);
  });
});

describe('status and type', () => {
  it('derives the type as section 4 says', () => {
    expect(tipoDoOrcamento(0, 0)).toBe('produto');
    expect(tipoDoOrcamento(2, 0)).toBe('produto');
    expect(tipoDoOrcamento(1, 1)).toBe('misto');
    expect(tipoDoOrcamento(0, 3)).toBe('servico');
  });

  it('expires a pending quote the day after its last valid day, and nothing else', () => {
    const vencimento = vencimentoDoOrcamento('2026-11-23', 30);
    expect(vencimento).toBe('2026-12-23');
    expect(statusEfetivo('pendente', vencimento, '2026-12-23')).toBe('pendente');
    expect(statusEfetivo('pendente', vencimento, '2026-12-24')).toBe('expirado');
    for (const status of ['rascunho', 'aprovado', 'rejeitado'] as const) {
      expect(statusEfetivo(status, vencimento, '2027-06-01')).toBe(status);
    }
  });

  it("reads today in the company's time zone: 23:30 in São Paulo is still the last valid day", () => {
    const vencimento = '2026-12-23';
    const quaseMeiaNoite = todayISO('America/Sao_Paulo', new Date('2026-12-24T02:30:00Z'));
    const depoisDaMeiaNoite = todayISO('America/Sao_Paulo', new Date('2026-12-24T03:00:00Z'));
    expect(statusEfetivo('pendente', vencimento, quaseMeiaNoite)).toBe('pendente');
    expect(statusEfetivo('pendente', vencimento, depoisDaMeiaNoite)).toBe('expirado');
  });

  it('moves draft → pending → approved or rejected only', () => {
    const permitidas = STATUS_ORCAMENTO_VALUES.flatMap((de) =>
      STATUS_ORCAMENTO_VALUES.filter((para) => podeMudarStatusOrcamento(de, para)).map(
        (para) => `${de}→${para}`,
      ),
    );
    expect(permitidas).toEqual(['rascunho→pendente', 'pendente→aprovado', 'pendente→rejeitado']);
    expect(ORCAMENTO_TRANSICOES.expirado).toEqual([]);
  });
});

describe('orcamentoInputSchema', () => {
  it("accepts the spec's save call and needs a customer", () => {
    const spec = orcamentoInputSchema.parse({
      cliente_nome: 'Padaria Sol',
      tipo: 'produto',
      valor_subtotal: 0,
      valor_total: 0,
      data_vencimento: '2026-12-23',
      validade_dias: 30,
      observacoes: null,
      condicoes_pagamento: null,
      prazo_entrega: '10 dias',
      responsavel: 'Vendedor',
      usuario_id: 1,
    });
    expect(spec.produtos).toEqual([]);
    expect(spec.introducao).toBeUndefined();
    const semCliente = orcamentoInputSchema.safeParse({});
    expect(semCliente.error?.issues[0]?.path).toEqual(['cliente_nome']);
  });

  it('needs a name and a value on a line typed by hand, and 2+ installments when parcelado', () => {
    const result = orcamentoInputSchema.safeParse({
      cliente_nome: 'X',
      produtos: [{ quantidade: 1 }],
      condicao_pagamento: 'parcelado',
      parcelas: [{ vencimento: '2026-12-01', valor: 10 }],
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'produtos.0.nome',
      'produtos.0.valor',
      'parcelas',
    ]);
  });
});
