import Database from "better-sqlite3";

/** The rows of `sql` in the database file at `databasePath`, opened read-only for this one query (a sync may have replaced the file since). */
export function readRows<T>(databasePath: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
