import { duplicado } from '../http/errors';
/**
 * PostgreSQL error codes surface on node-postgres and PGlite errors alike; Drizzle wraps them,
 * so the code may sit on the error or on its cause.
 */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  restrictViolation: '23001',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  notNullViolation: '23502',
  invalidTextRepresentation: '22P02',
  numericOutOfRange: '22003',
  stringTooLong: '22001',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function findPgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return undefined;
}

export function pgErrorCode(error: unknown): string | undefined {
  return findPgError(error)?.code as string | undefined;
}

/** The name of the violated constraint, when the driver reports it. */
export function pgConstraint(error: unknown): string | undefined {
  const constraint = findPgError(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** A foreign key refused the change: the row is still referenced (NO ACTION or RESTRICT). */
export function isStillReferenced(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG_ERROR.foreignKeyViolation || code === PG_ERROR.restrictViolation;
}

/**
 * The table whose rows still reference a deleted row, from the driver's error (its `table`, or
 * the "from table" of its detail), when it is not the deleted row's own table.
 */
export function pgReferencingTable(error: unknown, ownTable: string): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const { table, detail, cause } = current as {
      table?: unknown;
      detail?: unknown;
      cause?: unknown;
    };
    if (typeof table === 'string' && table !== ownTable) return table;
    const match = typeof detail === 'string' ? /from table "([^"]+)"/.exec(detail) : null;
    if (match) return match[1];
    current = cause;
  }
  return undefined;
}

/**
 * A unique violation of a write becomes DUPLICADO with the message on the field; anything else
 * goes on as it was.
 */
export function rethrowUnique(error: unknown, message: string, field: string): never {
  if (pgErrorCode(error) === PG_ERROR.uniqueViolation) throw duplicado(message, field);
  throw error;
}
