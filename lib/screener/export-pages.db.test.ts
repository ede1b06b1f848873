import { describe, expect, it } from "vitest";
import { CSV_SIGNIFICANT_DIGITS, csvRecords } from "./export-pages";
import { AdvancedScreenRequest } from "./request-schema";
import type { RowsResponse } from "./response-schema";
import { runScreen } from "./service";

describe("csvRecords numbers", () => {
  it("keeps 12 significant digits of real API values, dropping only float noise", () => {
    const fields = ["full_ticker", "marketCap_usd", "peRatio", "dividendYieldTTM", "return_1y", "returnOnInvestedCapital"];
    const request = AdvancedScreenRequest.parse({ filters: { marketCap_usd: { min: 1e11 } }, fields, page: { limit: 50 } });
    const { rows } = runScreen(request) as RowsResponse;
    const [, ...cells] = csvRecords(rows, fields);
    const significant = (n: number) => n.toExponential().replace(/e.*$/, "").replace(/[-.]/g, "").length;
    let shortened = 0;
    rows.forEach((row, r) =>
      fields.slice(1).forEach((field, i) => {
        const raw = row[field];
        const cell = cells[r]![i + 1];
        if (typeof raw !== "number") return expect(cell).toBe("");
        if (typeof cell !== "number") throw new Error(`${field}: ${String(cell)} is not a number`);
        expect(significant(cell)).toBeLessThanOrEqual(CSV_SIGNIFICANT_DIGITS);
        expect(Math.abs(cell - raw)).toBeLessThanOrEqual(Math.abs(raw) * 5e-12);
        if (significant(raw) > CSV_SIGNIFICANT_DIGITS) shortened++;
        else expect(cell).toBe(raw);
      }),
    );
    // The real values carry noise beyond 12 digits (a P/E of 12.918397626112759 is written 12.9183976261).
    expect(shortened).toBeGreaterThan(rows.length);
  });
});
