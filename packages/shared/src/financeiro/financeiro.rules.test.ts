import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCentavos } from '../money';
import {
  amortizacaoDaBaixa,
  baixaAcimaDoSaldoMessage,
  diasEmAtraso,
  FINANCEIRO_MESSAGES,
  parcelasMensais,
  statusEfetivoParcela,
  statusGravado,
  statusTitulo,
} from './financeiro.rules';

describe('parcelasMensais', () => {
  it('adds up to the total to the centavo, the rounding on the first, one month apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 1, max: 120 }),
        (centavos, n) => {
          fc.pre(centavos >= n);
          const plano = parcelasMensais(centavos / 100, n, '2026-03-15');
          expect(plano.reduce((t, p) => t + toCentavos(p.valor), 0)).toBe(centavos);
          const [primeira, ...resto] = plano.map((p) => toCentavos(p.valor));
          expect(resto.every((v) => v === resto[0])).toBe(true);
          expect(primeira! - (resto[0] ?? primeira!)).toBeLessThan(n);
          expect(plano.map((p) => p.numero)).toEqual(plano.map((_, i) => i + 1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the day, or the last day of shorter months', () => {
    expect(parcelasMensais(100, 3, '2026-01-31')).toEqual([
      { numero: 1, vencimento: '2026-01-31', valor: 33.34 },
      { numero: 2, vencimento: '2026-02-28', valor: 33.33 },
      { numero: 3, vencimento: '2026-03-31', valor: 33.33 },
    ]);
    expect(parcelasMensais(10, 2, '2027-12-29').map((p) => p.vencimento)).toEqual([
      '2027-12-29',
      '2028-01-29',
    ]);
    expect(parcelasMensais(10, 3, '2027-12-31').map((p) => p.vencimento)).toEqual([
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
    ]);
  });
});

describe('amortizacaoDaBaixa', () => {
  const baixa = (valor: number, juros = 0, multa = 0, desconto = 0) => ({
    valor,
    juros,
    multa,
    desconto,
  });

  it('pays off the cash minus interest and fine plus the discount', () => {
    expect(amortizacaoDaBaixa(100, baixa(100))).toEqual({ amortizado: 100 });
    expect(amortizacaoDaBaixa(100, baixa(105.1, 3.05, 2.05))).toEqual({ amortizado: 100 });
    expect(amortizacaoDaBaixa(100, baixa(90, 0, 0, 10))).toEqual({ amortizado: 100 });
    expect(amortizacaoDaBaixa(0.3, baixa(0.1, 0, 0, 0.2))).toEqual({ amortizado: 0.3 });
  });

  it('refuses paying off nothing or more than is owed', () => {
    expect(amortizacaoDaBaixa(100, baixa(5, 5))).toEqual({
      erro: FINANCEIRO_MESSAGES.baixaSemValor,
      campo: 'valor',
    });
    expect(amortizacaoDaBaixa(33.33, baixa(33.34))).toEqual({
      erro: baixaAcimaDoSaldoMessage(33.33),
      campo: 'valor',
    });
  });

  it('never pays off more than the balance, in exact centavos', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 4, maxLength: 4 }),
        (saldo, [valor, juros, multa, desconto]) => {
          const resultado = amortizacaoDaBaixa(
            saldo / 100,
            baixa(valor! / 100, juros! / 100, multa! / 100, desconto! / 100),
          );
          const esperado = valor! - juros! - multa! + desconto!;
          if ('amortizado' in resultado) {
            expect(toCentavos(resultado.amortizado)).toBe(esperado);
            expect(esperado).toBeGreaterThan(0);
            expect(esperado).toBeLessThanOrEqual(saldo);
          } else {
            expect(esperado <= 0 || esperado > saldo).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('status', () => {
  it('stores aberto, parcial or pago from what was paid', () => {
    expect(statusGravado(100, 0)).toBe('aberto');
    expect(statusGravado(100, 0.01)).toBe('parcial');
    expect(statusGravado(100, 99.99)).toBe('parcial');
    expect(statusGravado(100, 100)).toBe('pago');
  });

  it('reads an owed installment past its due day as vencido, never on the day itself', () => {
    expect(statusEfetivoParcela('aberto', '2026-05-09', '2026-05-10')).toBe('vencido');
    expect(statusEfetivoParcela('parcial', '2026-05-09', '2026-05-10')).toBe('vencido');
    expect(statusEfetivoParcela('aberto', '2026-05-10', '2026-05-10')).toBe('aberto');
    expect(statusEfetivoParcela('pago', '2026-01-01', '2026-05-10')).toBe('pago');
    expect(statusEfetivoParcela('cancelado', '2026-01-01', '2026-05-10')).toBe('cancelado');
  });

  it("derives a title's status: cancelado > vencido > pago > parcial > aberto", () => {
    const p = (status: 'aberto' | 'parcial' | 'pago' | 'vencido' | 'cancelado', pago = 0) => ({
      status,
      valor_pago: pago,
    });
    expect(statusTitulo(true, [p('vencido')])).toBe('cancelado');
    expect(statusTitulo(false, [p('pago', 10), p('vencido')])).toBe('vencido');
    expect(statusTitulo(false, [p('pago', 10), p('pago', 10)])).toBe('pago');
    expect(statusTitulo(false, [p('pago', 10), p('aberto')])).toBe('parcial');
    expect(statusTitulo(false, [p('parcial', 1)])).toBe('parcial');
    expect(statusTitulo(false, [p('aberto'), p('aberto')])).toBe('aberto');
  });

  it('counts whole days overdue across months and years', () => {
    expect(diasEmAtraso('2026-05-10', '2026-05-10')).toBe(0);
    expect(diasEmAtraso('2026-05-11', '2026-05-10')).toBe(0);
    expect(diasEmAtraso('2026-02-28', '2026-03-01')).toBe(1);
    expect(diasEmAtraso('2027-12-31', '2028-03-01')).toBe(61);
  });
});
