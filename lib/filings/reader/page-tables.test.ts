import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageLines } from "./page-lines";
import { type Cell, pageTables, type Table } from "./page-tables";

// Real page texts from the corpus (test/fixtures/filing-pages: FinanceBench PDF pages, an EDGAR plain-text excerpt).
const fixture = (name: string) => readFileSync(`test/fixtures/filing-pages/${name}`, "utf8");

function read(text: string) {
  const tables = pageTables(pageLines(text));
  const cell = (c: Cell | null) => (c ? `${c.currency ?? ""}${text.slice(c.start, c.end).replace(/\s+/g, " ")}` : null);
  const row = (table: Table, label: string) => {
    const found = table.rows.find((r) => cell(r.label) === label);
    return found && { heading: found.heading, cells: found.cells.map(cell) };
  };
  return { tables, cell, row };
}

describe("pageTables on PDF pages (tables flattened column by column)", () => {
  it("rebuilds the 3M 2018 income statement: rows, three year columns, $ and negatives with their numbers", () => {
    const { tables, cell, row } = read(fixture("3M_2018_10K-p56.txt"));
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table!.columns).toBe(3);
    expect(table!.header!.map(cell)).toEqual(["2018", "2017", "2016"]);
    expect(row(table!, "Net sales")).toEqual({ heading: false, cells: ["$32,765", "$31,657", "$30,109"] });
    expect(row(table!, "Operating expenses")).toEqual({ heading: true, cells: [] });
    expect(row(table!, "Gain on sale of businesses")!.cells).toEqual(["(547)", "(586)", "(111)"]);
    expect(row(table!, "Other expense (income), net")!.cells).toEqual(["207", "144", "(26)"]);
    expect(row(table!, "Net income attributable to 3M")!.cells).toEqual(["5,349", "4,858", "5,050"]);
    // A "$" printed before a run further down is not placed: here it belongs to the per-share row below the shares.
    expect(row(table!, "Weighted average 3M common shares outstanding — basic")!.cells).toEqual(["588.5", "597.5", "604.7"]);
    expect(row(table!, "Earnings per share attributable to 3M common shareholders — diluted")!.cells).toEqual(["8.89", "7.93", "8.16"]);
    expect(table!.rows.filter((r) => !r.heading)).toHaveLength(17);
  });

  it("reads a parenthesis apart from its number, a label over two lines and a negative holding its $ (Coca-Cola 2017, Boeing 2019)", () => {
    const coke = read(fixture("COCACOLA_2017_10K-p74.txt"));
    const [statement] = coke.tables;
    expect(statement!.header!.map(coke.cell)).toEqual(["2017", "2016", "2015"]);
    // Before, "(1,666 )" read as a label and the statement stopped after five rows.
    expect(coke.row(statement!, "OPERATING INCOME")!.cells).toEqual(["7,501", "8,626", "8,728"]);
    expect(coke.row(statement!, "Other income (loss) — net")!.cells).toEqual(["(1,666 )", "(1,234 )", "631"]);
    expect(coke.row(statement!, "NET INCOME ATTRIBUTABLE TO SHAREOWNERS OF THE COCA-COLA COMPANY")!.cells).toEqual(["1,248", "6,527", "7,351"]);
    const boeing = read(fixture("BOEING_2019_10K-p53.txt"));
    const net = boeing.tables.find((t) => boeing.row(t, "Net (loss)/earnings"));
    expect(boeing.row(net!, "Net (loss)/earnings")!.cells).toEqual(["($636)", "$10,460", "$8,458"]);
    expect(boeing.row(net!, "Diluted (loss)/earnings per share")!.cells).toEqual(["($1.12)", "$17.85", "$13.85"]);
    // Where the PDF prints numbers before their labels ("Cost of services" and the rows after it), nothing is guessed: text.
    expect(boeing.tables.some((t) => boeing.row(t, "Cost of services"))).toBe(false);
  });

  it("rebuilds the PepsiCo 2022 income statement, its title left as text and the per-share blocks under their headings", () => {
    const text = fixture("PEPSICO_2022_10K-p62.txt");
    const { tables, cell, row } = read(text);
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table!.header!.map(cell)).toEqual(["2022", "2021", "2020"]);
    expect(text.slice(0, table!.start)).toContain("Consolidated Statement of Income");
    expect(table!.rows.map((r) => cell(r.label))).not.toContain("Consolidated Statement of Income");
    expect(row(table!, "Net Revenue")!.cells).toEqual(["$86,392", "79,474", "70,372"]);
    expect(row(table!, "Gain associated with the Juice Transaction (see Note 13)")!.cells).toEqual(["(3,321)", "—", "—"]);
    expect(row(table!, "Net Income Attributable to PepsiCo per Common Share")).toEqual({ heading: true, cells: [] });
    const basics = table!.rows.filter((r) => cell(r.label) === "Basic").map((r) => r.cells.map(cell));
    expect(basics).toEqual([
      ["6.45", "5.51", "5.14"],
      ["1,380", "1,382", "1,385"],
    ]);
  });

  it("puts no year over a column it may not head: fewer years than columns are a caption (Apple 2021, whose PDF prints its headings out of column order)", () => {
    const { tables, cell, row } = read(fixture("APPLE_2021_10K-p32.txt"));
    const sales = tables.find((t) => row(t, "Total net sales"));
    expect(row(sales!, "Products")!.cells).toEqual(["$297,392", "$220,747"]);
    // "2021" had been put over 220,747, which is fiscal 2020's.
    expect(sales!.header).toBeNull();
    expect(sales!.caption.map(cell)).toEqual(["2021"]);
    for (const table of tables) if (table.header) expect(table.header).toHaveLength(table.columns);
  });

  it("leaves a run whose labels and values do not reconcile as text (Amcor 2021: net sales split from its third year)", () => {
    const text = fixture("AMCOR_2021_10K-p49.txt");
    const { tables, row } = read(text);
    expect(tables).toHaveLength(1);
    expect(text.slice(0, tables[0]!.start)).toContain("Net sales");
    expect(row(tables[0]!, "Operating expenses:")).toEqual({ heading: true, cells: [] });
    expect(row(tables[0]!, "Gross profit")!.cells).toEqual(["2,732", "2,536", "1,799"]);
    expect(row(tables[0]!, "Income (loss) from discontinued operations, net of tax")!.cells).toEqual(["—", "(8)", "1"]);
  });
});

describe("pageTables on EDGAR plain text (one row per line)", () => {
  it("rebuilds Apple's 10-Q statement of operations with four columns and its headings", () => {
    const { tables, row } = read(fixture("AAPL-10-Q-2025-08-01-part1-statement.txt"));
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table!.columns).toBe(4);
    expect(row(table!, "Products")!.cells).toEqual(["$66,613", "$61,564", "$233,287", "$224,908"]);
    expect(row(table!, "Cost of sales:")).toEqual({ heading: true, cells: [] });
    expect(row(table!, "Other income/(expense), net")!.cells).toEqual(["(171)", "142", "(698)", "250"]);
    expect(row(table!, "Net income")!.cells).toEqual(["$23,434", "$21,448", "$84,544", "$79,000"]);
  });

  it("finds no table in prose", () => {
    expect(pageTables(pageLines(fixture("GOOGL-10-K-2025-02-05-part6-start.txt")))).toEqual([]);
  });
});
