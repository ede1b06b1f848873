import type { TestCompany, TestFiling } from "./filings-database";

/** Companies and filings of the test database: short excerpts in the shape of real filings. */
export const SAMPLE_COMPANIES: TestCompany[] = [
  { id: 1, name: "3M", symbol: "MMM", exchange: "NYSE", cik: 66740 },
  { id: 2, name: "JPMorgan Chase & Co.", symbol: "JPM", exchange: "NYSE", cik: 19617 },
  { id: 3, name: "The Coca-Cola Company", symbol: "KO", exchange: "NYSE", cik: 21344, formerSymbols: ["CCOLD"] },
];

export const filler = (topic: string) =>
  `${topic} The Company continued to invest in research, manufacturing capacity and its people during the year. ` +
  "Management reviews results by segment and evaluates performance on operating income and cash generation. ".repeat(3);

export const SAMPLE_FILINGS: TestFiling[] = [
  {
    name: "3M_2018_10K",
    companyId: 1,
    companyLabel: "3M",
    type: "10-K",
    fiscalYear: 2018,
    fiscalPeriod: "FY",
    periodEnd: "2018-12-31",
    pages: [
      "UNITED STATES SECURITIES AND EXCHANGE COMMISSION\nFORM 10-K\nFor the fiscal year ended December 31, 2018\n3M COMPANY",
      "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations\n" +
        filler("Capital expenditures were $1,577 million in 2018, mainly purchases of property, plant and equipment."),
      "Consolidated Statement of Cash Flows\nYears ended December 31\nPurchases of property, plant and equipment (PP&E) (1,577)\n" +
        filler("Net cash provided by operating activities was $6,439 million."),
    ],
  },
  {
    name: "3M_2017_10K",
    companyId: 1,
    companyLabel: "3M",
    type: "10-K",
    fiscalYear: 2017,
    fiscalPeriod: "FY",
    periodEnd: "2017-12-31",
    pages: [
      "Item 1A. Risk Factors\n" + filler("Raw material prices and supply chain disruptions could reduce margins."),
      "Item 8. Financial Statements\n" + filler("Goodwill of the Safety and Graphics segment was tested; the annual test showed no goodwill impairment."),
    ],
  },
  {
    name: "JPMORGAN_2022Q2_10Q",
    companyId: 2,
    companyLabel: "JPMorgan",
    type: "10-Q",
    fiscalYear: 2022,
    fiscalPeriod: "Q2",
    periodEnd: "2022-06-30",
    pages: [
      "Item 2. Management's Discussion and Analysis\n" + filler("Credit card net charge-offs rose and the allowance for loan losses increased to $15.6 billion."),
      "Item 4. Controls and Procedures\n" + filler("Disclosure controls were effective; interest rate risk in the banking book is managed centrally."),
    ],
  },
  {
    name: "KO-10-K-2023-02-21",
    companyId: 3,
    companyLabel: "Coca-Cola",
    type: "10-K",
    fiscalYear: 2022,
    fiscalPeriod: "FY",
    periodEnd: "2022-12-31",
    filingDate: "2023-02-21",
    hasPages: false,
    pages: [
      "Item 7. Management's Discussion and Analysis\n\n" +
        filler("We recorded a goodwill impairment in the retail segment of the bottling investments after lower volumes.") +
        "\n\nItem 7A. Quantitative and Qualitative Disclosures About Market Risk\n\n" +
        filler("Foreign currency exchange rates and commodity prices such as sugar and aluminum affect results."),
    ],
  },
];
