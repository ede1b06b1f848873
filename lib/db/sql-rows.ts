import { z } from "zod";

/*
 * better-sqlite3 types every result as `unknown`. These schemas check it at the boundary, so a
 * column renamed in the schema fails here, loudly, instead of reaching a response as `undefined`.
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
