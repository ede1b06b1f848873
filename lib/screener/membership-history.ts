import { z } from "zod";
import { ValidationError } from "@/lib/errors";
import { cachedStatement, marketDb } from "@/lib/db/market-db";
import { SqlRowids } from "@/lib/db/sql-rows";
import type { DayValueColumn } from "@/lib/market/market-metrics";
import { type TimeBudget, UNBOUNDED } from "@/lib/time-budget";
import { checkAsOfDates } from "./as-of-range";
import { type FieldDef, FIELD_BY_NAME } from "./catalog";
import { compileMatches } from "./compile";
import { formulaNodes } from "./formula-grammar";
import { compileFormulas } from "./formula-sql";
import type { Formula } from "./formula-schema";
import { hasMembershipTest, MAX_HISTORY_DAYS, NO_MEMBERSHIP_TEST, type MembershipHistoryRequest, type MembershipHistoryResponse } from "./history-schema";
import { readOptionValues } from "./option-values";
import { type ScreenRequest, type TypedFilter, typedFilters } from "./request-schema";
import { asOfSource, fieldSql, isMarketColumn, type ScreenSource } from "./screen-source";
import { validateOptionValues } from "./service";
import { checkPace } from "./work-pace";
import { formatExact, formatValue } from "./value-format";

/**
 * Membership history (docs/METRICS.md "Membership history"): a screen run as of every trading day
 * of a range, and of the day before it. Each filter (and each formula with bounds) is run on its
 * own, so that the members of a day are the companies every one passes, and a company that enters
 * or leaves is explained by the filters whose result changed that day, with their field's value on
 * both days. Point in time: each day reads only what was known on it, as every as-of screen does.
 */

/** One filter of the screen, run alone: its name, how its pass set is asked for, and how its value is read. */
export interface Test {
  name: string;
  label: string;
  request: ScreenRequest & { formulas?: readonly Formula[] };
  /** The field shown before and after; the formula's value for a formula; none for rules over several values. */
  value: { kind: "field"; field: FieldDef } | { kind: "formula"; formula: Formula } | null;
  bounds: { min?: number; max?: number };
}

const ValueRow = z.object({ id: z.int(), v: z.union([z.number(), z.string()]).nullable() });
const DateList = z.array(z.iso.date());

const screenOf = (filters: ScreenRequest["filters"], formulas?: readonly Formula[]): ScreenRequest & { formulas?: readonly Formula[] } => ({
  filters,
  formulas,
  sort: {},
  page: {},
  result_format: "tickers",
});

function testsOf(request: Pick<MembershipHistoryRequest, "filters" | "formulas">): Test[] {
  const formulas = request.formulas ?? [];
  // The formulas with the bounds of `kept` only (none: every one unbounded), so that a test's pass set depends on no other test.
  const boundsOf = (kept?: Formula) => formulas.map((f) => (f === kept ? f : { ...f, min: undefined, max: undefined }));
  const filterTests = typedFilters(request.filters).map((filter: TypedFilter): Test => {
    const { def, payload } = filter;
    const field = filter.input_type === "range" ? FIELD_BY_NAME.get(filter.def.field) : filter.input_type === "multi_select" ? FIELD_BY_NAME.get(def.name) : undefined;
    const bounds = filter.input_type === "range" ? { min: filter.payload.min, max: filter.payload.max } : {};
    return { name: def.name, label: def.label, request: screenOf({ [def.name]: payload }, boundsOf()), value: field ? { kind: "field", field } : null, bounds };
  });
  const formulaTests = formulas
    .filter((f) => f.min !== undefined || f.max !== undefined)
    .map(
      (formula): Test => ({
        name: formula.name,
        label: formula.name,
        request: screenOf({}, boundsOf(formula)),
        value: { kind: "formula", formula },
        bounds: { min: formula.min, max: formula.max },
      }),
    );
  return [...filterTests, ...formulaTests];
}

/** The trading days from `from` to `to`, and the one before them (the baseline). */
function daysOf(from: string, to: string): { baseline: string; days: string[] } {
  const days = DateList.parse(cachedStatement("SELECT date FROM trading_days WHERE date >= ? AND date <= ? ORDER BY date").pluck().all(from, to));
  const before = z.iso.date().nullable().parse(cachedStatement("SELECT max(date) FROM trading_days WHERE date < ?").pluck().get(from));
  if (days.length === 0) throw new ValidationError([{ pointer: "/to", message: `no trading day from ${from} to ${to}` }]);
  if (before === null) throw new ValidationError([{ pointer: "/from", message: `the data has no trading day before ${from} to compare its first day with: choose a later from` }]);
  return { baseline: before, days };
}

/**
 * A statement of one day's table, prepared for its use: a history's hundreds of days would push every
 * other statement out of the connection's cache (`cachedStatement`), and none of them comes back.
 */
const dayStatement = (sql: string) => marketDb().prepare(sql);

/**
 * The ids each test passes on a day: only the ids of its matches (SQLite drops the other columns of
 * the subquery), checked for their type alone as SqlRowids are; the tickers of the few that change
 * are read with the changes.
 */
function passSets(tests: readonly Test[], source: ScreenSource): Set<number>[] {
  return tests.map((test) => {
    const query = compileMatches(test.request, source);
    return new Set(SqlRowids.parse(dayStatement(`SELECT id FROM (${query.sql})`).pluck().all(...query.params)));
  });
}

const intersect = (sets: readonly Set<number>[]) => new Set([...sets[0]!].filter((id) => sets.every((s) => s.has(id))));

/** A test's value for some companies on a day (its field, or its formula's value). */
function valuesOn(test: Test, formulas: readonly Formula[], source: ScreenSource, ids: readonly number[]): Map<number, number | string | null> {
  if (test.value === null || ids.length === 0) return new Map();
  const idList = `c.id IN (SELECT value FROM json_each(?))`;
  let sql: string;
  let params: unknown[];
  if (test.value.kind === "field") {
    const expression = fieldSql(source, test.value.field);
    const joins = source.joins();
    const profile = test.value.field.profile ? " LEFT JOIN company_profiles p ON p.company_id = c.id" : "";
    sql = `SELECT c.id AS id, ${expression} AS v FROM companies c${profile} ${joins.sql} WHERE ${idList}`;
    params = [...joins.params, JSON.stringify(ids)];
  } else {
    const compiled = compileFormulas(formulas, source.fresh());
    const column = compiled.columns.find((c) => c.formula.name === test.name)!.column;
    sql = `SELECT c.id AS id, fv."${column}" AS v FROM companies c LEFT JOIN ${compiled.table} fv ON fv.company_id = c.id WHERE ${idList}`;
    params = [JSON.stringify(ids)];
  }
  return new Map(ValueRow.array().parse(dayStatement(sql).all(...params)).map((r) => [r.id, r.v]));
}

const TickerRow = z.object({ id: z.int(), full_ticker: z.string() });
/** The tickers of companies by id. */
export const tickersOf = (ids: readonly number[]) =>
  new Map(TickerRow.array().parse(cachedStatement("SELECT id, full_ticker FROM companies WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify(ids))).map((r) => [r.id, r.full_ticker]));

/** Why a test's result changed, in words. */
function reasonOf(test: Test, before: number | string | null, after: number | string | null, passedAfter: boolean): string {
  const unit = test.value?.kind === "field" ? test.value.field.unit : (test.value?.formula.unit ?? "number");
  const show = (v: number | string | null | undefined) => (v === null || v === undefined ? "no value" : formatValue(v, unit));
  if (test.value === null) return `${test.label}: ${passedAfter ? "now passes" : "no longer passes"}`;
  if (after === null) return `${test.label} has no value any more (it was ${show(before)})`;
  if (before === null) return `${test.label} has a value again: ${show(after)}`;
  if (typeof after === "string" || typeof before === "string") return `${test.label} changed from ${show(before)} to ${show(after)}`;
  const moved = after > before ? "rose" : after < before ? "fell" : "stayed";
  const { min, max } = test.bounds;
  const crossed = passedAfter ? undefined : max !== undefined && after > max ? { bound: max, words: "above the maximum" } : min !== undefined && after < min ? { bound: min, words: "below the minimum" } : undefined;
  // Values that round alike ("$10.00B to $10.00B", "to $10.00B, below the minimum $10.00B") are
  // written in full, so that the move and the crossing show.
  const alike = (a: number, b: number | undefined) => b !== undefined && a !== b && show(a) === show(b);
  const text = alike(before, after) || alike(after, crossed?.bound) ? (v: number) => formatExact(v, unit) : show;
  const [from, to] = [text(before), text(after)];
  const where = passedAfter
    ? min !== undefined && max !== undefined
      ? `within ${text(min)} to ${text(max)}`
      : min !== undefined
        ? `at or above the minimum ${text(min)}`
        : max !== undefined
          ? `at or below the maximum ${text(max)}`
          : "now passing"
    : crossed === undefined
      ? "no longer passing"
      : `${crossed.words} ${text(crossed.bound)}`;
  return `${test.label} ${moved} from ${from} to ${to}, ${where}`;
}

/** A screen's filters as tests, each run alone on a day (`screenDay`). */
export interface ScreenTests {
  tests: Test[];
  formulas: readonly Formula[];
  /** The day values the tests read (their fields, the formulas'), computed for each day at once. */
  columns: readonly DayValueColumn[];
}

export function screenTests(request: Pick<MembershipHistoryRequest, "filters" | "formulas">): ScreenTests {
  if (!hasMembershipTest(request)) throw new ValidationError([{ pointer: "/filters", message: `the screen ${NO_MEMBERSHIP_TEST}` }]);
  validateOptionValues(screenOf(request.filters), readOptionValues(marketDb()).lists);
  const tests = testsOf(request);
  const formulas = request.formulas ?? [];
  // Every field a filter names (a range's, a multi-select's, a rule group's or comparison's members) and every formula's.
  const fields = [
    ...typedFilters(request.filters).flatMap(({ def }) => [def.name, ...("field" in def ? [def.field] : []), ...("members" in def ? def.members : [])]),
    ...formulas.flatMap((f) => [...formulaNodes(f.tree)].flatMap((node) => (node.kind === "field" ? [node.name] : []))),
  ];
  return { tests, formulas, columns: [...new Set(fields)].filter(isMarketColumn) };
}

/** The screen on a trading day: each test's pass set, and the members (the companies every one passes). */
export interface ScreenDay {
  day: string;
  passed: Set<number>[];
  members: Set<number>;
}

export function screenDay(screen: ScreenTests, day: string): ScreenDay {
  const passed = passSets(screen.tests, asOfSource(day, screen.columns));
  return { day, passed, members: intersect(passed) };
}

type Change = MembershipHistoryResponse["changes"][number];

/**
 * The companies that entered (members on `now`, not on `prior`'s members) and left, each with the
 * tests whose result changed between the two days and their values on both. `priorMembers`: the
 * members to compare with when they are known otherwise (an alert's recorded state), else prior's.
 */
export function changesBetween(screen: ScreenTests, prior: ScreenDay, now: ScreenDay, priorMembers: ReadonlySet<number> = prior.members): Change[] {
  const entered = [...now.members].filter((id) => !priorMembers.has(id));
  const left = [...priorMembers].filter((id) => !now.members.has(id));
  const changed = [...entered, ...left];
  if (changed.length === 0) return [];
  const { tests, formulas, columns } = screen;
  const tickers = tickersOf(changed);
  const flipped = (t: number, id: number) => prior.passed[t]!.has(id) !== now.passed[t]!.has(id);
  const flippedTests = tests.flatMap((_, t) => (changed.some((id) => flipped(t, id)) ? [t] : []));
  const values = new Map(
    flippedTests.map((t) => [
      t,
      { before: valuesOn(tests[t]!, formulas, asOfSource(prior.day, columns), changed), after: valuesOn(tests[t]!, formulas, asOfSource(now.day, columns), changed) },
    ]),
  );
  return (
    [
      ["entered", entered],
      ["left", left],
    ] as const
  ).flatMap(([change, ids]) =>
    ids.map((id) => ({
      date: now.day,
      full_ticker: tickers.get(id)!,
      change,
      rules: flippedTests
        .filter((t) => flipped(t, id))
        .map((t) => {
          const before = values.get(t)!.before.get(id) ?? null;
          const after = values.get(t)!.after.get(id) ?? null;
          const passedAfter = now.passed[t]!.has(id);
          return { filter: tests[t]!.name, passed_before: prior.passed[t]!.has(id), passed_after: passedAfter, before, after, reason: reasonOf(tests[t]!, before, after, passedAfter) };
        }),
    })),
  );
}

const byDayAndTicker = (a: Change, b: Change) => (a.date === b.date ? (a.full_ticker < b.full_ticker ? -1 : a.full_ticker > b.full_ticker ? 1 : 0) : a.date < b.date ? -1 : 1);

export function runMembershipHistory(request: MembershipHistoryRequest, budget: TimeBudget = UNBOUNDED): MembershipHistoryResponse {
  checkAsOfDates([
    ["/from", request.from],
    ["/to", request.to],
  ]);
  const { baseline, days } = daysOf(request.from, request.to);
  if (days.length > MAX_HISTORY_DAYS) {
    throw new ValidationError([{ pointer: "/to", message: `the range has ${days.length} trading days; at most ${MAX_HISTORY_DAYS}: ask for a shorter range` }]);
  }
  const screen = screenTests(request);
  const first = screenDay(screen, baseline);
  let previous = first;
  const changes: Change[] = [];
  let secondAt = 0;
  for (const [i, day] of days.entries()) {
    if (i === 1) secondAt = Date.now();
    checkPace(secondAt, i, days.length, budget, { what: "membership history", steps: "trading days", advice: "a shorter range or fewer filters" });
    const now = screenDay(screen, day);
    changes.push(...changesBetween(screen, previous, now));
    previous = now;
  }
  changes.sort(byDayAndTicker);
  const { limit, offset } = request.page;
  return {
    from: days[0] ?? baseline,
    to: days.at(-1) ?? baseline,
    trading_days: days.length,
    members_before: first.members.size,
    members_after: previous.members.size,
    total: changes.length,
    limit,
    offset,
    changes: changes.slice(offset, offset + limit),
  };
}
