import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_FORMS, FilingIndex, Submissions, chooseFilings, earningsExhibit, filingFolder, listFilings, submissionsPath } from "./edgar-submissions";

// Real EDGAR files from edgartools (test/fixtures/edgar/README.md): Tesla's submissions as of
// 2022-11-30, and the folder index of an 8-K with three exhibit 99 releases.
const tesla = () => Submissions.parse(JSON.parse(readFileSync("test/fixtures/edgar/company_submission.json", "utf8")));
const index = () => FilingIndex.parse(JSON.parse(readFileSync("test/fixtures/edgar/0001213900-24-004875-index.json", "utf8")));

describe("EDGAR submissions", () => {
  it("reads a filer's recent filings and the older pages it names", () => {
    const submissions = tesla();
    expect(submissions).toMatchObject({ cik: 1318605, name: "Tesla, Inc.", tickers: ["TSLA"], fiscalYearEnd: "1231" });
    const filings = listFilings(submissions.cik, submissions.filings.recent);
    expect(filings).toHaveLength(1001);
    expect(filings.find((f) => f.accession === "0000950170-22-000796")).toEqual({
      cik: 1318605, accession: "0000950170-22-000796", filed: "2022-02-07", reportDate: "2021-12-31", form: "10-K", items: [], primaryDocument: "tsla-20211231.htm", inlineXbrl: true,
    });
    expect(submissions.filings.files[0]).toMatchObject({ name: "CIK0001318605-submissions-001.json", filingFrom: "2005-02-17", filingTo: "2013-12-10" });
    expect(submissionsPath(1318605)).toBe("/submissions/CIK0001318605.json");
    expect(filingFolder({ cik: 1318605, accession: "0000950170-22-000796" })).toBe("/Archives/edgar/data/1318605/000095017022000796/");
  });

  it("chooses the reports and earnings releases of the last three fiscal years, oldest first", () => {
    const submissions = tesla();
    const chosen = chooseFilings(listFilings(submissions.cik, submissions.filings.recent), { forms: DEFAULT_FORMS, years: 3 });
    // The latest 10-K reports 2021-12-31: fiscal 2019 to 2021, and the 2022 quarters since.
    expect(chosen.filter((f) => f.form === "10-K").map((f) => f.reportDate)).toEqual(["2019-12-31", "2020-12-31", "2021-12-31"]);
    const quarters = chosen.filter((f) => f.form === "10-Q").map((f) => f.reportDate);
    expect(quarters[0]).toBe("2019-03-31");
    expect(quarters.at(-1)).toBe("2022-09-30");
    // Three 10-Qs a year (the fourth quarter is in the 10-K), 2019 to 2022.
    expect(quarters).toHaveLength(12);
    const eightKs = chosen.filter((f) => f.form === "8-K");
    expect(eightKs.length).toBeGreaterThan(10);
    expect(eightKs.every((f) => f.items.includes("2.02"))).toBe(true);
    expect(new Set(chosen.map((f) => f.form))).toEqual(new Set(["10-K", "10-Q", "8-K"]));
    expect(chosen.map((f) => f.filed)).toEqual(chosen.map((f) => f.filed).sort());
  });

  it("takes an 8-K's first exhibit 99 as its earnings release", () => {
    expect(earningsExhibit(index(), "ea191807-8k_datchat.htm")).toBe("ea191807ex99-1_datchat.htm");
  });

  it("refuses columns of different lengths", () => {
    const json = JSON.parse(readFileSync("test/fixtures/edgar/company_submission.json", "utf8")) as { filings: { recent: { form: string[] } } };
    json.filings.recent.form.pop();
    expect(() => Submissions.parse(json)).toThrow(/differ in length/);
  });
});
