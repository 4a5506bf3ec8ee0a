import {
  ABERTURA_AGENDA,
  FECHAMENTO_AGENDA,
  minutosDoHorario,
  type VendaResumo,
} from '@prumo/shared/vendas';
import { intervaloDe } from '../../components/agendamentos/calendario';

// The appointment book's layout: where each appointment's block sits in a day column (from the
// opening to the closing hour, section 9) and, when blocks of one column overlap, side by side.

export const ABERTURA_MIN = minutosDoHorario(ABERTURA_AGENDA);
export const FECHAMENTO_MIN = minutosDoHorario(FECHAMENTO_AGENDA);
/** Height of one hour in the book, in pixels. */
export const PX_POR_HORA = 56;
export const ALTURA_DIA = ((FECHAMENTO_MIN - ABERTURA_MIN) / 60) * PX_POR_HORA;

/** The hour lines: 08:00, 09:00, …, 18:00. */
export const HORAS = Array.from(
  { length: (FECHAMENTO_MIN - ABERTURA_MIN) / 60 },
  (_, i) => `${String(ABERTURA_MIN / 60 + i).padStart(2, '0')}:00`,
);

type Agendado = Pick<VendaResumo, 'id' | 'hora_inicio' | 'duracao_estimada'>;

export interface Bloco<T> {
  agendamento: T;
  /** Pixels from the top of the day (the opening hour). */
  topo: number;
  altura: number;
  /** Side by side: this block's lane and how many lanes its overlapping group has. */
  faixa: number;
  faixas: number;
}

/**
 * The blocks of one column: sized by duration (clipped to opening hours, at least 20 px so a
 * short one stays clickable) and, where they overlap, in lanes: each takes the first lane free
 * at its start, and every block of an overlapping group shares the group's lane count.
 */
export function layoutBlocos<T extends Agendado>(agendamentos: readonly T[]): Bloco<T>[] {
  const ordenados = agendamentos
    .map((agendamento) => ({ agendamento, ...intervaloDe(agendamento) }))
    .sort((a, b) => a.inicio - b.inicio || a.fim - b.fim || a.agendamento.id - b.agendamento.id);

  const blocos: Bloco<T>[] = [];
  let grupo: Bloco<T>[] = [];
  let fimDoGrupo = -1;
  let fimDasFaixas: number[] = [];
  const fecharGrupo = () => {
    for (const bloco of grupo) bloco.faixas = fimDasFaixas.length;
    grupo = [];
    fimDasFaixas = [];
  };

  for (const { agendamento, inicio, fim } of ordenados) {
    if (inicio >= fimDoGrupo) fecharGrupo();
    let faixa = fimDasFaixas.findIndex((fimFaixa) => fimFaixa <= inicio);
    if (faixa === -1) faixa = fimDasFaixas.push(fim) - 1;
    else fimDasFaixas[faixa] = fim;
    fimDoGrupo = Math.max(fimDoGrupo, fim);

    const de = Math.max(inicio, ABERTURA_MIN);
    const ate = Math.min(Math.max(fim, de), FECHAMENTO_MIN);
    const bloco: Bloco<T> = {
      agendamento,
      topo: ((de - ABERTURA_MIN) / 60) * PX_POR_HORA,
      altura: Math.max(((ate - de) / 60) * PX_POR_HORA, 20),
      faixa,
      faixas: 1,
    };
    grupo.push(bloco);
    blocos.push(bloco);
  }
  fecharGrupo();
  return blocos;
}

export interface Profissional {
  id: number;
  nome: string;
}

/**
 * The book's columns: the registered employees, plus anyone who has an appointment in the view
 * but is no longer listed, in name order.
 */
export function colunasProfissionais(
  funcionarios: readonly Profissional[],
  agendamentos: ReadonlyArray<Pick<VendaResumo, 'profissional_id' | 'profissional'>>,
): Profissional[] {
  const porId = new Map<number, Profissional>();
  for (const funcionario of funcionarios) porId.set(funcionario.id, funcionario);
  for (const agendamento of agendamentos) {
    if (agendamento.profissional_id && !porId.has(agendamento.profissional_id)) {
      porId.set(agendamento.profissional_id, {
        id: agendamento.profissional_id,
        nome: agendamento.profissional ?? `#${agendamento.profissional_id}`,
      });
    }
  }
  return [...porId.values()].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}
