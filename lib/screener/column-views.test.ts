import { describe, expect, it } from "vitest";
import { DEFAULT_FIELDS, FIELD_BY_NAME } from "./catalog";
import { COLUMN_VIEWS, isColumnView, shownColumns } from "./column-views";

describe("column views", () => {
  it("name catalog fields only, sortable ones, the identity columns first", () => {
    for (const view of COLUMN_VIEWS) {
      expect(view.fields.slice(0, 2)).toEqual(["full_ticker", "companyName"]);
      for (const name of view.fields) expect(FIELD_BY_NAME.get(name)?.sortable, `${view.id}: ${name}`).toBe(true);
    }
    expect(COLUMN_VIEWS.map((v) => v.label)).toEqual(["Overview", "Valuation", "Profitability", "Growth", "Performance & risk", "Price signals"]);
    expect([...COLUMN_VIEWS[0].fields].sort()).toEqual([...DEFAULT_FIELDS].sort());
  });

  it("take the URL's view, then the URL's columns, then what the browser remembers", () => {
    const mine = ["full_ticker", "price"];
    const none = { view: null, fields: null };
    expect(shownColumns(none, none)).toEqual({ view: "overview", fields: [...COLUMN_VIEWS[0].fields] });
    expect(shownColumns({ view: "valuation", fields: mine }, { view: "growth", fields: mine }).view).toBe("valuation");
    expect(shownColumns({ view: null, fields: mine }, { view: "growth", fields: null })).toEqual({ view: "custom", fields: mine });
    expect(shownColumns(none, { view: "growth", fields: mine }).fields).toEqual(COLUMN_VIEWS.find((v) => v.id === "growth")!.fields);
    expect(shownColumns(none, { view: null, fields: mine })).toEqual({ view: "custom", fields: mine });
    expect(shownColumns({ view: "custom", fields: null }, none)).toEqual({ view: "custom", fields: null });
    expect([isColumnView("performance"), isColumnView("custom"), isColumnView("technical"), isColumnView(null)]).toEqual([true, true, false, false]);
  });
});
