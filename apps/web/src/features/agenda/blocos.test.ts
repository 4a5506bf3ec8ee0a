import { describe, expect, it } from 'vitest';
import { colunasProfissionais, layoutBlocos, PX_POR_HORA } from './blocos';

const a = (id: number, hora_inicio: string, duracao_estimada: number | null = 60) => ({
  id,
  hora_inicio,
  duracao_estimada,
});

describe('the appointment book blocks', () => {
  it('places and sizes a block by its start and duration', () => {
    const [bloco] = layoutBlocos([a(1, '09:30', 90)]);
    expect(bloco!.topo).toBe(1.5 * PX_POR_HORA);
    expect(bloco!.altura).toBe(1.5 * PX_POR_HORA);
    expect(bloco!.faixas).toBe(1);
    // No duration: the default 60 minutes.
    expect(layoutBlocos([a(2, '08:00', null)])[0]!.altura).toBe(PX_POR_HORA);
    // A short one stays clickable; one past closing is clipped.
    expect(layoutBlocos([a(3, '10:00', 5)])[0]!.altura).toBe(20);
    expect(layoutBlocos([a(4, '18:30', 120)])[0]!.altura).toBe(PX_POR_HORA / 2);
  });

  it('puts overlapping blocks side by side and back-to-back ones in one lane', () => {
    const blocos = layoutBlocos([a(1, '09:00'), a(2, '09:30'), a(3, '10:00'), a(4, '11:00')]);
    const porId = new Map(blocos.map((b) => [b.agendamento.id, b]));
    expect([porId.get(1)!.faixa, porId.get(2)!.faixa, porId.get(3)!.faixa]).toEqual([0, 1, 0]);
    expect(porId.get(1)!.faixas).toBe(2);
    expect(porId.get(3)!.faixas).toBe(2);
    // 11:00 starts after the group ended at 11:00 (2 ends 10:30, 3 ends 11:00): a group alone.
    expect(porId.get(4)).toMatchObject({ faixa: 0, faixas: 1 });
  });

  it('makes a column per employee and per professional only seen in appointments', () => {
    expect(
      colunasProfissionais(
        [
          { id: 2, nome: 'Bruno' },
          { id: 1, nome: 'Ana' },
        ],
        [
          { profissional_id: 1, profissional: 'Ana' },
          { profissional_id: 9, profissional: 'Áurea' },
          { profissional_id: null, profissional: null },
        ],
      ).map((p) => p.nome),
    ).toEqual(['Ana', 'Áurea', 'Bruno']);
  });
});
