import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AgendaContrato,
  aniversariosAte,
  dataDeFaturamento,
  ehDiaUtil,
  feriadosBancarios,
  indiceAPartirDe,
  MESES_DA_PERIODICIDADE,
  mesesCompletos,
  mesesDoIndice,
  multaDeFidelidade,
  pascoa,
  percentualAcumulado,
  type Periodicidade,
  periodo,
  periodosDevidos,
  proximoDiaUtil,
  reajustarCentavos,
  vencimentoDaFatura,
} from './agenda';

// ---------------------------------------------------------------------------------------------
// A calendar of the test's own (UTC, day numbers), so the references share no code with agenda.ts.

const DIA_MS = 86_400_000;
const partes = (dia: string) => dia.split('-').map(Number) as [number, number, number];
const iso = (ano: number, mes: number, dia: number) =>
  `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
/** Days since 1970-01-01. */
const numeroDoDia = (dia: string) => {
  const [a, m, d] = partes(dia);
  return Date.UTC(a, m - 1, d) / DIA_MS;
};
const diaDoNumero = (n: number) => new Date(n * DIA_MS).toISOString().slice(0, 10);
const maisDias = (dia: string, dias: number) => diaDoNumero(numeroDoDia(dia) + dias);
/** Days in a month (mes 1–12): 28 + the ones a February in a leap year or a long month adds. */
const diasNoMes = (ano: number, mes: number) => {
  if (mes === 2) return ano % 4 === 0 && (ano % 100 !== 0 || ano % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(mes) ? 30 : 31;
};
/** Months since year 0 (a month's number, so month arithmetic is subtraction). */
const numeroDoMes = (dia: string) => {
  const [a, m] = partes(dia);
  return a * 12 + (m - 1);
};
/** The day `dia` (clamped to the month's last) of the month number `n`. */
const diaNoMesNumero = (n: number, dia: number) => {
  const ano = Math.floor(n / 12);
  const mes = (n % 12) + 1;
  return iso(ano, mes, Math.min(dia, diasNoMes(ano, mes)));
};
/** The same day `meses` later, the month's last day when it lacks it. */
const somaMeses = (dia: string, meses: number) =>
  diaNoMesNumero(numeroDoMes(dia) + meses, partes(dia)[2]);
/** Day of the week, 0 = Sunday. */
const diaDaSemana = (dia: string) => (((numeroDoDia(dia) + 4) % 7) + 7) % 7;

/** n / d (d > 0) rounded half away from zero, written apart from agenda.ts's. */
function metadeParaCima(n: bigint, d: bigint): bigint {
  if (n < 0n) return -metadeParaCima(-n, d);
  return (2n * n + d) / (2n * d);
}

const PERIODICIDADES = Object.keys(MESES_DA_PERIODICIDADE) as Periodicidade[];

// ---------------------------------------------------------------------------------------------
// Generators.

const PRIMEIRO = numeroDoDia('2020-01-01');
const ULTIMO = numeroDoDia('2030-12-31');

/** Any day of 2020–2030, with extra weight on the last days of a month. */
const diaArb = fc.oneof(
  { arbitrary: fc.integer({ min: PRIMEIRO, max: ULTIMO }).map(diaDoNumero), weight: 3 },
  {
    arbitrary: fc
      .record({
        ano: fc.integer({ min: 2020, max: 2030 }),
        mes: fc.integer({ min: 1, max: 12 }),
        antes: fc.integer({ min: 0, max: 3 }),
      })
      .map(({ ano, mes, antes }) => iso(ano, mes, diasNoMes(ano, mes) - antes)),
    weight: 1,
  },
);

const diaFaturamentoArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 31 }), weight: 3 },
  { arbitrary: fc.integer({ min: 28, max: 31 }), weight: 2 },
);

const agendaArb: fc.Arbitrary<AgendaContrato> = fc
  .record({
    inicio: diaArb,
    periodicidade: fc.constantFrom(...PERIODICIDADES),
    dia_faturamento: diaFaturamentoArb,
    duracao: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
  })
  .map(({ inicio, periodicidade, dia_faturamento, duracao }) => ({
    inicio,
    fim: duracao === null ? null : maisDias(inicio, duracao),
    periodicidade,
    dia_faturamento,
  }));

// ---------------------------------------------------------------------------------------------
// References by brute force.

/** The first day on or after the start that is the billing day of its month. */
function primeiroFaturamentoPorBusca(agenda: AgendaContrato): string {
  for (let dia = agenda.inicio; ; dia = maisDias(dia, 1)) {
    const [a, m, d] = partes(dia);
    if (d === Math.min(agenda.dia_faturamento, diasNoMes(a, m))) return dia;
  }
}

function faturamentoDeReferencia(agenda: AgendaContrato, k: number): string {
  const primeiro = numeroDoMes(primeiroFaturamentoPorBusca(agenda));
  return diaNoMesNumero(
    primeiro + k * MESES_DA_PERIODICIDADE[agenda.periodicidade],
    agenda.dia_faturamento,
  );
}

function indicePorBusca(agenda: AgendaContrato, dia: string): number {
  let k = 0;
  while (dataDeFaturamento(agenda, k) < dia) k++;
  return k;
}

/** The largest n with `inicio` + n months ≤ `dia` (0 before the start). */
function completosPorBusca(inicio: string, dia: string): number {
  if (dia < inicio) return 0;
  let n = 0;
  while (somaMeses(inicio, n + 1) <= dia) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------

describe('the billing calendar (property)', () => {
  it('bills every due period once, tiling the calendar on the billing day', () => {
    fc.assert(
      fc.property(
        agendaArb,
        fc.integer({ min: -60, max: 4000 }),
        fc.nat(),
        fc.array(fc.integer({ min: -60, max: 4000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -100, max: 4000 }),
        (agenda, diasAteHoje, semente, execucoes, diasAteDia) => {
          const hoje = maisDias(agenda.inicio, diasAteHoje);
          const passo = MESES_DA_PERIODICIDADE[agenda.periodicidade];
          const devidos = periodosDevidos(agenda, hoje);
          const n = devidos.length;

          // Indices 0..n-1, consecutive; billing dates strictly increasing, so none repeats.
          expect(devidos.map((p) => p.indice)).toEqual(Array.from({ length: n }, (_, i) => i));
          expect(new Set(devidos.map((p) => p.inicio)).size).toBe(n);
          for (let i = 1; i < n; i++)
            expect(devidos[i]!.inicio > devidos[i - 1]!.inicio).toBe(true);

          // Due means billed on or before today; the next one is not due yet (or never).
          for (const p of devidos) expect(p.inicio <= hoje).toBe(true);
          const seguinte = periodo(agenda, n);
          if (seguinte) expect(seguinte.inicio > hoje).toBe(true);

          // The first billing date: the first billing day on or after the start, less than a
          // month (of the start's month length) later.
          const primeiro = dataDeFaturamento(agenda, 0);
          expect(primeiro).toBe(primeiroFaturamentoPorBusca(agenda));
          expect(primeiro >= agenda.inicio).toBe(true);
          const [ai, mi] = partes(agenda.inicio);
          expect(numeroDoDia(primeiro) - numeroDoDia(agenda.inicio)).toBeLessThan(
            diasNoMes(ai, mi),
          );
          expect(primeiro <= somaMeses(agenda.inicio, 1)).toBe(true);

          for (let k = 0; k <= n + 1; k++) {
            const data = dataDeFaturamento(agenda, k);
            const [a, m, d] = partes(data);
            // The billing day, or the month's last day when the month lacks it.
            expect(d).toBe(Math.min(agenda.dia_faturamento, diasNoMes(a, m)));
            // Each date from the first month and the billing day, never from the previous date.
            expect(data).toBe(faturamentoDeReferencia(agenda, k));
            if (k > 0) {
              expect(numeroDoMes(data) - numeroDoMes(dataDeFaturamento(agenda, k - 1))).toBe(passo);
            }
          }

          // The periods tile the calendar: each ends the day before the next begins, but the
          // last one, cut by the contract's end.
          for (const p of devidos) {
            expect(periodo(agenda, p.indice)).toEqual(p);
            expect(p.inicio).toBe(dataDeFaturamento(agenda, p.indice));
            expect(p.fim >= p.inicio).toBe(true);
            if (agenda.fim !== null) {
              expect(p.inicio <= agenda.fim).toBe(true);
              expect(p.fim <= agenda.fim).toBe(true);
            }
            const proximo = periodo(agenda, p.indice + 1);
            if (proximo) {
              expect(maisDias(p.fim, 1)).toBe(proximo.inicio);
            } else {
              expect(agenda.fim).not.toBeNull();
              expect(p.fim).toBe(agenda.fim);
              expect(dataDeFaturamento(agenda, p.indice + 1) > agenda.fim!).toBe(true);
            }
          }
          // Past the end, no period at all.
          if (agenda.fim !== null && dataDeFaturamento(agenda, n) > agenda.fim) {
            expect(periodo(agenda, n)).toBeNull();
            expect(periodo(agenda, n + 1)).toBeNull();
          }

          // From an index on: the same periods, the ones before left out.
          const desde = semente % (n + 3);
          expect(periodosDevidos(agenda, hoje, desde)).toEqual(devidos.slice(desde));

          // Billing runs on several days, each from where the last stopped, bill each period
          // once: together, what one run on the last day bills.
          const dias = [...execucoes].sort((a, b) => a - b).map((x) => maisDias(agenda.inicio, x));
          const faturados = dias.reduce<typeof devidos>(
            (feitos, dia) => [...feitos, ...periodosDevidos(agenda, dia, feitos.length)],
            [],
          );
          expect(faturados).toEqual(periodosDevidos(agenda, dias.at(-1)!));

          // The next bill from a day: the first billing date on or after it.
          const dia = maisDias(agenda.inicio, diasAteDia);
          const k = indiceAPartirDe(agenda, dia);
          expect(k).toBe(indicePorBusca(agenda, dia));
          expect(indiceAPartirDe(agenda, dataDeFaturamento(agenda, k))).toBe(k);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('dataDeFaturamento and periodo', () => {
  const datas = (agenda: AgendaContrato, quantas: number) =>
    Array.from({ length: quantas }, (_, k) => dataDeFaturamento(agenda, k));

  it('keeps day 31 after a short month, on the last day of the ones without it', () => {
    const agenda: AgendaContrato = {
      inicio: '2027-01-31',
      fim: null,
      periodicidade: 'mensal',
      dia_faturamento: 31,
    };
    expect(datas(agenda, 6)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
    expect(periodo(agenda, 0)).toEqual({ indice: 0, inicio: '2027-01-31', fim: '2027-02-27' });
    expect(periodo(agenda, 1)).toEqual({ indice: 1, inicio: '2027-02-28', fim: '2027-03-30' });
    expect(periodo(agenda, 3)).toEqual({ indice: 3, inicio: '2027-04-30', fim: '2027-05-30' });
  });

  it('bills on 29/02 in a leap year', () => {
    const agenda: AgendaContrato = {
      inicio: '2028-01-31',
      fim: null,
      periodicidade: 'mensal',
      dia_faturamento: 31,
    };
    expect(datas(agenda, 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(periodo(agenda, 0)).toEqual({ indice: 0, inicio: '2028-01-31', fim: '2028-02-28' });
    expect(periodo(agenda, 1)).toEqual({ indice: 1, inicio: '2028-02-29', fim: '2028-03-30' });
  });

  it('starts in the next month when the billing day has passed', () => {
    const agenda: AgendaContrato = {
      inicio: '2026-03-10',
      fim: null,
      periodicidade: 'mensal',
      dia_faturamento: 5,
    };
    expect(datas(agenda, 3)).toEqual(['2026-04-05', '2026-05-05', '2026-06-05']);
    expect(periodo(agenda, 0)).toEqual({ indice: 0, inicio: '2026-04-05', fim: '2026-05-04' });
  });

  it('starts in December and crosses the year', () => {
    const agenda: AgendaContrato = {
      inicio: '2026-12-20',
      fim: null,
      periodicidade: 'mensal',
      dia_faturamento: 5,
    };
    expect(datas(agenda, 2)).toEqual(['2027-01-05', '2027-02-05']);
    expect(indiceAPartirDe(agenda, '2027-02-01')).toBe(1);
  });

  it('bills on the start when it is the billing day', () => {
    const agenda: AgendaContrato = {
      inicio: '2026-03-05',
      fim: null,
      periodicidade: 'mensal',
      dia_faturamento: 5,
    };
    expect(datas(agenda, 2)).toEqual(['2026-03-05', '2026-04-05']);
  });

  it('bills on the start when it is the month-end the billing day clamps to', () => {
    expect(
      datas({ inicio: '2026-04-30', fim: null, periodicidade: 'mensal', dia_faturamento: 31 }, 3),
    ).toEqual(['2026-04-30', '2026-05-31', '2026-06-30']);
    expect(
      datas({ inicio: '2026-02-28', fim: null, periodicidade: 'mensal', dia_faturamento: 30 }, 3),
    ).toEqual(['2026-02-28', '2026-03-30', '2026-04-30']);
  });

  it('jumps the cycle in months: bimestral, trimestral, semestral', () => {
    expect(
      datas(
        { inicio: '2026-01-15', fim: null, periodicidade: 'bimestral', dia_faturamento: 20 },
        3,
      ),
    ).toEqual(['2026-01-20', '2026-03-20', '2026-05-20']);

    const trimestral: AgendaContrato = {
      inicio: '2026-01-15',
      fim: null,
      periodicidade: 'trimestral',
      dia_faturamento: 10,
    };
    expect(datas(trimestral, 5)).toEqual([
      '2026-02-10',
      '2026-05-10',
      '2026-08-10',
      '2026-11-10',
      '2027-02-10',
    ]);
    expect(periodo(trimestral, 0)).toEqual({ indice: 0, inicio: '2026-02-10', fim: '2026-05-09' });

    expect(
      datas(
        { inicio: '2025-11-30', fim: null, periodicidade: 'trimestral', dia_faturamento: 31 },
        4,
      ),
    ).toEqual(['2025-11-30', '2026-02-28', '2026-05-31', '2026-08-31']);

    expect(
      datas(
        { inicio: '2026-08-31', fim: null, periodicidade: 'semestral', dia_faturamento: 31 },
        3,
      ),
    ).toEqual(['2026-08-31', '2027-02-28', '2027-08-31']);
  });

  it('bills a yearly contract on 29/02 only in leap years', () => {
    const agenda: AgendaContrato = {
      inicio: '2024-02-29',
      fim: null,
      periodicidade: 'anual',
      dia_faturamento: 29,
    };
    expect(datas(agenda, 5)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(periodo(agenda, 0)).toEqual({ indice: 0, inicio: '2024-02-29', fim: '2025-02-27' });
    expect(periodo(agenda, 3)).toEqual({ indice: 3, inicio: '2027-02-28', fim: '2028-02-28' });
  });

  it('stops at the contract end, cutting the last period', () => {
    const agenda: AgendaContrato = {
      inicio: '2026-01-10',
      fim: '2026-04-20',
      periodicidade: 'mensal',
      dia_faturamento: 10,
    };
    expect(periodosDevidos(agenda, '2030-01-01')).toEqual([
      { indice: 0, inicio: '2026-01-10', fim: '2026-02-09' },
      { indice: 1, inicio: '2026-02-10', fim: '2026-03-09' },
      { indice: 2, inicio: '2026-03-10', fim: '2026-04-09' },
      { indice: 3, inicio: '2026-04-10', fim: '2026-04-20' },
    ]);
    expect(periodo(agenda, 4)).toBeNull();
    expect(periodo(agenda, 40)).toBeNull();
    // The date is still computed past the end (the screens show what would come next).
    expect(dataDeFaturamento(agenda, 4)).toBe('2026-05-10');
  });

  it('ends on the day before a billing date without a period of its own', () => {
    const base = { inicio: '2026-01-10', periodicidade: 'mensal', dia_faturamento: 10 } as const;
    expect(periodo({ ...base, fim: '2026-04-09' }, 2)).toEqual({
      indice: 2,
      inicio: '2026-03-10',
      fim: '2026-04-09',
    });
    expect(periodo({ ...base, fim: '2026-04-09' }, 3)).toBeNull();
    // Ending on a billing date: that day is a period of one day.
    expect(periodo({ ...base, fim: '2026-04-10' }, 3)).toEqual({
      indice: 3,
      inicio: '2026-04-10',
      fim: '2026-04-10',
    });
  });

  it('has no period when the contract ends before its first billing date', () => {
    const agenda: AgendaContrato = {
      inicio: '2026-03-10',
      fim: '2026-04-01',
      periodicidade: 'mensal',
      dia_faturamento: 5,
    };
    expect(periodo(agenda, 0)).toBeNull();
    expect(periodosDevidos(agenda, '2027-01-01')).toEqual([]);
  });
});

describe('periodosDevidos', () => {
  const agenda: AgendaContrato = {
    inicio: '2026-03-10',
    fim: null,
    periodicidade: 'mensal',
    dia_faturamento: 5,
  };

  it('has nothing due before the first billing date', () => {
    expect(periodosDevidos(agenda, '2026-03-10')).toEqual([]);
    expect(periodosDevidos(agenda, '2026-04-04')).toEqual([]);
  });

  it('bills on the billing date itself, the missed ones included', () => {
    expect(periodosDevidos(agenda, '2026-04-05')).toEqual([
      { indice: 0, inicio: '2026-04-05', fim: '2026-05-04' },
    ]);
    expect(periodosDevidos(agenda, '2026-06-30').map((p) => p.inicio)).toEqual([
      '2026-04-05',
      '2026-05-05',
      '2026-06-05',
    ]);
  });

  it('starts from `desde`, and has nothing from an index not due yet', () => {
    expect(periodosDevidos(agenda, '2026-06-30', 2).map((p) => p.indice)).toEqual([2]);
    expect(periodosDevidos(agenda, '2026-06-30', 3)).toEqual([]);
    expect(periodosDevidos(agenda, '2026-06-30', 10)).toEqual([]);
  });
});

describe('indiceAPartirDe', () => {
  const agenda: AgendaContrato = {
    inicio: '2027-01-31',
    fim: null,
    periodicidade: 'mensal',
    dia_faturamento: 31,
  };

  it('is the first bill on or after the day', () => {
    expect(indiceAPartirDe(agenda, '2026-06-01')).toBe(0);
    expect(indiceAPartirDe(agenda, '2027-01-31')).toBe(0);
    expect(indiceAPartirDe(agenda, '2027-02-01')).toBe(1);
    expect(indiceAPartirDe(agenda, '2027-02-28')).toBe(1);
    expect(indiceAPartirDe(agenda, '2027-03-01')).toBe(2);
    expect(indiceAPartirDe(agenda, '2027-03-31')).toBe(2);
    expect(indiceAPartirDe(agenda, '2028-01-31')).toBe(12);
    expect(indiceAPartirDe(agenda, '2028-02-01')).toBe(13);
  });

  it('counts in cycles for longer periodicidades', () => {
    const anual: AgendaContrato = { ...agenda, inicio: '2024-02-29', periodicidade: 'anual' };
    expect(indiceAPartirDe(anual, '2024-02-29')).toBe(0);
    expect(indiceAPartirDe(anual, '2024-03-01')).toBe(1);
    expect(indiceAPartirDe(anual, '2025-02-28')).toBe(1);
    expect(indiceAPartirDe(anual, '2025-03-01')).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------

describe('business days', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2000, '2000-04-23'],
    [2038, '2038-04-25'],
    [2008, '2008-03-23'],
    [2011, '2011-04-24'],
    [2285, '2285-03-22'],
  ])('Easter of %i is %s', (ano, dia) => {
    expect(pascoa(ano)).toBe(dia);
  });

  it('puts Easter on a Sunday between 22/03 and 25/04', () => {
    for (let ano = 1900; ano <= 2200; ano++) {
      const dia = pascoa(ano);
      expect(diaDaSemana(dia)).toBe(0);
      expect(dia >= `${ano}-03-22` && dia <= `${ano}-04-25`).toBe(true);
    }
  });

  it('lists the national bank holidays of 2026, Carnival and Good Friday included', () => {
    expect(feriadosBancarios(2026)).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
  });

  it('has 20 de novembro from 2024 only', () => {
    expect(feriadosBancarios(2023)).not.toContain('2023-11-20');
    expect(feriadosBancarios(2023)).toHaveLength(11);
    expect(feriadosBancarios(2024)).toContain('2024-11-20');
    expect(ehDiaUtil('2023-11-20')).toBe(true); // a Monday
    expect(ehDiaUtil('2024-11-20')).toBe(false); // a Wednesday
  });

  it('places Carnival and Good Friday from Easter', () => {
    for (const ano of [2024, 2025, 2027, 2038]) {
      const feriados = feriadosBancarios(ano);
      const p = pascoa(ano);
      for (const dia of [maisDias(p, -48), maisDias(p, -47), maisDias(p, -2)]) {
        expect(feriados).toContain(dia);
      }
      expect(diaDaSemana(maisDias(p, -48))).toBe(1);
      expect(diaDaSemana(maisDias(p, -47))).toBe(2);
      expect(diaDaSemana(maisDias(p, -2))).toBe(5);
    }
    // Ash Wednesday is a business day.
    expect(ehDiaUtil('2026-02-18')).toBe(true);
  });

  it('does not count weekends', () => {
    expect(ehDiaUtil('2026-03-07')).toBe(false); // Saturday
    expect(ehDiaUtil('2026-03-08')).toBe(false); // Sunday
    expect(ehDiaUtil('2026-03-09')).toBe(true); // Monday
    expect(ehDiaUtil('2026-04-03')).toBe(false); // Good Friday
  });

  it('moves a due date past Carnival', () => {
    expect(vencimentoDaFatura('2026-02-14', 2, true)).toBe('2026-02-18');
    expect(vencimentoDaFatura('2026-02-14', 0, true)).toBe('2026-02-18');
  });

  it('moves a Saturday to the Monday', () => {
    expect(vencimentoDaFatura('2026-03-07', 0, true)).toBe('2026-03-09');
    expect(vencimentoDaFatura('2026-03-02', 5, true)).toBe('2026-03-09');
    expect(vencimentoDaFatura('2026-03-02', 4, true)).toBe('2026-03-06');
  });

  it('moves a due date off 20 de novembro (a Friday in 2026)', () => {
    expect(vencimentoDaFatura('2026-11-10', 10, true)).toBe('2026-11-23');
    expect(proximoDiaUtil('2026-11-20')).toBe('2026-11-23');
  });

  it('moves across the new year', () => {
    // 2027-01-01 is a Friday: the weekend follows.
    expect(vencimentoDaFatura('2026-12-31', 1, true)).toBe('2027-01-04');
    expect(proximoDiaUtil('2026-12-25')).toBe('2026-12-28');
  });

  it('moves nothing when not asked', () => {
    expect(vencimentoDaFatura('2026-02-14', 2, false)).toBe('2026-02-16');
    expect(vencimentoDaFatura('2026-03-07', 0, false)).toBe('2026-03-07');
    expect(vencimentoDaFatura('2026-11-10', 10, false)).toBe('2026-11-20');
    expect(vencimentoDaFatura('2026-01-31', 30, false)).toBe('2026-03-02');
  });

  it('finds the next business day, at most four days on (Carnival after a weekend)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: numeroDoDia('2000-01-01'), max: numeroDoDia('2040-12-31') }),
        (n) => {
          const dia = diaDoNumero(n);
          const util = proximoDiaUtil(dia);
          expect(ehDiaUtil(util)).toBe(true);
          const distancia = numeroDoDia(util) - n;
          expect(distancia).toBeGreaterThanOrEqual(0);
          expect(distancia).toBeLessThanOrEqual(4);
          for (let d = 0; d < distancia; d++) expect(ehDiaUtil(diaDoNumero(n + d))).toBe(false);
          const semana = diaDaSemana(util);
          expect(semana >= 1 && semana <= 5).toBe(true);
          expect(feriadosBancarios(Number(util.slice(0, 4)))).not.toContain(util);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('mesesCompletos', () => {
  it.each([
    ['2026-01-01', '2026-01-01', 0],
    ['2026-02-01', '2026-01-01', 0],
    ['2026-01-01', '2026-01-31', 0],
    ['2026-01-01', '2026-02-01', 1],
    ['2026-01-01', '2026-05-02', 4],
    ['2026-01-31', '2026-02-27', 0],
    // 31/01 + 1 month is 28/02: a month served, as the calendar counts it.
    ['2026-01-31', '2026-02-28', 1],
    ['2026-01-31', '2026-03-30', 1],
    ['2026-01-31', '2026-03-31', 2],
  ])('from %s to %s: %i', (inicio, dia, meses) => {
    expect(mesesCompletos(inicio, dia)).toBe(meses);
  });

  it('is the most whole months that fit', () => {
    fc.assert(
      fc.property(diaArb, fc.integer({ min: -100, max: 2500 }), (inicio, dias) => {
        const dia = maisDias(inicio, dias);
        expect(mesesCompletos(inicio, dia)).toBe(completosPorBusca(inicio, dia));
      }),
      { numRuns: 300 },
    );
  });
});

describe('multaDeFidelidade', () => {
  it('charges the percentage of the remaining months: R$ 100,00, 12 months, 20 %, 4 months and a day served', () => {
    expect(
      multaDeFidelidade({
        inicio: '2026-01-01',
        fidelidadeMeses: 12,
        percentual: 20,
        valorCicloCentavos: 10_000,
        periodicidade: 'mensal',
        cancelamento: '2026-05-02',
      }),
    ).toEqual({ fimDaFidelidade: '2026-12-31', mesesRestantes: 8, centavos: 16_000 });
  });

  it('charges the month-end start by the calendar: 31/01 to 28/02 is a month served', () => {
    const base = {
      inicio: '2026-01-31',
      fidelidadeMeses: 2,
      percentual: 100,
      valorCicloCentavos: 10_000,
      periodicidade: 'mensal',
    } as const;
    expect(multaDeFidelidade({ ...base, cancelamento: '2026-02-27' }).mesesRestantes).toBe(2);
    expect(multaDeFidelidade({ ...base, cancelamento: '2026-02-28' }).mesesRestantes).toBe(1);
    expect(multaDeFidelidade({ ...base, cancelamento: '2026-03-01' }).mesesRestantes).toBe(1);
  });

  it('counts a month begun as remaining, and nothing once the fidelidade is over', () => {
    const base = {
      inicio: '2026-01-01',
      fidelidadeMeses: 12,
      percentual: 20,
      valorCicloCentavos: 10_000,
      periodicidade: 'mensal',
    } as const;
    expect(multaDeFidelidade({ ...base, cancelamento: '2026-01-01' })).toMatchObject({
      mesesRestantes: 12,
      centavos: 24_000,
    });
    expect(multaDeFidelidade({ ...base, cancelamento: '2026-05-01' })).toMatchObject({
      mesesRestantes: 8,
      centavos: 16_000,
    });
    expect(multaDeFidelidade({ ...base, cancelamento: '2026-12-31' })).toMatchObject({
      mesesRestantes: 1,
      centavos: 2_000,
    });
    expect(multaDeFidelidade({ ...base, cancelamento: '2027-01-01' })).toEqual({
      fimDaFidelidade: '2026-12-31',
      mesesRestantes: 0,
      centavos: 0,
    });
  });

  it('has no fee without a fidelidade', () => {
    expect(
      multaDeFidelidade({
        inicio: '2026-01-01',
        fidelidadeMeses: 0,
        percentual: 20,
        valorCicloCentavos: 10_000,
        periodicidade: 'mensal',
        cancelamento: '2026-02-01',
      }),
    ).toEqual({ fimDaFidelidade: null, mesesRestantes: 0, centavos: 0 });
  });

  it('spreads the cycle over its months and rounds once, at the end', () => {
    // R$ 3,33 × 3 months × 50 % = 499,5 centavos → 500 (rounding each month would give 501).
    expect(
      multaDeFidelidade({
        inicio: '2026-01-01',
        fidelidadeMeses: 3,
        percentual: 50,
        valorCicloCentavos: 333,
        periodicidade: 'mensal',
        cancelamento: '2026-01-01',
      }).centavos,
    ).toBe(500);
    // A quarter of R$ 10,00: one month left at 10 % is 33,33… centavos → 33.
    expect(
      multaDeFidelidade({
        inicio: '2026-01-01',
        fidelidadeMeses: 3,
        percentual: 10,
        valorCicloCentavos: 1_000,
        periodicidade: 'trimestral',
        cancelamento: '2026-03-15',
      }),
    ).toEqual({ fimDaFidelidade: '2026-03-31', mesesRestantes: 1, centavos: 33 });
    // Half a centavo rounds up: R$ 0,01 a month, 1 month, 50 %.
    expect(
      multaDeFidelidade({
        inicio: '2026-01-01',
        fidelidadeMeses: 1,
        percentual: 50,
        valorCicloCentavos: 1,
        periodicidade: 'mensal',
        cancelamento: '2026-01-01',
      }).centavos,
    ).toBe(1);
  });

  it('matches an exact BigInt reference for any contract', () => {
    fc.assert(
      fc.property(
        diaArb,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 10_000 }), // hundredths of a percent, 0–100 %
        fc.oneof(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 1e14 })),
        fc.constantFrom(...PERIODICIDADES),
        fc.integer({ min: 0, max: 1900 }),
        (inicio, fidelidadeMeses, centesimos, valorCicloCentavos, periodicidade, servidos) => {
          const cancelamento = maisDias(inicio, servidos);
          const resultado = multaDeFidelidade({
            inicio,
            fidelidadeMeses,
            percentual: centesimos / 100,
            valorCicloCentavos,
            periodicidade,
            cancelamento,
          });
          const termino = somaMeses(inicio, fidelidadeMeses);
          const meses = Math.max(0, fidelidadeMeses - completosPorBusca(inicio, cancelamento));
          const esperado = metadeParaCima(
            BigInt(valorCicloCentavos) * BigInt(meses) * BigInt(centesimos),
            100n * 100n * BigInt(MESES_DA_PERIODICIDADE[periodicidade]),
          );
          expect(resultado).toEqual({
            fimDaFidelidade: maisDias(termino, -1),
            mesesRestantes: meses,
            centavos: Number(esperado),
          });
          expect(meses).toBeLessThanOrEqual(fidelidadeMeses);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('percentualAcumulado and reajustarCentavos', () => {
  /** Rates as integers of ten-thousandths of a percent: realistic months and the schema's extremes. */
  const taxaArb = fc.oneof(
    { arbitrary: fc.integer({ min: -20_000, max: 30_000 }), weight: 4 },
    { arbitrary: fc.integer({ min: -500_000, max: 1_000_000 }), weight: 1 },
  );

  /** The product of (1 + t) over the rates, as a ratio over 1_000_000^n. */
  const fator = (dezMilesimos: readonly number[]) => ({
    numerador: dezMilesimos.reduce((p, t) => p * (1_000_000n + BigInt(t)), 1n),
    denominador: 1_000_000n ** BigInt(dezMilesimos.length),
  });

  it('compounds the rates', () => {
    expect(percentualAcumulado([1, 1])).toBe(2.01);
    expect(percentualAcumulado([])).toBe(0);
    expect(percentualAcumulado([0.45])).toBe(0.45);
    expect(percentualAcumulado([10, -10])).toBe(-1);
    expect(percentualAcumulado(Array.from({ length: 12 }, () => 0.5))).toBe(6.1678);
  });

  it('rounds a fall half away from zero, as a rise', () => {
    // 0,996667² − 1 = −0,6654889 %.
    expect(percentualAcumulado([-0.3333, -0.3333])).toBe(-0.6655);
    expect(percentualAcumulado([0.3333, 0.3333])).toBe(0.6677);
    // (1 − 0,0001 %)² − 1 = −0,00019999 % → −0,0002.
    expect(percentualAcumulado([-0.0001, -0.0001])).toBe(-0.0002);
    expect(percentualAcumulado([0.0001, -0.0001])).toBe(0);
  });

  it('moves a price by the compounded rates, rounded once', () => {
    expect(reajustarCentavos(10_000, [1, 1])).toBe(10_201);
    expect(reajustarCentavos(10_000, [])).toBe(10_000);
    expect(reajustarCentavos(0, [5])).toBe(0);
    // 50 centavos + 1 % = 50,5 → 51.
    expect(reajustarCentavos(50, [1])).toBe(51);
    // 50 × 1,005² = 50,50125 → 51; rounding each month would give 50,25 → 50, then 50 again.
    expect(reajustarCentavos(50, [0.5, 0.5])).toBe(51);
    // 50 × 1,005 × 1,004975 = 50,4999937… → 50.
    expect(reajustarCentavos(50, [0.5, 0.4975])).toBe(50);
    expect(reajustarCentavos(15_000, [-0.5])).toBe(14_925);
  });

  it('matches an exact BigInt reference over twelve months', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1e12 })),
        fc.array(taxaArb, { minLength: 12, maxLength: 12 }),
        (centavos, dezMilesimos) => {
          const taxas = dezMilesimos.map((t) => t / 10_000);
          const { numerador, denominador } = fator(dezMilesimos);
          expect(denominador).toBe(1_000_000n ** 12n);
          expect(reajustarCentavos(centavos, taxas)).toBe(
            Number(metadeParaCima(BigInt(centavos) * numerador, denominador)),
          );
          expect(percentualAcumulado(taxas)).toBe(
            Number(metadeParaCima((numerador - denominador) * 1_000_000n, denominador)) / 10_000,
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('matches the reference for any number of months', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(taxaArb, { maxLength: 14 }),
        (centavos, dezMilesimos) => {
          const taxas = dezMilesimos.map((t) => t / 10_000);
          const { numerador, denominador } = fator(dezMilesimos);
          expect(reajustarCentavos(centavos, taxas)).toBe(
            Number(metadeParaCima(BigInt(centavos) * numerador, denominador)),
          );
          expect(percentualAcumulado(taxas)).toBe(
            Number(metadeParaCima((numerador - denominador) * 1_000_000n, denominador)) / 10_000,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('aniversariosAte and mesesDoIndice', () => {
  it('lists the anniversaries up to a day, inclusive', () => {
    expect(aniversariosAte('2026-03-15', '2027-03-14')).toEqual([]);
    expect(aniversariosAte('2026-03-15', '2027-03-15')).toEqual(['2027-03-15']);
    expect(aniversariosAte('2026-03-15', '2029-06-01')).toEqual([
      '2027-03-15',
      '2028-03-15',
      '2029-03-15',
    ]);
  });

  it('keeps 29/02 in leap years, from the start and not from the previous one', () => {
    expect(aniversariosAte('2024-02-29', '2028-03-01')).toEqual([
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('takes the twelve months before the anniversary', () => {
    expect(mesesDoIndice('2027-03-15')).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(mesesDoIndice('2027-01-31')).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
  });
});
