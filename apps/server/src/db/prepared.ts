import type { Database } from './database';

/**
 * A statement built once per database instead of on every request: Drizzle then skips building
 * the SQL text (a third of a hot read's CPU on PostgreSQL) and, on PostgreSQL, the named
 * statement is parsed and planned once per connection. For the few reads every request makes
 * (the session lookup) or that a shop makes thousands of times a day (a product's detail).
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
