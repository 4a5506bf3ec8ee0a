import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysISO } from '../dates';
import {
  ASSINATURA_TRANSICOES,
  CICLO_PLANO_VALUES,
  mensalCentavos,
  mrrCentavos,
  origensDe,
  percentual,
  periodoDaAssinatura,
  prorrateio,
  situacaoPelaCobranca,
  textoDoLembrete,
  type CicloPlano,
} from './assinatura.rules';
import { MESES_DA_PERIODICIDADE } from './agenda';
import { assinaturaInputSchema, planoInputSchema } from './assinatura.schema';

/** The reference: round(n / d) half up, in BigInt, whatever the size. */
function referencia(n: bigint, d: bigint): bigint {
  const q = n / d;
  return 2n * (n % d) >= d ? q + 1n : q;
}

const dias = (de: string, ate: string) =>
  BigInt((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000 + 1);

const dia = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const ciclo = fc.constantFrom(...CICLO_PLANO_VALUES);
const centavos = fc.integer({ min: 1, max: 100_000_000 });

describe('the renewal calendar', () => {
  it('renews a day-31 subscription on each month last day and back on 31', () => {
    const a = { inicio_cobranca: '2027-01-31', ciclo: 'mensal' as const };
    expect([0, 1, 2, 3].map((k) => periodoDaAssinatura(a, k))).toEqual([
      { indice: 0, inicio: '2027-01-31', fim: '2027-02-27' },
      { indice: 1, inicio: '2027-02-28', fim: '2027-03-30' },
      { indice: 2, inicio: '2027-03-31', fim: '2027-04-29' },
      { indice: 3, inicio: '2027-04-30', fim: '2027-05-30' },
    ]);
    expect(periodoDaAssinatura({ inicio_cobranca: '2028-02-29', ciclo: 'anual' }, 1)).toEqual({
      indice: 1,
      inicio: '2029-02-28',
      fim: '2030-02-27',
    });
  });
});

describe('proration of a change of plan', () => {
  it('credits the unused days at the old price and charges them at the new one', () => {
    // 10/03 to 09/04 (31 days), changed on 25/03: 16 days remain.
    expect(
      prorrateio({
        periodo: { inicio: '2027-03-10', fim: '2027-04-09' },
        data: '2027-03-25',
        valorAtualCentavos: 9_990,
        valorNovoCentavos: 19_990,
      }),
    ).toEqual({
      dias_periodo: 31,
      dias_restantes: 16,
      credito: 5_156,
      cobranca: 10_317,
      total: 5_161,
    });
    // On the first day, the whole period; a downgrade refunds.
    expect(
      prorrateio({
        periodo: { inicio: '2027-03-10', fim: '2027-04-09' },
        data: '2027-03-10',
        valorAtualCentavos: 20_000,
        valorNovoCentavos: 5_000,
      }),
    ).toMatchObject({ dias_restantes: 31, credito: 20_000, cobranca: 5_000, total: -15_000 });
  });

  it('is exact to the centavo against a BigInt reference', () => {
    fc.assert(
      fc.property(
        dia,
        fc.integer({ min: 28, max: 366 }),
        fc.nat(),
        centavos,
        centavos,
        (inicio, tamanho, deslocamento, antigo, novo) => {
          const fim = addDaysISO(inicio, tamanho - 1);
          const data = addDaysISO(inicio, deslocamento % tamanho);
          const r = prorrateio({
            periodo: { inicio, fim },
            data,
            valorAtualCentavos: antigo,
            valorNovoCentavos: novo,
          });
          const total = dias(inicio, fim);
          const restantes = dias(data, fim);
          expect(BigInt(r.dias_periodo)).toBe(total);
          expect(BigInt(r.dias_restantes)).toBe(restantes);
          expect(BigInt(r.credito)).toBe(referencia(BigInt(antigo) * restantes, total));
          expect(BigInt(r.cobranca)).toBe(referencia(BigInt(novo) * restantes, total));
          expect(r.total).toBe(r.cobranca - r.credito);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('MRR', () => {
  it('normalises each cycle to a month, half up', () => {
    expect(mensalCentavos(10_000, 'trimestral')).toBe(3_333);
    expect(mensalCentavos(10_001, 'semestral')).toBe(1_667);
    expect(mensalCentavos(6, 'anual')).toBe(1); // 0,5 centavo rounds up
    expect(mensalCentavos(119_880, 'anual')).toBe(9_990);
  });

  it('is the sum of the subscriptions normalised to a month (BigInt reference)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ valorCentavos: centavos, ciclo }), { maxLength: 60 }),
        (lista) => {
          const esperado = lista.reduce(
            (soma, a) =>
              soma +
              referencia(
                BigInt(a.valorCentavos),
                BigInt(MESES_DA_PERIODICIDADE[a.ciclo as CicloPlano]),
              ),
            0n,
          );
          expect(BigInt(mrrCentavos(lista))).toBe(esperado);
        },
      ),
    );
  });

  it('writes churn as a percentage with two decimals', () => {
    expect(percentual(1, 3)).toBe(33.33);
    expect(percentual(2, 3)).toBe(66.67);
    expect(percentual(0, 0)).toBeNull();
    expect(percentual(123_456_789_012_345, 200_000_000_000_000)).toBe(61.73);
  });
});

describe('dunning', () => {
  it('turns Inadimplente after the grace and Suspensa after the further days', () => {
    const regras = { dias_carencia: 5, dias_suspensao: 10 };
    expect(situacaoPelaCobranca(5, regras)).toBe('Ativa');
    expect(situacaoPelaCobranca(6, regras)).toBe('Inadimplente');
    expect(situacaoPelaCobranca(15, regras)).toBe('Inadimplente');
    expect(situacaoPelaCobranca(16, regras)).toBe('Suspensa');
  });

  it('moves by the transition table only', () => {
    expect(origensDe('Suspensa')).toEqual(['Ativa', 'Inadimplente']);
    expect(origensDe('Ativa')).toEqual(['Em teste', 'Inadimplente', 'Suspensa']);
    expect(ASSINATURA_TRANSICOES.Cancelada).toEqual({});
  });

  it('writes the reminders in pt-BR', () => {
    const texto = textoDoLembrete('vencida', {
      cliente: 'Maria',
      numero: 7,
      plano: 'Pro',
      valor: 99.9,
      vencimento: '2027-03-05',
      empresa: { nome: 'Prumo', telefone: null, email: 'contato@prumo.com.br' },
    });
    expect(texto.assunto).toBe('Fatura em aberto — Prumo');
    expect(texto.corpo).toContain(
      'Não identificamos o pagamento da fatura de R$\u00a099,90 com vencimento em 05/03/2027 da sua assinatura Nº 000007 (Pro).',
    );
  });
});

describe('schemas', () => {
  it('refuses a plan without a price and a subscription without a customer, in pt-BR', () => {
    const plano = planoInputSchema.safeParse({ nome: 'Pro', preco: 0, ciclo: 'mensal' });
    expect(plano.error?.issues[0]?.message).toBe('O preço deve ser maior que zero');
    const assinatura = assinaturaInputSchema.safeParse({
      plano_id: 1,
      inicio: '2027-01-01',
      forma_pagamento: 'pix',
    });
    expect(assinatura.error?.issues[0]?.message).toBe('Selecione o cliente');
  });
});
