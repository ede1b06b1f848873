"use client";

import { useEffect, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { Button, Select, TextInput } from "@/components/ui/controls";
import type { FieldError as ApiFieldError } from "@/lib/errors";
import { FILING_TYPE_LABELS } from "@/lib/filings/filing-labels";
import { FILING_TYPES } from "@/lib/filings/filing-types";
import { FORM_GROUPS, FORM_GROUP_NAMES, type FormGroup } from "@/lib/filings/form-groups";
import { type FormError, type SearchForm, bodyToForm, checkSearchForm, pointerToFormPath } from "@/lib/filings/search-form";
import { FISCAL_PERIODS, SEARCH_TYPES } from "@/lib/filings/search-schema";
import { SEARCH_SORTS } from "@/lib/filings/search-v2-schema";

const MAX_QUERIES = 12;
const SEARCH_TYPE_HINTS: Record<(typeof SEARCH_TYPES)[number], string> = {
  hybrid: "keywords and meaning, fused",
  keyword: "the words themselves (BM25)",
  vector: "similar meaning (embeddings)",
};

function ErrorText({ errors, path }: { errors: FormError[]; path: string }) {
  const error = errors.find((e) => e.path === path);
  if (!error) return null;
  return (
    <p id={`error-${path.replaceAll(".", "-")}`} role="alert" data-error-for={path} className="mt-0.5 text-xs text-red-700 dark:text-red-400">
      <span aria-hidden>⚠ </span>
      {error.message}
    </p>
  );
}

const LABEL = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";

const FORM_GROUP_LABELS: Record<FormGroup, string> = {
  annual: "Annual",
  quarterly: "Quarterly",
  current: "Current reports",
  earnings: "Earnings releases",
};
const SORT_LABELS: Record<(typeof SEARCH_SORTS)[number], string> = { relevance: "Relevance", date: "Newest filing first" };

/**
 * The search form: queries (add, remove) and filters. The whole request is checked with the
 * API's own schema on submit; errors, the API's included, are shown next to their inputs.
 */
export function SearchFormPanel({
  body,
  companies,
  serverErrors,
  onSearch,
}: {
  body: Record<string, unknown>;
  companies: { name: string; full_ticker: string }[];
  serverErrors: readonly ApiFieldError[];
  onSearch: (body: Record<string, unknown> & { queries: string[] }) => void;
}) {
  // The values are also written into the inputs' HTML, so a shared link shows its search before scripts run.
  const initial = bodyToForm(body);
  const form = useForm<SearchForm>({ defaultValues: initial });
  const queries = useFieldArray({ control: form.control, name: "queries" });
  const bodyJson = JSON.stringify(body);
  // The form's own errors, for the search they were found under (a new search clears them).
  const [checked, setChecked] = useState<{ search: string; errors: FormError[] }>({ search: bodyJson, errors: [] });
  // A search changed from outside (back/forward, a tip, a company chip) replaces what is in the form.
  useEffect(() => form.reset(bodyToForm(JSON.parse(bodyJson) as Record<string, unknown>)), [bodyJson, form]);
  const errors = checked.search === bodyJson ? checked.errors : [];
  const shown = [...errors, ...serverErrors.map((e) => ({ path: pointerToFormPath(e.pointer), message: e.message }))];
  const invalid = (path: string) => (shown.some((e) => e.path === path) ? { "aria-invalid": true as const, "aria-describedby": `error-${path.replaceAll(".", "-")}` } : {});

  // On a phone the filters fold away under a button (they would push the hits a screen down);
  // errors in them, and wider screens, always show them.
  const [filtersShown, setFiltersShown] = useState(false);
  // The fields set under the fold (the search type when it is not the default).
  const filtersSet = Object.keys(body).filter((key) => !["queries", "results", "rerank"].includes(key) && !(key === "searchtype" && body[key] === "hybrid")).length;
  const filterErrors = shown.some((e) => !e.path.startsWith("queries") && e.path !== "results" && e.path !== "root");

  const submit = form.handleSubmit((values) => {
    const result = checkSearchForm(values);
    setChecked({ search: bodyJson, errors: result.errors });
    if (result.body) onSearch(result.body);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded border border-zinc-200 bg-zinc-50/60 p-3 dark:border-zinc-800 dark:bg-zinc-900/30" aria-label="Filing search">
      <fieldset>
        <legend className={LABEL}>Queries</legend>
        <ol className="mt-1 space-y-1">
          {queries.fields.map((field, i) => (
            <li key={field.id}>
              <div className="flex gap-1">
                <TextInput
                  {...form.register(`queries.${i}.text`)}
                  defaultValue={field.text}
                  {...invalid(`queries.${i}.text`)}
                  aria-label={`Query ${i + 1}`}
                  placeholder={i === 0 ? "e.g. goodwill impairment in the retail segment" : "another way to ask"}
                  className="min-w-0 flex-1"
                  autoFocus={i === 0 && (body.queries as unknown[]).length === 0}
                />
                {queries.fields.length > 1 && (
                  <Button variant="ghost" aria-label={`Remove query ${i + 1}`} onClick={() => queries.remove(i)}>
                    ×
                  </Button>
                )}
              </div>
              <ErrorText errors={shown} path={`queries.${i}.text`} />
            </li>
          ))}
        </ol>
        <ErrorText errors={shown} path="queries" />
        {queries.fields.length < MAX_QUERIES && (
          <Button variant="ghost" className="mt-1" onClick={() => queries.append({ text: "" })}>
            + Add a query
          </Button>
        )}
      </fieldset>

      {!filterErrors && (
        <Button variant="ghost" className="md:hidden" aria-expanded={filtersShown} aria-controls="search-filters" onClick={() => setFiltersShown((open) => !open)}>
          {filtersShown ? "Hide filters" : `Filters${filtersSet > 0 ? ` (${filtersSet} set)` : ""}`}
        </Button>
      )}
      <div id="search-filters" className={filtersShown || filterErrors ? "space-y-3" : "hidden space-y-3 md:block"}>
        <div className="grid grid-cols-2 gap-2">
          <label className={`${LABEL} col-span-2`}>
            Company name
            <TextInput {...form.register("name")} defaultValue={initial.name} {...invalid("name")} list="filing-company-names" placeholder="e.g. JPMorgan, Coca-Cola" className="mt-0.5 w-full" />
            <ErrorText errors={shown} path="name" />
          </label>
          <datalist id="filing-company-names">
            {companies.map((c) => (
              <option key={c.full_ticker} value={c.name} />
            ))}
          </datalist>
          <label className={LABEL}>
            Ticker
            <TextInput {...form.register("ticker")} defaultValue={initial.ticker} {...invalid("ticker")} list="filing-company-tickers" placeholder="MMM or NYSE:MMM" className="mt-0.5 w-full" />
            <ErrorText errors={shown} path="ticker" />
          </label>
          <datalist id="filing-company-tickers">
            {companies.map((c) => (
              <option key={c.full_ticker} value={c.full_ticker}>
                {c.name}
              </option>
            ))}
          </datalist>
          <label className={LABEL}>
            Fiscal year
            <TextInput {...form.register("fiscal_year")} defaultValue={initial.fiscal_year} {...invalid("fiscal_year")} inputMode="numeric" placeholder="e.g. 2022" className="mt-0.5 w-full" />
            <ErrorText errors={shown} path="fiscal_year" />
          </label>
          <label className={LABEL}>
            Fiscal period
            <Select {...form.register("fiscal_period")} defaultValue={initial.fiscal_period} {...invalid("fiscal_period")} className="mt-0.5 w-full">
              <option value="">Any</option>
              {FISCAL_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
            <ErrorText errors={shown} path="fiscal_period" />
          </label>
          <label className={LABEL}>
            Filing type
            <Select {...form.register("filing_type")} defaultValue={initial.filing_type} {...invalid("filing_type")} className="mt-0.5 w-full">
              <option value="">Any</option>
              {FILING_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FILING_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
            <ErrorText errors={shown} path="filing_type" />
          </label>
          <label className={`${LABEL} col-span-2`}>
            Several companies
            <TextInput {...form.register("tickers")} defaultValue={initial.tickers} {...invalid("tickers")} placeholder="tickers, e.g. JPM, KO, MMM" className="mt-0.5 w-full" />
            <ErrorText errors={shown} path="tickers" />
          </label>
          <fieldset className="col-span-2">
            <legend className={LABEL}>Form groups</legend>
            <div className="mt-0.5 grid grid-cols-2 gap-x-2">
              {FORM_GROUP_NAMES.map((g) => (
                <label key={g} className="flex items-baseline gap-1.5 text-[13px]" title={FORM_GROUPS[g].join(", ")}>
                  <input type="checkbox" value={g} {...form.register("form_groups")} defaultChecked={initial.form_groups.includes(g)} />
                  {FORM_GROUP_LABELS[g]}
                </label>
              ))}
            </div>
            <ErrorText errors={shown} path="form_groups" />
          </fieldset>
          <label className={`${LABEL} col-span-2`}>
            Leave out passages with
            <TextInput {...form.register("exclude")} defaultValue={initial.exclude} {...invalid("exclude")} placeholder="e.g. restructuring, severance pay" className="mt-0.5 w-full" />
            <ErrorText errors={shown} path="exclude" />
          </label>
          <label className={LABEL}>
            Period ended from
            <TextInput type="date" {...form.register("period_from")} defaultValue={initial.period_from} {...invalid("period_end")} className="mt-0.5 w-full" />
          </label>
          <label className={LABEL}>
            Period ended by
            <TextInput type="date" {...form.register("period_to")} defaultValue={initial.period_to} {...invalid("period_end")} className="mt-0.5 w-full" />
          </label>
          <div className="col-span-2">
            <ErrorText errors={shown} path="period_end" />
          </div>
          <label className={`${LABEL} col-span-2`}>
            Sort by
            <Select {...form.register("sort")} defaultValue={initial.sort} {...invalid("sort")} className="mt-0.5 w-full">
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </Select>
            <ErrorText errors={shown} path="sort" />
          </label>
        </div>

        <fieldset>
          <legend className={LABEL}>Search type</legend>
          <div className="mt-1 space-y-0.5">
            {SEARCH_TYPES.map((t) => (
              <label key={t} className="flex items-baseline gap-1.5 text-[13px]">
                <input type="radio" value={t} {...form.register("searchtype")} defaultChecked={initial.searchtype === t} />
                <span className="font-medium">{t}</span>
                <span className="text-xs text-zinc-500">{SEARCH_TYPE_HINTS[t]}</span>
              </label>
            ))}
          </div>
          <ErrorText errors={shown} path="searchtype" />
        </fieldset>
      </div>

      <div className="flex items-end gap-2">
        <label className={LABEL}>
          Results
          <Select {...form.register("results")} defaultValue={initial.results} {...invalid("results")} className="mt-0.5 block">
            {[...new Set([5, 10, 25, Number(body.results) || 10])].sort((a, b) => a - b).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="primary" className="ml-auto">
          Search
        </Button>
      </div>
      <ErrorText errors={shown} path="results" />
      <ErrorText errors={shown} path="root" />
    </form>
  );
}
