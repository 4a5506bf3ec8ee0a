import { formatPercent, toCentavos } from '@prumo/shared/money';

/**
 * The change from `anterior` to `atual` in percent (the cards' "against yesterday / the previous
 * month"), or null when there was nothing before to compare with.
 */
export function variacaoPercentual(atual: number, anterior: number): number | null {
  const antes = toCentavos(anterior);
  if (antes === 0) return null;
  return ((toCentavos(atual) - antes) / Math.abs(antes)) * 100;
}

/** "+8,2%", "−2,4%", or "—" with nothing to compare with. */
export function formatVariacao(variacao: number | null): string {
  if (variacao === null) return '—';
  return `${variacao >= 0 ? '+' : ''}${formatPercent(variacao, 1)}`;
}
