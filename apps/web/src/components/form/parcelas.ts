import { fromCentavos, toCentavos } from '@prumo/shared/money';

/** One installment as a form edits it (a blank cell is null until filled). */
export interface ParcelaForm {
  vencimento: string | null;
  valor: number | null;
}

const centavos = (parcelas: readonly ParcelaForm[]) =>
  parcelas.reduce((soma, p) => soma + toCentavos(p.valor ?? 0), 0);

/** The installments' sum, in reais, added in centavos. */
export function somaParcelasForm(parcelas: readonly ParcelaForm[]): number {
  return fromCentavos(centavos(parcelas));
}

/** How far the installments are from the total (positive: missing), in reais; 0 when they match. */
export function diferencaParcelas(parcelas: readonly ParcelaForm[], total: number): number {
  return fromCentavos(toCentavos(total) - centavos(parcelas));
}

/** The installments with the difference to the total taken into the last one (never below 0,01). */
export function ajustarUltimaParcela(
  parcelas: readonly ParcelaForm[],
  total: number,
): ParcelaForm[] {
  if (parcelas.length === 0) return [];
  const ultima = parcelas[parcelas.length - 1]!;
  const valor = fromCentavos(
    toCentavos(ultima.valor ?? 0) + toCentavos(diferencaParcelas(parcelas, total)),
  );
  if (valor < 0.01) return [...parcelas];
  return [...parcelas.slice(0, -1), { ...ultima, valor }];
}
