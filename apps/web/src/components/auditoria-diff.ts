import type { AuditoriaEntrada } from '@prumo/shared/auditoria';

/** One field of an audit entry as shown: its name and its value before and after. */
export interface CampoAuditado {
  campo: string;
  antes: string;
  depois: string;
}

/** A stored value as plain text: '—' for none, Sim/Não, pt-BR numbers, JSON for the rest. */
export function formatValorAuditado(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return value.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The fields to show: those that changed for an update or a status change, every field for a
 * creation (after) or a deletion (before).
 */
export function camposAuditados(
  entrada: Pick<AuditoriaEntrada, 'antes' | 'depois'>,
): CampoAuditado[] {
  const antes = entrada.antes ?? {};
  const depois = entrada.depois ?? {};
  const campos = [...new Set([...Object.keys(antes), ...Object.keys(depois)])];
  const ambos = entrada.antes !== null && entrada.depois !== null;
  return campos
    .filter((campo) => !ambos || JSON.stringify(antes[campo]) !== JSON.stringify(depois[campo]))
    .map((campo) => ({
      campo: campo.replace(/_/g, ' '),
      antes: entrada.antes === null ? '' : formatValorAuditado(antes[campo]),
      depois: entrada.depois === null ? '' : formatValorAuditado(depois[campo]),
    }));
}
