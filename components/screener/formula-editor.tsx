"use client";

import { useId, useMemo, useRef, useState } from "react";
import { Button, Select, TextInput } from "@/components/ui/controls";
import type { FieldError } from "@/lib/errors";
import { FORMULA_LIMITS } from "@/lib/screener/formula-grammar";
import { FORMULA_OPTIONS, FORMULA_UNITS, Formulas } from "@/lib/screener/formula-schema";
import type { FormulaInput } from "@/lib/screener/screen-url";
import { RankBuilders } from "./rank-builders";
import type { FilterOutcome } from "@/lib/screener/response-schema";
import { FilterOutcomeLine } from "./filter-outcome-line";
import { ErrorMessage } from "./form-errors";

/**
 * The screen's formulas (API v2 `formulas`): each a name, an expression with completion of the
 * names it may use and its errors where they are, a unit, and optional bounds that filter; the
 * percentile and score builders (rank-builders.tsx) write formulas into it. Checked
 * as typed with the API's own schema (lib/screener/formula-schema.ts); applied to the URL together.
 * Loaded when the filters panel first renders (it brings zod).
 */

interface Draft {
  key: number;
  name: string;
  expression: string;
  unit: string;
  min: string;
  max: string;
}

const draftOf = (f: FormulaInput, key: number): Draft => ({ key, name: f.name, expression: f.expression, unit: f.unit ?? "number", min: f.min?.toString() ?? "", max: f.max?.toString() ?? "" });

const bound = (text: string) => (text.trim() === "" ? undefined : Number(text));

function inputOf(d: Draft): FormulaInput {
  const [min, max] = [bound(d.min), bound(d.max)];
  return { name: d.name.trim(), expression: d.expression, ...(d.unit !== "number" ? { unit: d.unit } : {}), ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** The name being typed before the caret, and where it starts. */
function wordAt(text: string, caret: number): { word: string; start: number } | null {
  const match = /[A-Za-z_][A-Za-z0-9_]*$/.exec(text.slice(0, caret));
  return match ? { word: match[0], start: caret - match[0].length } : null;
}

const MAX_SUGGESTIONS = 8;

export function FormulaEditor({
  formulas,
  labels,
  serverErrors,
  outcomes,
  onApply,
}: {
  formulas: FormulaInput[];
  /** Field labels, for the builders' field lists. */
  labels: Record<string, string>;
  serverErrors: readonly FieldError[];
  /** What each applied formula with bounds did to the last screen, by name. */
  outcomes: Record<string, FilterOutcome>;
  onApply: (formulas: FormulaInput[]) => void;
}) {
  const nextKey = useRef(formulas.length);
  const [drafts, setDrafts] = useState<Draft[]>(() => formulas.map(draftOf));
  const [shown, setShown] = useState(JSON.stringify(formulas));
  // Formulas changed from outside (back/forward, a link) replace the drafts.
  if (JSON.stringify(formulas) !== shown) {
    setShown(JSON.stringify(formulas));
    setDrafts(formulas.map(draftOf));
  }
  const [completion, setCompletion] = useState<{ key: number; caret: number } | null>(null);
  const inputs = drafts.map(inputOf);
  const local = useMemo(() => {
    const errors = new Map<string, string>();
    const checked = Formulas.safeParse(inputs);
    if (!checked.success) for (const issue of checked.error.issues) errors.set(`/${issue.path.join("/")}`, issue.message);
    for (const [i, d] of drafts.entries()) {
      for (const key of ["min", "max"] as const) if (d[key].trim() !== "" && !Number.isFinite(Number(d[key]))) errors.set(`/${i}/${key}`, "not a number");
    }
    return errors;
    // inputs follow drafts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drafts]);
  // The server's errors of the formulas as applied (pointers /formulas/<i>/...), while unedited.
  const edited = JSON.stringify(inputs) !== JSON.stringify(formulas);
  const errorAt = (i: number, member: string) =>
    local.get(`/${i}/${member}`) ?? (edited ? undefined : serverErrors.find((e) => e.pointer === `/formulas/${i}/${member}`)?.message);
  const listError = local.get("/") ?? (edited ? undefined : serverErrors.find((e) => e.pointer === "/formulas")?.message);

  const update = (key: number, change: Partial<Draft>) => setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const suggestions = (d: Draft, index: number, caret: number) => {
    const at = wordAt(d.expression, caret);
    if (!at) return [];
    const earlier = drafts.slice(0, index).map((e) => e.name.trim()).filter(Boolean);
    const names = [...earlier, ...FORMULA_OPTIONS.fields, ...FORMULA_OPTIONS.metrics, ...FORMULA_OPTIONS.functions.map((f) => `${f}(`), ...FORMULA_OPTIONS.percentile_groups];
    const prefix = at.word.toLowerCase();
    return [...new Set(names)].filter((n) => n.toLowerCase().startsWith(prefix) && n !== at.word).slice(0, MAX_SUGGESTIONS);
  };
  const complete = (d: Draft, caret: number, name: string) => {
    const at = wordAt(d.expression, caret)!;
    update(d.key, { expression: d.expression.slice(0, at.start) + name + d.expression.slice(caret) });
    setCompletion(null);
  };
  const canApply = local.size === 0 && drafts.every((d) => d.name.trim() !== "" && d.expression.trim() !== "");

  return (
    <section aria-labelledby="formulas-heading" className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-800" data-testid="formula-editor">
      <div className="flex items-center gap-2">
        <h2 id="formulas-heading" className="text-[13px] font-semibold">
          Formulas
        </h2>
        <span className="text-[11px] text-zinc-500">columns, filters and sort keys (API v2)</span>
      </div>
      <p className="mt-1 text-[11px] text-zinc-500">
        Arithmetic over fields and fiscal-year metrics: <code>fy(revenue, 1)</code>, <code>avg(eps, 3y)</code>, <code>abs</code>, <code>log</code>,{" "}
        <code>min</code>, <code>max</code>; <code>pct(x, sector)</code> is x&apos;s percentile (0-100) among its peers. A later formula may name an earlier one.
      </p>
      <ol className="mt-2 space-y-3">
        {drafts.map((d, i) => (
          <FormulaRow
            key={d.key}
            draft={d}
            index={i}
            errorAt={(member) => errorAt(i, member)}
            // Only while the row is the formula applied: an edited one has not filtered yet.
            outcome={JSON.stringify(inputs[i]) === JSON.stringify(formulas[i]) ? outcomes[d.name] : undefined}
            onChange={(change) => update(d.key, change)}
            onRemove={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
            suggestions={completion?.key === d.key ? suggestions(d, i, completion.caret) : []}
            onCaret={(caret) => setCompletion({ key: d.key, caret })}
            onComplete={(name) => completion && complete(d, completion.caret, name)}
          />
        ))}
      </ol>
      {listError && <ErrorMessage path="formulas" message={listError} />}
      <div className="mt-2 flex gap-2">
        <Button
          disabled={drafts.length >= FORMULA_LIMITS.max_formulas}
          onClick={() => setDrafts((all) => [...all, { key: nextKey.current++, name: `f${all.length + 1}`, expression: "", unit: "number", min: "", max: "" }])}
        >
          Add formula
        </Button>
        <Button variant="primary" disabled={!canApply || !edited} onClick={() => onApply(inputs)}>
          Apply formulas
        </Button>
      </div>
      <RankBuilders
        labels={labels}
        taken={new Set(drafts.map((d) => d.name.trim()))}
        room={FORMULA_LIMITS.max_formulas - drafts.length}
        onAdd={(added) => setDrafts((all) => [...all, ...added.map((f) => draftOf(f, nextKey.current++))])}
      />
    </section>
  );
}

function FormulaRow({
  draft,
  index,
  errorAt,
  outcome,
  onChange,
  onRemove,
  suggestions,
  onCaret,
  onComplete,
}: {
  draft: Draft;
  index: number;
  errorAt: (member: string) => string | undefined;
  outcome: FilterOutcome | undefined;
  onChange: (change: Partial<Draft>) => void;
  onRemove: () => void;
  suggestions: string[];
  onCaret: (caret: number) => void;
  onComplete: (name: string) => void;
}) {
  const id = useId();
  const expressionError = errorAt("expression");
  const nameError = errorAt("name");
  const boundsError = errorAt("min") ?? errorAt("max");
  const caretOf = (target: HTMLTextAreaElement) => onCaret(target.selectionStart);
  return (
    <li className="rounded border border-zinc-200 p-2 dark:border-zinc-800" data-testid={`formula-${index}`}>
      <div className="flex items-center gap-2">
        <label className="sr-only" htmlFor={`${id}-name`}>
          Formula {index + 1} name
        </label>
        <TextInput
          id={`${id}-name`}
          value={draft.name}
          onChange={(e) => onChange({ name: e.target.value })}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          className="w-32 font-mono"
          spellCheck={false}
        />
        <Select aria-label={`Formula ${index + 1} unit`} value={draft.unit} onChange={(e) => onChange({ unit: e.target.value })}>
          {FORMULA_UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </Select>
        <Button variant="ghost" onClick={onRemove} aria-label={`Remove formula ${index + 1}`} className="ml-auto">
          Remove
        </Button>
      </div>
      {nameError && <ErrorMessage id={`${id}-name-error`} path={`formulas.${index}.name`} message={nameError} />}
      <label className="sr-only" htmlFor={`${id}-expression`}>
        Formula {index + 1} expression
      </label>
      <textarea
        id={`${id}-expression`}
        value={draft.expression}
        rows={2}
        maxLength={FORMULA_LIMITS.max_length}
        spellCheck={false}
        placeholder="(operatingCashFlow + capitalExpenditures) / marketCap_usd"
        onChange={(e) => {
          onChange({ expression: e.target.value });
          caretOf(e.target);
        }}
        onKeyUp={(e) => caretOf(e.currentTarget)}
        onClick={(e) => caretOf(e.currentTarget)}
        aria-invalid={expressionError ? true : undefined}
        aria-describedby={expressionError ? `${id}-expression-error` : undefined}
        className="mt-1 w-full resize-y rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-[12px] outline-none focus-visible:border-sky-600 focus-visible:ring-2 focus-visible:ring-sky-600/30 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900"
      />
      {suggestions.length > 0 && (
        <ul aria-label={`Names for formula ${index + 1}`} className="mt-1 flex flex-wrap gap-1">
          {suggestions.map((name) => (
            <li key={name}>
              <button
                type="button"
                onClick={() => onComplete(name)}
                className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[11px] text-zinc-800 hover:bg-sky-100 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-sky-900"
              >
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {expressionError && <ErrorMessage id={`${id}-expression-error`} path={`formulas.${index}.expression`} message={expressionError} />}
      <div className="mt-1 flex items-center gap-2 text-[12px]">
        <label htmlFor={`${id}-min`}>min</label>
        <TextInput id={`${id}-min`} inputMode="decimal" value={draft.min} onChange={(e) => onChange({ min: e.target.value })} className="w-24" aria-invalid={errorAt("min") ? true : undefined} aria-describedby={errorAt("min") ? `${id}-bounds-error` : undefined} />
        <label htmlFor={`${id}-max`}>max</label>
        <TextInput id={`${id}-max`} inputMode="decimal" value={draft.max} onChange={(e) => onChange({ max: e.target.value })} className="w-24" aria-invalid={errorAt("max") ? true : undefined} aria-describedby={errorAt("max") ? `${id}-bounds-error` : undefined} />
      </div>
      {boundsError && <ErrorMessage id={`${id}-bounds-error`} path={`formulas.${index}.bounds`} message={boundsError} />}
      {outcome && <FilterOutcomeLine outcome={outcome} />}
    </li>
  );
}
