import { sql } from 'drizzle-orm';
import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at columns every registry table carries. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** Reais with centavos, read as JS numbers (exact up to the MAX_MONEY the contract allows). */
export const money = () => numeric({ precision: 14, scale: 2, mode: 'number' });
/** Quantities with up to 3 decimals (KG, L, M...). */
export const quantity = () => numeric({ precision: 14, scale: 3, mode: 'number' });
/** Percentages with 2 decimals: precision 5 up to 999.99 %, 7 for margins and markups above it. */
export const percent = (precision: 5 | 7) => numeric({ precision, scale: 2, mode: 'number' });
/** Label sheet measures in millimetres, 2 decimals. */
export const millimetres = () => numeric({ precision: 7, scale: 2, mode: 'number' });
/**
 * A document's id and the number people see on it ("Nº 000042"), from the document's own
 * sequence (`sequencia`, declared with pgSequence in its *.table.ts): never reused.
 */
export const idENumero = (sequencia: string) => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  numero: integer()
    .notNull()
    .default(sql.raw(`nextval('${sequencia}')`))
    .unique(),
});
