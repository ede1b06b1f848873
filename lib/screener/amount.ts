import type { Unit } from "./catalog";

/**
 * Numbers as analysts type them, in the unit a field is shown in: percent fields are entered in
 * percent (`10` means 0.10), `_usd` fields accept magnitude suffixes (`500M`, `2.5B`, `1T`). The API
 * takes decimals and raw dollars. Pure: used by the filter form in the browser.
 */

const SUFFIXES: Record<string, number> = { k: 3, m: 6, b: 9, bn: 9, t: 12 };
const NUMBER = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?$/i;

export type ParsedAmount = { ok: true; value: number | undefined } | { ok: false; error: string };

/** What a user may type into a bound of this unit. */
export function amountHint(unit: Unit): string {
  switch (unit) {
    case "percent":
      return "in %, e.g. 12.5";
    case "usd":
      return "USD, e.g. 500M, 2.5B, 1T";
    default:
      return "a number";
  }
}

/**
 * Parses typed text into an API value. Scaling works on the decimal exponent of the text, not by
 * multiplying floats, so `1.1B` is exactly 1100000000 and `7` percent exactly 0.07.
 */
export function parseAmount(text: string, unit: Unit): ParsedAmount {
  let s = text.trim().replaceAll(",", "").replaceAll("_", "").replace(/^−/, "-").replaceAll(" ", "");
  if (s === "") return { ok: true, value: undefined };
  let exponent = 0;
  if (unit === "percent") {
    s = s.replace(/%$/, "");
    exponent = -2;
  } else if (unit === "usd") {
    s = s.replace(/^([+-]?)\$/, "$1");
    const suffix = /(bn|[kmbt])$/i.exec(s);
    if (suffix) {
      exponent = SUFFIXES[suffix[1]!.toLowerCase()]!;
      s = s.slice(0, -suffix[1]!.length);
    }
  } else {
    s = s.replace(/[x×]$/i, "");
  }
  const match = NUMBER.exec(s);
  if (!match) return { ok: false, error: `Not a number: ${amountHint(unit)}` };
  const [, sign, digits, exp] = match;
  const value = Number(`${sign}${digits}e${Number(exp ?? 0) + exponent}`);
  if (!Number.isFinite(value)) return { ok: false, error: "Number too large" };
  return { ok: true, value };
}

/** An API value as the text a user would type for it (the inverse of `parseAmount`). */
export function formatAmountInput(value: number | undefined, unit: Unit): string {
  if (value === undefined) return "";
  const clean = (n: number) => String(Number(n.toPrecision(12)));
  if (unit === "percent") return clean(value * 100);
  if (unit === "usd") {
    const abs = Math.abs(value);
    for (const [suffix, exp] of [["T", 12], ["B", 9], ["M", 6]] as const) {
      if (abs >= 10 ** exp) return clean(value / 10 ** exp) + suffix;
    }
  }
  return clean(value);
}
