import type Database from "better-sqlite3";

/**
 * What each connection keeps in its temporary tables (a day's values, a request's formula values),
 * by key, at most `max` entries, the least recently used pushed out first. The cache only keeps the
 * books: the caller writes and drops the rows, in its own transaction, between `overflow` and `set`.
 */
export class ConnectionCache<V> {
  private readonly entries = new WeakMap<Database.Database, Map<string, V>>();

  constructor(private readonly max: number) {}

  private of(db: Database.Database): Map<string, V> {
    let entries = this.entries.get(db);
    if (!entries) this.entries.set(db, (entries = new Map()));
    return entries;
  }

  /** The value kept for `key`, now the most recently used; undefined when none is. */
  get(db: Database.Database, key: string): V | undefined {
    const entries = this.of(db);
    const value = entries.get(key);
    if (value !== undefined) {
      entries.delete(key);
      entries.set(key, value);
    }
    return value;
  }

  /** The entries keeping `key` would push out, least recently used first (none when it is kept already): the caller drops their rows. */
  overflow(db: Database.Database, key: string): [string, V][] {
    const entries = this.of(db);
    if (entries.has(key)) return [];
    return [...entries].slice(0, Math.max(0, entries.size + 1 - this.max));
  }

  /** Keeps `value` for `key`, forgetting the entries `overflow` named (once their rows are gone). */
  set(db: Database.Database, key: string, value: V): void {
    const entries = this.of(db);
    for (const [old] of this.overflow(db, key)) entries.delete(old);
    entries.set(key, value);
  }
}
