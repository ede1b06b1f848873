import { ValidationError, type FieldError } from "@/lib/errors";
import { z } from "zod";
import { cachedStatement, marketDb, metaValue } from "@/lib/db/market-db";
import { SqlCount, SqlId, SqlRow } from "@/lib/db/sql-rows";
import { type CompiledScreen, compileScreen } from "./compile";
import { readOptionValues } from "./option-values";
import { type ScreenRequest, typedFilters } from "./request-schema";
import type { RowsResponse, TickersResponse } from "./response-schema";

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
function readPage({ countValuesSql, valuesPageSql, nullsPageSql, params, limit, offset }: CompiledScreen, total: number): Record<string, unknown>[] {
  const withValues = readCount(countValuesSql, params);
  const rows: Record<string, unknown>[] = [];
  if (offset < withValues) rows.push(...SqlRow.array().parse(cachedStatement(valuesPageSql).all(...params, limit, offset)));
  if (rows.length < limit && total > withValues && offset + limit > withValues) {
    const nullsOffset = Math.max(0, offset - withValues);
    rows.push(...SqlRow.array().parse(cachedStatement(nullsPageSql).all(...params, limit - rows.length, nullsOffset)));
  }
  return rows;
}

/** A screen compiled once its option values are checked against the database's lists. */
export function compileChecked(request: ScreenRequest): CompiledScreen {
  validateOptionValues(request, readOptionValues(marketDb()).lists);
  return compileScreen(request);
}

function readCount(sql: string, params: unknown[]): number {
  return SqlCount.parse(cachedStatement(sql).pluck().get(...params));
}

/** The number of companies a validated screen matches. */
export function countScreen(request: ScreenRequest): number {
  const compiled = compileChecked(request);
  return readCount(compiled.countSql, compiled.params);
}

/** Runs a validated screen (either endpoint: the request schema already enforced the mode). */
export function runScreen(request: ScreenRequest): RowsResponse | TickersResponse {
  const compiled = compileChecked(request);
  const total = readCount(compiled.countSql, compiled.params);
  const page = total > compiled.offset ? readPage(compiled, total) : [];
  const asOf = metaValue("as_of") ?? "";
  const envelope = { as_of: asOf, total, limit: compiled.limit, offset: compiled.offset };
  if (request.result_format === "tickers") {
    return { ...envelope, tickers: page.map((row) => z.string().parse(row.full_ticker)) };
  }
  return { ...envelope, loaded_fields: compiled.fields, temporary_columns: compiled.temporaryColumns, rows: page };
}

/** The ids of every company a screen's filters select (any number: not paged). */
export function screenCompanyIds(filters: ScreenRequest["filters"]): number[] {
  const request: ScreenRequest = { filters, sort: {}, page: {}, result_format: "tickers" };
  const compiled = compileChecked(request);
  return SqlId.array().parse(cachedStatement(compiled.idsSql).pluck().all(...compiled.params));
}
