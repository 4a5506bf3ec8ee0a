import { describe, expect, it } from 'vitest';
import {
  agendamentosPorDia,
  celulasDoMes,
  resumoDoDia,
  semanaDe,
  somarDias,
  somarMeses,
  tituloMes,
} from './calendario';

describe('the month grid', () => {
  it('has 42 cells from the Sunday on or before the 1st', () => {
    // November 2026 starts on a Sunday.
    const nov = celulasDoMes({ ano: 2026, mes: 11 });
    expect(nov).toHaveLength(42);
    expect(nov[0]).toEqual({ dia: '2026-11-01', numero: 1, doMes: true });
    expect(nov[29]).toEqual({ dia: '2026-11-30', numero: 30, doMes: true });
    expect(nov[30]!.doMes).toBe(false);
    expect(nov[41]!.dia).toBe('2026-12-12');
    // February 2027 starts on a Monday: one day of January before it.
    const fev = celulasDoMes({ ano: 2027, mes: 2 });
    expect(fev[0]).toEqual({ dia: '2027-01-31', numero: 31, doMes: false });
    expect(fev[1]!.dia).toBe('2027-02-01');
    expect(fev.filter((celula) => celula.doMes)).toHaveLength(28);
  });

  it('moves across years and names the month in Portuguese', () => {
    expect(somarMeses({ ano: 2026, mes: 12 }, 1)).toEqual({ ano: 2027, mes: 1 });
    expect(somarMeses({ ano: 2026, mes: 1 }, -1)).toEqual({ ano: 2025, mes: 12 });
    expect(tituloMes({ ano: 2026, mes: 3 })).toBe('Março de 2026');
    expect(somarDias('2024-02-28', 1)).toBe('2024-02-29');
    expect(semanaDe('2026-11-25')).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });

  it('lists each day in time order and shows 3, then "+N mais"', () => {
    const v = (numero: number, dia: string | null, hora: string) => ({
      numero,
      data_agendamento: dia,
      hora_inicio: hora,
    });
    const porDia = agendamentosPorDia([
      v(1, '2026-11-24', '10:00'),
      v(2, '2026-11-24', '08:30'),
      v(3, '2026-11-25', '09:00'),
      v(4, null, '09:00'),
      v(5, '2026-11-24', '14:00'),
      v(6, '2026-11-24', '08:30'),
    ]);
    expect(porDia.get('2026-11-24')!.map((a) => a.numero)).toEqual([2, 6, 1, 5]);
    expect(porDia.size).toBe(2);
    const resumo = resumoDoDia(porDia.get('2026-11-24')!);
    expect(resumo.visiveis.map((a) => a.numero)).toEqual([2, 6, 1]);
    expect(resumo.mais).toBe(1);
    expect(resumoDoDia(porDia.get('2026-11-25')!).mais).toBe(0);
  });
});
