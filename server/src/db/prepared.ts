import type { Db } from './client.ts';

/**
 * A named prepared statement per database handle, built on first use: for reads on every page
 * view, planned once per connection instead of built and planned on every call.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
