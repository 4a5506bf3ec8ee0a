import { isISODate } from '../dates';
import { toCentavos } from '../money';
import { z } from './zod';

/** Largest amount numeric(14,2) holds. */
export const MAX_MONEY = 999_999_999_999.99;

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const factor = 10 ** decimals;
  return Math.abs(Number((value * factor).toPrecision(15)) % 1) === 0;
}

/** Required text, trimmed; `message` is shown when it is blank. */
export function requiredText(message: string, max = 255) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo de ${max} caracteres` });
}

/** Optional text, trimmed; blank becomes null so the database never keeps "" and null apart. */
export function optionalText(max = 255) {
  return z
    .string()
    .trim()
    .max(max, { error: `Máximo de ${max} caracteres` })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Money in reais: a finite number with at most two decimals within numeric(14,2). */
export function money(
  options: { min?: number; minMessage?: string; positiveMessage?: string } = {},
) {
  let schema = z
    .number({ error: 'Informe um valor numérico' })
    .refine(Number.isFinite, { error: 'Informe um valor numérico' })
    .refine((value) => hasAtMostDecimals(value, 2), { error: 'Use no máximo duas casas decimais' })
    .refine((value) => Math.abs(value) <= MAX_MONEY, { error: 'Valor acima do limite permitido' });
  if (options.positiveMessage) {
    schema = schema.refine((value) => toCentavos(value) > 0, { error: options.positiveMessage });
  }
  if (options.min !== undefined) {
    const min = options.min;
    schema = schema.refine((value) => value >= min, {
      error: options.minMessage ?? `O valor deve ser no mínimo ${min}`,
    });
  }
  return schema;
}

/** A percentage with at most two decimals between min and max (0–100 by default). */
export function percent(min = 0, max = 100) {
  return z
    .number({ error: 'Informe um percentual numérico' })
    .refine((value) => hasAtMostDecimals(value, 2), { error: 'Use no máximo duas casas decimais' })
    .refine((value) => value >= min && value <= max, {
      error: `O percentual deve estar entre ${min} e ${max}`,
    });
}

/** A quantity with at most three decimals (numeric(14,3)). */
export function quantity() {
  return z
    .number({ error: 'Informe uma quantidade numérica' })
    .refine((value) => hasAtMostDecimals(value, 3), { error: 'Use no máximo três casas decimais' })
    .refine((value) => Math.abs(value) < 1e11, { error: 'Quantidade acima do limite permitido' });
}

/** A calendar day "aaaa-mm-dd". */
export function isoDate(message = 'Data inválida') {
  return z.string().refine(isISODate, { error: message });
}

/** A positive integer id in a route parameter ("/api/x/{id}"). */
export const idParamSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'Identificador inválido' })
    .int()
    .positive({ error: 'Identificador inválido' }),
});
export type IdParam = z.infer<typeof idParamSchema>;
