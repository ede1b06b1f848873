import { z } from "zod";

/*
 * better-sqlite3 (and pg) type every result as `unknown`. These schemas check it at the boundary, so
 * a column renamed in the schema fails here, loudly, instead of reaching a response as `undefined`.
 * Every repository parses its rows with a schema (`Row.parse(stmt.get())`, `Row.array().parse(stmt.all())`,
 * `Row.optional().parse(stmt.get())` for a row that may be missing) and types them as its output.
 */

/** A result row: column name → value. */
export const SqlRow = z.record(z.string(), z.unknown());

/** A `count(*)` (or any row count). */
export const SqlCount = z.int().nonnegative();

/** A `value, count` pair of a GROUP BY over a text column. */
export const SqlValueCount = z.object({ value: z.string(), n: SqlCount });

/** A code and what it stands for (an option value's label). */
export const SqlValueLabel = z.object({ value: z.string(), label: z.string() });

/** One row of `count(...)` per named column. */
export const SqlCounts = z.record(z.string(), SqlCount);

/** A row id (`companies.id`, ...). */
export const SqlId = z.int().positive();

/**
 * Row ids by the hundred thousand (every passage an FTS5 expression matches). A rowid is an integer
 * in SQLite, so only the type is checked: the integer check tripled the cost (12 ms for 100k ids).
 */
export const SqlRowids = z.array(z.number());

/** A 0/1 INTEGER column standing for a boolean (`in_sp500`, `has_pages`, ...). */
export const SqlFlag = z.int().min(0).max(1);

/** A non-blob column's value, for rows whose other columns are the screener's fields (SELECT *). */
export const SqlScalar = z.union([z.string(), z.number(), z.null()]);

/** A BLOB column (a vector's float32 bytes). `instanceof` only: these are read by the hundred thousand. */
export const SqlBlob = z.instanceof(Buffer);

/** The rows of `stmt.iterate()`, each checked as it is read (a big result is never held whole). */
export function* parseEach<T extends z.ZodType>(schema: T, rows: Iterable<unknown>): Generator<z.output<T>> {
  for (const row of rows) yield schema.parse(row);
}
