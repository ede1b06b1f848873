"use client";

import { useId, useState } from "react";
import { Button, Select, TextInput } from "@/components/ui/controls";
import { FORMULA_LIMITS, type PercentileGroup, PERCENTILE_GROUPS } from "@/lib/screener/formula-grammar";
import { FORMULA_OPTIONS } from "@/lib/screener/formula-schema";
import type { FormulaInput } from "@/lib/screener/screen-url";

/**
 * Two builders that write formulas for the formula editor: a percentile within a peer group with a
 * lower bound ("ROIC in the top fifth of its sector"), and a multi-factor score of weighted
 * percentiles, each factor's contribution a formula of its own so that the rows show what each
 * added. The fields offered are the options record's (`formulas.fields`), with their labels.
 */

const GROUP_LABELS: Record<PercentileGroup, string> = { market: "the market", sector: "its sector", industry_group: "its industry group", industry: "its industry", country: "its country" };

/** A formula name from parts: lowercase, digits and _, at most 40 characters, not one already taken. */
function nameFrom(parts: string[], taken: ReadonlySet<string>): string {
  const stem = parts.join("_").toLowerCase().replace(/[^a-z0-9_]/g, "").slice(0, 36) || "f";
  let name = /^[a-z]/.test(stem) ? stem : `f_${stem}`.slice(0, 36);
  for (let i = 2; taken.has(name); i++) name = `${stem.slice(0, 33)}_${i}`;
  return name;
}

/** The percentile expression of a factor: higher is better, or lower (100 minus it). */
const factorPercentile = (field: string, group: PercentileGroup, higher: boolean) => {
  const pct = group === "market" ? `pct(${field})` : `pct(${field}, ${group})`;
  return higher ? pct : `(100 - ${pct})`;
};

interface Factor {
  key: number;
  field: string;
  higher: boolean;
  weight: string;
  group: PercentileGroup;
}

export function RankBuilders({ labels, taken, room, onAdd }: { labels: Record<string, string>; taken: ReadonlySet<string>; room: number; onAdd: (formulas: FormulaInput[]) => void }) {
  const [open, setOpen] = useState<"percentile" | "score" | null>(null);
  return (
    <div className="mt-2">
      <div className="flex gap-2">
        <Button aria-expanded={open === "percentile"} onClick={() => setOpen(open === "percentile" ? null : "percentile")} disabled={room < 1}>
          Percentile filter
        </Button>
        <Button aria-expanded={open === "score"} onClick={() => setOpen(open === "score" ? null : "score")} disabled={room < 2}>
          Multi-factor score
        </Button>
      </div>
      {open === "percentile" && <PercentileBuilder labels={labels} taken={taken} onAdd={(f) => (onAdd(f), setOpen(null))} />}
      {open === "score" && <ScoreBuilder labels={labels} taken={taken} room={room} onAdd={(f) => (onAdd(f), setOpen(null))} />}
    </div>
  );
}

function FieldSelect({ labels, value, onChange, label }: { labels: Record<string, string>; value: string; onChange: (field: string) => void; label: string }) {
  return (
    <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className="min-w-0 flex-1">
      {FORMULA_OPTIONS.fields.map((field) => (
        <option key={field} value={field}>
          {labels[field] ?? field}
        </option>
      ))}
    </Select>
  );
}

function GroupSelect({ value, onChange, label }: { value: PercentileGroup; onChange: (group: PercentileGroup) => void; label: string }) {
  return (
    <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as PercentileGroup)}>
      {PERCENTILE_GROUPS.map((g) => (
        <option key={g} value={g}>
          within {GROUP_LABELS[g]}
        </option>
      ))}
    </Select>
  );
}

function PercentileBuilder({ labels, taken, onAdd }: { labels: Record<string, string>; taken: ReadonlySet<string>; onAdd: (formulas: FormulaInput[]) => void }) {
  const id = useId();
  const [field, setField] = useState("returnOnInvestedCapital");
  const [group, setGroup] = useState<PercentileGroup>("sector");
  const [higher, setHigher] = useState(true);
  const [min, setMin] = useState("80");
  const bound = min.trim() === "" ? undefined : Number(min);
  const valid = bound === undefined || (Number.isFinite(bound) && bound >= 0 && bound <= 100);
  return (
    <fieldset className="mt-2 space-y-1 rounded border border-zinc-200 p-2 text-[12px] dark:border-zinc-800" aria-label="Percentile filter">
      <div className="flex gap-1">
        <FieldSelect labels={labels} value={field} onChange={setField} label="Percentile of" />
        <GroupSelect value={group} onChange={setGroup} label="Percentile within" />
      </div>
      <div className="flex items-center gap-1">
        <Select aria-label="Better when" value={higher ? "higher" : "lower"} onChange={(e) => setHigher(e.target.value === "higher")}>
          <option value="higher">higher is better</option>
          <option value="lower">lower is better</option>
        </Select>
        <label htmlFor={`${id}-min`}>at least</label>
        <TextInput id={`${id}-min`} inputMode="decimal" value={min} onChange={(e) => setMin(e.target.value)} className="w-16" aria-invalid={valid ? undefined : true} />
        <span className="text-zinc-500">of 100</span>
      </div>
      <Button
        variant="primary"
        disabled={!valid}
        onClick={() => onAdd([{ name: nameFrom([field, "pct", group], taken), expression: factorPercentile(field, group, higher), ...(bound !== undefined ? { min: bound } : {}) }])}
      >
        Add percentile
      </Button>
    </fieldset>
  );
}

function ScoreBuilder({ labels, taken, room, onAdd }: { labels: Record<string, string>; taken: ReadonlySet<string>; room: number; onAdd: (formulas: FormulaInput[]) => void }) {
  const [name, setName] = useState(() => nameFrom(["score"], taken));
  const [factors, setFactors] = useState<Factor[]>([
    { key: 0, field: "returnOnInvestedCapital", higher: true, weight: "1", group: "sector" },
    { key: 1, field: "peRatio", higher: false, weight: "1", group: "market" },
    { key: 2, field: "price_vs_sma_200", higher: true, weight: "1", group: "market" },
  ]);
  const [next, setNext] = useState(3);
  const weights = factors.map((f) => Number(f.weight));
  const total = weights.reduce((a, b) => a + b, 0);
  // Each factor a formula of its own (its contribution), then the score: one per factor plus one.
  const fits = factors.length + 1 <= room && factors.length >= 1;
  const valid = fits && weights.every((w) => Number.isFinite(w) && w > 0) && /^[a-z][a-z0-9_]{0,39}$/.test(name) && !taken.has(name);
  const update = (key: number, change: Partial<Factor>) => setFactors((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));
  const create = () => {
    const names = new Set([...taken, name]);
    const parts = factors.map((f, i) => {
      const part = nameFrom([name, f.field], names);
      names.add(part);
      const share = Number((weights[i]! / total).toPrecision(6));
      return { name: part, expression: `${share} * ${factorPercentile(f.field, f.group, f.higher)}` };
    });
    onAdd([...parts, { name, expression: parts.map((p) => p.name).join(" + ") }]);
  };
  return (
    <fieldset className="mt-2 space-y-1 rounded border border-zinc-200 p-2 text-[12px] dark:border-zinc-800" aria-label="Multi-factor score">
      <div className="flex items-center gap-1">
        <label htmlFor="score-name">Name</label>
        <TextInput id="score-name" value={name} onChange={(e) => setName(e.target.value)} className="w-32 font-mono" spellCheck={false} />
      </div>
      <ol className="space-y-1">
        {factors.map((f, i) => (
          <li key={f.key} className="flex flex-wrap items-center gap-1" aria-label={`Factor ${i + 1}`}>
            <FieldSelect labels={labels} value={f.field} onChange={(field) => update(f.key, { field })} label={`Factor ${i + 1} field`} />
            <Select aria-label={`Factor ${i + 1} better when`} value={f.higher ? "higher" : "lower"} onChange={(e) => update(f.key, { higher: e.target.value === "higher" })}>
              <option value="higher">higher</option>
              <option value="lower">lower</option>
            </Select>
            <GroupSelect value={f.group} onChange={(group) => update(f.key, { group })} label={`Factor ${i + 1} within`} />
            <TextInput aria-label={`Factor ${i + 1} weight`} inputMode="decimal" value={f.weight} onChange={(e) => update(f.key, { weight: e.target.value })} className="w-12" />
            <Button variant="ghost" aria-label={`Remove factor ${i + 1}`} onClick={() => setFactors((all) => all.filter((x) => x.key !== f.key))}>
              ×
            </Button>
          </li>
        ))}
      </ol>
      <p className="text-zinc-500">
        Each factor is ranked 0-100 ({"lower is better"} ranks 100 minus its percentile), weighted by its share of the weights; the score is their sum, and each
        factor&apos;s part is a column of its own. At most {FORMULA_LIMITS.max_percentiles} percentiles and {FORMULA_LIMITS.max_formulas} formulas in all.
      </p>
      {!fits && <p className="text-red-700 dark:text-red-400">Room for {Math.max(0, room - 1)} factors beside the formulas already there.</p>}
      <div className="flex gap-2">
        <Button
          disabled={factors.length + 2 > room}
          onClick={() => {
            setFactors((all) => [...all, { key: next, field: "marketCap_usd", higher: true, weight: "1", group: "market" }]);
            setNext(next + 1);
          }}
        >
          Add factor
        </Button>
        <Button variant="primary" disabled={!valid} onClick={create}>
          Add score
        </Button>
      </div>
    </fieldset>
  );
}
