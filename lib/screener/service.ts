import { ValidationError, type FieldError } from "@/lib/errors";
import { z } from "zod";
import { cachedStatement, marketDb, metaValue } from "@/lib/db/market-db";
import { SqlCount, SqlId, SqlRow } from "@/lib/db/sql-rows";
import { screenSource } from "./as-of-range";
import { type CompiledScreen, compileScreen } from "./compile";
import { readOptionValues } from "./option-values";
import { type AsOfScreenRequest, type ListingsMode, type ScreenRequest, typedFilters } from "./request-schema";
import type { ScreenSource } from "./screen-source";
import type { RowsResponse, TickersResponse } from "./response-schema";
import { withStaleness } from "./staleness";

/**
 * Values of filters with `options_source` must come from the matching option list (spec rule 6).
 * Not in the request schemas: the lists are read from the database, which the schemas (shared with
 * the browser and the OpenAPI document) do not see; every other check is static and lives there.
 */
export function validateOptionValues(request: ScreenRequest, lists: Record<string, string[]>): void {
  const errors: FieldError[] = [];
  for (const filter of typedFilters(request.filters)) {
    if (filter.input_type !== "multi_select") continue;
    const { def, payload } = filter;
    const source = def.options_source;
    if (source === undefined) continue;
    const accepted = new Set(lists[source] ?? []);
    payload.values.forEach((value, i) => {
      if (!accepted.has(value)) {
        errors.push({
          pointer: `/filters/${def.name}/values/${i}`,
          message: `${JSON.stringify(value)} is not in option_values.${source} (see GET /api/v1/screener/options/)`,
        });
      }
    });
  }
  if (errors.length > 0) throw new ValidationError(errors);
}

/** The page: first from the companies with a sort value, then from those without (nulls last). */
function readPage({ countValuesSql, valuesPageSql, nullsPageSql, params, nullsParams, limit, offset }: CompiledScreen, total: number): Record<string, unknown>[] {
  const rows = SqlRow.array().parse(cachedStatement(valuesPageSql).all(...params, limit, offset));
  if (rows.length === limit) return rows;
  // A short page of values ends them, so their count is known; an empty one needs counting.
  const withValues = rows.length > 0 ? offset + rows.length : readCount(countValuesSql, params);
  if (total > withValues) {
    const nullsOffset = Math.max(0, offset - withValues);
    rows.push(...SqlRow.array().parse(cachedStatement(nullsPageSql).all(...nullsParams, limit - rows.length, nullsOffset)));
  }
  return rows;
}

/** A screen compiled once its option values are checked against the database's lists. */
export function compileChecked(request: ScreenRequest & { listings?: ListingsMode }, source: ScreenSource): CompiledScreen {
  validateOptionValues(request, readOptionValues(marketDb()).lists);
  return compileScreen(request, source);
}

function readCount(sql: string, params: unknown[]): number {
  return SqlCount.parse(cachedStatement(sql).pluck().get(...params));
}

/** The number of companies a validated screen matches. */
export function countScreen(request: AsOfScreenRequest): number {
  const compiled = compileChecked(request, screenSource(request.as_of));
  return readCount(compiled.countSql, compiled.countParams);
}

/**
 * Runs a validated screen (either endpoint: the request schema already enforced the mode), as of
 * the default date or, with `as_of` (v2), of the last trading day on or before it.
 */
export function runScreen(request: AsOfScreenRequest): RowsResponse | TickersResponse {
  const source = screenSource(request.as_of);
  const compiled = compileChecked(request, source);
  const total = readCount(compiled.countSql, compiled.countParams);
  const page = total > compiled.offset ? readPage(compiled, total) : [];
  const asOf = source.date ?? metaValue("as_of") ?? "";
  const envelope = { as_of: asOf, total, limit: compiled.limit, offset: compiled.offset };
  if (request.result_format === "tickers") {
    return { ...envelope, tickers: page.map((row) => z.string().parse(row.full_ticker)) };
  }
  const rows = page.map((row) => withStaleness(row, compiled.fields, asOf));
  return { ...envelope, loaded_fields: compiled.fields, temporary_columns: compiled.temporaryColumns, rows };
}

/** The ids of every company a screen's filters select (any number: not paged). */
export function screenCompanyIds(filters: ScreenRequest["filters"]): number[] {
  const request: ScreenRequest = { filters, sort: {}, page: {}, result_format: "tickers" };
  const compiled = compileChecked(request, screenSource(undefined));
  return SqlId.array().parse(cachedStatement(compiled.idsSql).pluck().all(...compiled.countParams));
}
