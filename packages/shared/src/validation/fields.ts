import { isISODate } from '../dates';
import { formatMoney, toCentavos } from '../money';
import { z } from './zod';

/** Largest amount numeric(14,2) holds. */
export const MAX_MONEY = 999_999_999_999.99;

/** Whether a number has no more than `decimals` decimal places (0.1 + 0.2 counts as 0.3). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const factor = 10 ** decimals;
  return Math.abs(Number((value * factor).toPrecision(15)) % 1) === 0;
}

/**
 * Spaces, control and format characters (zero-width, bidi overrides such as U+202E) at either
 * end: a text made only of them shows nothing, so it counts as blank.
 */
const INVISIBLE_EDGES = /^[\s\p{Z}\p{Cc}\p{Cf}]+|[\s\p{Z}\p{Cc}\p{Cf}]+$/gu;

/** Trims spaces and invisible characters from both ends. */
export function trimInvisible(value: string): string {
  return value.replace(INVISIBLE_EDGES, '');
}

/** A string trimmed of spaces and invisible characters; every text field starts from this. */
export function trimmedString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(trimInvisible);
}

/** Required text, trimmed; `message` is shown when it is blank or holds no visible character. */
export function requiredText(message: string, max = 255) {
  return trimmedString({ error: message })
    .min(1, { error: message })
    .max(max, { error: `Máximo de ${max} caracteres` });
}

/** Optional text, trimmed; blank becomes null so the database never keeps "" and null apart. */
export function optionalText(max = 255) {
  return trimmedString()
    .max(max, { error: `Máximo de ${max} caracteres` })
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * Money in reais: a finite number with at most two decimals within numeric(14,2), between `min`
 * (default −MAX_MONEY) and MAX_MONEY. Every check aborts, so an out-of-range value never reaches
 * an object-level rule that computes with it; the message names the bound that was crossed.
 */
export function money(
  options: { min?: number; minMessage?: string; positiveMessage?: string } = {},
) {
  const min = options.min ?? -MAX_MONEY;
  let schema = z
    .number({ error: 'Informe um valor numérico' })
    .refine(Number.isFinite, { error: 'Informe um valor numérico', abort: true })
    .refine((value) => value >= min, {
      error: options.minMessage ?? `O valor deve ser no mínimo ${formatMoney(min)}`,
      abort: true,
    })
    .refine((value) => value <= MAX_MONEY, {
      error: `O valor deve ser no máximo ${formatMoney(MAX_MONEY)}`,
      abort: true,
    })
    .refine((value) => hasAtMostDecimals(value, 2), {
      error: 'Use no máximo duas casas decimais',
      abort: true,
    });
  if (options.positiveMessage) {
    schema = schema.refine((value) => toCentavos(value) > 0, {
      error: options.positiveMessage,
      abort: true,
    });
  }
  return schema;
}

/** A percentage with at most two decimals between min and max (0–100 by default). */
export function percent(min = 0, max = 100) {
  return z
    .number({ error: 'Informe um percentual numérico' })
    .refine((value) => value >= min && value <= max, {
      error: `O percentual deve estar entre ${min} e ${max}`,
      abort: true,
    })
    .refine((value) => hasAtMostDecimals(value, 2), {
      error: 'Use no máximo duas casas decimais',
      abort: true,
    });
}

/** Largest quantity numeric(14,3) holds. */
export const MAX_QUANTITY = 99_999_999_999.999;

/**
 * A quantity with at most three decimals (numeric(14,3)), at least `min` (default
 * −MAX_QUANTITY) and at most MAX_QUANTITY; the message names the bound that was crossed.
 */
export function quantity(options: { min?: number; minMessage?: string } = {}) {
  const min = options.min ?? -MAX_QUANTITY;
  return z
    .number({ error: 'Informe uma quantidade numérica' })
    .refine((value) => value >= min, {
      error: options.minMessage ?? `A quantidade deve ser no mínimo ${formatQuantity(min)}`,
      abort: true,
    })
    .refine((value) => value <= MAX_QUANTITY, {
      error: `A quantidade deve ser no máximo ${formatQuantity(MAX_QUANTITY)}`,
      abort: true,
    })
    .refine((value) => hasAtMostDecimals(value, 3), {
      error: 'Use no máximo três casas decimais',
      abort: true,
    });
}

function formatQuantity(value: number): string {
  return value.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
}

/** A calendar day "aaaa-mm-dd". */
export function isoDate(message = 'Data inválida') {
  return z.string().refine(isISODate, { error: message });
}

/** An optional calendar day "aaaa-mm-dd" in a query string (a list's period filter). */
export const dayQuery = z
  .string()
  .refine(isISODate, { error: 'Use uma data no formato aaaa-mm-dd' })
  .optional();

const limitQuery = (limitMax: number) =>
  z.coerce
    .number({ error: 'Limite inválido' })
    .int({ error: 'Limite inválido' })
    .min(1, { error: 'Limite inválido' })
    .max(limitMax, { error: `O limite máximo é ${limitMax}` });

const offsetQuery = z.coerce
  .number({ error: 'Deslocamento inválido' })
  .int({ error: 'Deslocamento inválido' })
  .min(0, { error: 'Deslocamento inválido' })
  .max(1_000_000_000, { error: 'Deslocamento inválido' });

/** `limit` and `offset` of a server-paged list, with its default and largest page size. */
export function pageQuery(limitPadrao: number, limitMax: number) {
  return { limit: limitQuery(limitMax).default(limitPadrao), offset: offsetQuery.default(0) };
}

/**
 * `limit` and `offset` of a list that answers the whole array without `limit` (the spec's
 * answer) and one page from `offset` with it (total in X-Total-Count).
 */
export function optionalPageQuery(limitMax: number) {
  return { limit: limitQuery(limitMax).optional(), offset: offsetQuery.optional() };
}

/** The direction of a sorted list. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `sort` and `order` of a server-sorted list: `sort` names one of the list's `keys` (a whitelist),
 * `order` its direction. Left out, the list keeps its own default order and direction.
 */
export function sortQuery<const Keys extends readonly [string, ...string[]]>(keys: Keys) {
  return {
    sort: z.enum(keys, { error: `Ordenação inválida: use ${keys.join(', ')}` }).optional(),
    order: z.enum(SORT_ORDERS, { error: 'Direção inválida: use asc ou desc' }).optional(),
  };
}

/** The text search `q` of a list (accents and case ignored by the server). */
export const searchQuery = trimmedString()
  .max(100, { error: 'Use no máximo 100 caracteres' })
  .optional();

/** Largest page of a small list (groups, labels, price tables, costs, users). */
export const LISTA_LIMIT_MAX = 500;

/**
 * The query of a small list: `q` (accents and case ignored), `sort`/`order` over `sorts` (by the
 * first key, ascending, when left out) and `limit`/`offset`. With none of them, the whole array.
 */
export function listQuerySchema<const Keys extends readonly [string, ...string[]]>(sorts: Keys) {
  return z.strictObject({
    q: searchQuery,
    ...sortQuery(sorts),
    ...optionalPageQuery(LISTA_LIMIT_MAX),
  });
}

/** A record's id in a body (a 4-byte positive integer), with the message of its field. */
export function recordId(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message });
}

/** An optional record id: left out or null reads as null. */
export function optionalRecordId(message: string) {
  return recordId(message)
    .nullish()
    .transform((value) => value ?? null);
}

/** A positive integer id in a route parameter ("/api/x/{id}"). */
export const idParamSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'Identificador inválido' })
    .int()
    .positive({ error: 'Identificador inválido' }),
});
export type IdParam = z.infer<typeof idParamSchema>;
