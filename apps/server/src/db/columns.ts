import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at columns every registry table carries. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** Reais with centavos, read as JS numbers (exact up to the MAX_MONEY the contract allows). */
export const money = () => numeric({ precision: 14, scale: 2, mode: 'number' });
/** Quantities with up to 3 decimals (KG, L, M...). */
export const quantity = () => numeric({ precision: 14, scale: 3, mode: 'number' });
