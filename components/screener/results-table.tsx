"use client";

import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRouter } from "next/navigation";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { StaleValue } from "@/components/ui/stale-value";
import { companyHref } from "@/lib/links";
import type { Unit } from "@/lib/screener/catalog";
import type { TypedScreenerOptions } from "@/lib/screener/options";
import type { TemporaryColumn } from "@/lib/screener/response-schema";
import { STALE_AFTER_MONTHS, staleFieldNote } from "@/lib/screener/staleness";
import { temporaryColumnLabel } from "@/lib/screener/temporary-column";
import { REASON_SUFFIX } from "@/lib/screener/formula-reason";
import { formatCell, formatExact, isNumericUnit, unitLabel } from "@/lib/screener/value-format";

type Row = Record<string, unknown>;
interface ColumnMeta {
  unit: Unit;
  sortable: boolean;
  temporary: boolean;
  width: number;
  description: string;
}

const ROW_HEIGHT = 28;
/** The company name sticks beside the ticker (both identify the row), except on a phone where it would fill the screen. */
const nameSticks = (id: string, index: number) => index === 1 && id === "companyName";
/** The focused row: tinted, with a 2 px line above and below (and at its start), clear in either theme. */
const FOCUSED_CELL =
  "group-focus-visible:bg-sky-50 group-focus-visible:shadow-[inset_0_2px_0_var(--color-sky-600),inset_0_-2px_0_var(--color-sky-600)] first:group-focus-visible:shadow-[inset_0_2px_0_var(--color-sky-600),inset_0_-2px_0_var(--color-sky-600),inset_2px_0_0_var(--color-sky-600)] dark:group-focus-visible:bg-sky-950 dark:group-focus-visible:shadow-[inset_0_2px_0_var(--color-sky-400),inset_0_-2px_0_var(--color-sky-400)] dark:first:group-focus-visible:shadow-[inset_0_2px_0_var(--color-sky-400),inset_0_-2px_0_var(--color-sky-400),inset_2px_0_0_var(--color-sky-400)]";
const WIDTHS: Partial<Record<string, number>> = { full_ticker: 124, companyName: 200, description: 360, industry: 180, industry_group: 170, country: 116, currency: 80, exchange: 90 };
const widthOf = (field: string, unit: Unit, temporary: boolean) => WIDTHS[field] ?? (temporary ? 128 : unit === "text" || unit === "fields" ? 136 : unit === "date" ? 100 : 92);
/** Room for the "stale" badge beside a value. */
const STALE_BADGE_WIDTH = 32;

/**
 * The result rows: server-side sorting (headers), virtualised rows (smooth with 1000), sticky
 * header and ticker column, units once in each header, stale values marked, and keyboard
 * navigation (arrows, Page Up/Down, Home/End move between rows; Enter opens the company).
 */
export function ResultsTable({
  rows,
  fields,
  temporaryColumns,
  options,
  sort,
  onSort,
  offset,
  total,
  busy,
  asOf,
}: {
  rows: Row[];
  fields: string[];
  temporaryColumns: TemporaryColumn[];
  options: TypedScreenerOptions;
  sort: { field: string; desc: boolean };
  onSort: (sort: { field: string; desc: boolean }) => void;
  offset: number;
  total: number;
  busy: boolean;
  /** The date the rows are as of: stale values say how long before it their fiscal year ended. */
  asOf: string;
}) {
  const router = useRouter();
  // Columns with a stale value on this page widen for its badge.
  const staleColumns = useMemo(() => new Set(rows.flatMap((row) => (Array.isArray(row.stale_fields) ? row.stale_fields : []))), [rows]);
  const columns = useMemo<ColumnDef<Row>[]>(() => {
    // The page's endpoints also sort by the screen's own columns.
    const sortable = new Set([...options.sort.fields, ...temporaryColumns.map((t) => t.name)]);
    const output = fields.map((name) => {
      const def = options.field_definitions[name];
      const unit = (def?.unit ?? "text") as Unit;
      return { name, label: def?.label ?? name, unit, temporary: false, description: def?.description ?? "" };
    });
    const fieldLabel = (name: string) => options.field_definitions[name]?.label ?? name;
    // A formula's reason is no column of its own: it explains the formula's empty cells.
    const derived = temporaryColumns
      .filter((t) => t.source.kind !== "formula_reason")
      .map((t) => {
        const label = temporaryColumnLabel(t.source, fieldLabel);
        const description = t.source.kind === "formula" ? `Formula ${t.name} = ${t.source.expression}` : `Derived by the ${t.filter} filter: ${label}`;
        return { name: t.name, label, unit: t.unit, temporary: true, description };
      });
    // Rule-derived values come after the view's columns: they never push market cap or P/E out of view.
    return [...output, ...derived].map((c) => ({
      id: c.name,
      accessorFn: (row: Row) => row[c.name],
      header: c.label,
      enableSorting: sortable.has(c.name),
      sortDescFirst: c.unit !== "text",
      meta: { unit: c.unit, sortable: sortable.has(c.name), temporary: c.temporary, width: widthOf(c.name, c.unit, c.temporary) + (staleColumns.has(c.name) ? STALE_BADGE_WIDTH : 0), description: c.description } satisfies ColumnMeta,
    }));
  }, [fields, temporaryColumns, options, staleColumns]);

  const sorting: SortingState = [{ id: sort.field, desc: sort.desc }];
  // TanStack Table and Virtual hand out new functions on every render: React Compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = (typeof updater === "function" ? updater(sorting) : updater)[0];
      if (next) onSort({ field: next.id, desc: next.desc });
    },
  });

  const scroller = useRef<HTMLDivElement>(null);
  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 16,
    // The server renders the first screenful, so results are visible before scripts run.
    initialRect: { width: 1200, height: 900 },
  });
  const [active, setActive] = useState(0);

  // A new page starts at its top.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
    setActive(0);
  }, [rows]);

  const rowElement = (index: number) => scroller.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(tableRows.length - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: "auto" });
    // A row already rendered takes the focus at once, so a key pressed before the next frame moves on
    // from it (two quick ArrowDowns go two rows); a far row once the virtualiser has rendered it.
    const row = rowElement(next);
    if (row) row.focus();
    else requestAnimationFrame(() => rowElement(next)?.focus());
  };
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 600) / ROW_HEIGHT) - 2);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, PageDown: index + page, PageUp: index - page, Home: 0, End: tableRows.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    } else if (event.key === "Enter") {
      const ticker = tableRows[index]?.original.full_ticker;
      if (typeof ticker === "string") router.push(companyHref(ticker));
    }
  };

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width = columns.reduce((sum, c) => sum + (c.meta as ColumnMeta).width, 0);

  return (
    <div ref={scroller} className="relative min-h-0 flex-1 overflow-auto border-t border-zinc-200 dark:border-zinc-800" aria-busy={busy}>
      <table
        className="table-fixed border-separate border-spacing-0 text-[13px]"
        style={{ width }}
        aria-label="Screen results"
        aria-rowcount={total + 1}
        data-testid="results-table"
      >
        <colgroup>
          {columns.map((c) => (
            <col key={c.id} style={{ width: (c.meta as ColumnMeta).width }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header, i) => {
                const meta = header.column.columnDef.meta as ColumnMeta;
                const sorted = header.column.getIsSorted();
                const numeric = isNumericUnit(meta.unit);
                const unit = unitLabel(meta.unit);
                const content = (
                  <>
                    <span className="line-clamp-2 leading-tight">{flexRender(header.column.columnDef.header, header.getContext())}</span>
                    <span className="text-[11px] font-normal text-zinc-600 dark:text-zinc-400">
                      {unit}
                      {meta.temporary && <span className="ml-1 text-violet-700 dark:text-violet-400">rule</span>}
                      {sorted && <span aria-hidden className="ml-1 text-sky-700 dark:text-sky-400">{sorted === "desc" ? "▼" : "▲"}</span>}
                    </span>
                  </>
                );
                return (
                  <th
                    key={header.id}
                    scope="col"
                    data-field={header.column.id}
                    aria-sort={sorted ? (sorted === "desc" ? "descending" : "ascending") : undefined}
                    title={meta.description}
                    className={`sticky top-0 z-10 h-11 border-b border-zinc-300 bg-zinc-50 px-2 py-1 align-bottom font-medium text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 ${numeric ? "text-right" : "text-left"} ${i === 0 ? "left-0 z-20 border-r" : ""} ${nameSticks(header.column.id, i) ? "sm:left-[124px] sm:z-20 sm:border-r" : ""} ${meta.temporary ? "bg-violet-50/70 dark:bg-violet-950/40" : ""}`}
                  >
                    {meta.sortable ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className={`flex w-full flex-col rounded outline-none hover:text-zinc-950 focus-visible:ring-2 focus-visible:ring-sky-600/40 dark:hover:text-white ${numeric ? "items-end text-right" : "items-start text-left"}`}
                      >
                        {/* The name starts with what the header shows, so speech input can say it. */}
                        <span className="sr-only">Sort by </span>
                        {content}
                      </button>
                    ) : (
                      <span className={`flex flex-col ${numeric ? "items-end" : "items-start"}`}>{content}</span>
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td style={{ height: paddingTop }} colSpan={columns.length} />
            </tr>
          )}
          {items.map((item) => {
            const row = tableRows[item.index]!;
            return (
              <tr
                key={row.id}
                data-index={item.index}
                aria-rowindex={offset + item.index + 2}
                tabIndex={item.index === active ? 0 : -1}
                onFocus={() => setActive(item.index)}
                onKeyDown={(event) => onRowKey(event, item.index)}
                className="group outline-none"
                style={{ height: ROW_HEIGHT }}
              >
                {row.getVisibleCells().map((cell, i) => {
                  const meta = cell.column.columnDef.meta as ColumnMeta;
                  const value = cell.getValue();
                  const numeric = isNumericUnit(meta.unit);
                  const text = formatCell(value, meta.unit);
                  const negative = typeof value === "number" && value < 0;
                  const stale = text === "" ? null : staleFieldNote(row.original, cell.column.id, asOf);
                  const exact = numeric ? formatExact(value, meta.unit) : text || undefined;
                  return (
                    <td
                      key={cell.id}
                      data-stale={stale ? "" : undefined}
                      title={stale ? `${exact}: stale, ${stale} (more than ${STALE_AFTER_MONTHS} months)` : exact}
                      className={`truncate border-b border-zinc-100 bg-white px-2 group-hover:bg-zinc-50 dark:border-zinc-800/70 dark:bg-zinc-950 dark:group-hover:bg-zinc-900 ${numeric ? "num font-mono text-[12px]" : ""} ${negative ? "text-red-700 dark:text-red-400" : ""} ${i === 0 ? "sticky left-0 z-[5] border-r border-r-zinc-200 dark:border-r-zinc-800" : ""} ${nameSticks(cell.column.id, i) ? "sm:sticky sm:left-[124px] sm:z-[5] sm:border-r sm:border-r-zinc-200 sm:dark:border-r-zinc-800" : ""} ${FOCUSED_CELL} ${meta.temporary ? "bg-violet-50/40 dark:bg-violet-950/20" : ""}`}
                    >
                      {cell.column.id === "full_ticker" && typeof value === "string" ? (
                        <a href={companyHref(value)} tabIndex={-1} className="font-mono text-[12px] text-sky-800 hover:underline dark:text-sky-300">
                          {value}
                        </a>
                      ) : cell.column.id === "companyName" && typeof value === "string" ? (
                        <CompanyName name={value} row={row.original} />
                      ) : text === "" ? (
                        <span className="text-zinc-300 dark:text-zinc-600" aria-label="no data" title={reasonOf(row.original, cell.column.id)}>
                          —
                        </span>
                      ) : stale ? (
                        <StaleValue text={text} />
                      ) : (
                        text
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td style={{ height: paddingBottom }} colSpan={columns.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Why a formula's cell is empty (its `<name>_reason` member), for the cell's title. */
function reasonOf(row: Record<string, unknown>, column: string): string | undefined {
  const reason = row[`${column}${REASON_SUFFIX}`];
  return typeof reason === "string" ? reason : undefined;
}

/** The name of the data's date, with today's name and symbol beside where they changed ("now Meta Platforms, META"). */
function CompanyName({ name, row }: { name: string; row: Record<string, unknown> }) {
  const now = [row.current_name, row.current_symbol].filter((v): v is string => typeof v === "string");
  if (now.length === 0) return name;
  return (
    <>
      {name} <span className="text-[11px] text-zinc-500" data-testid="now-known-as">now {now.join(", ")}</span>
    </>
  );
}
