import { z } from "zod";
import { marketDb, metaValue } from "@/lib/db/market-db";
import { SqlCount, SqlCounts } from "@/lib/db/sql-rows";

const CountryRow = z.object({ country: z.string(), companies: SqlCount, withPrices: SqlCount, withFundamentals: SqlCount });
const ExchangeRow = z.object({ exchange: z.string(), name: z.string(), companies: SqlCount });

export interface Coverage {
  asOf: string;
  builtAt: string;
  counts: Record<string, number>;
  byCountry: z.output<typeof CountryRow>[];
  byExchange: z.output<typeof ExchangeRow>[];
}

/** What the bundled data covers: shown on the landing page so a visitor sees it is real. */
export function getCoverage(topCountries = 25): Coverage {
  const db = marketDb();
  return {
    asOf: metaValue("as_of") ?? "",
    builtAt: metaValue("built_at") ?? "",
    counts: SqlCounts.parse(JSON.parse(metaValue("counts") ?? "{}")),
    byCountry: CountryRow.array().parse(
      db
        .prepare(
          `SELECT country, count(*) AS companies, sum(price IS NOT NULL) AS withPrices, sum(has_fundamentals) AS withFundamentals
           FROM companies WHERE country IS NOT NULL GROUP BY country ORDER BY companies DESC, country LIMIT ?`,
        )
        .all(topCountries),
    ),
    byExchange: ExchangeRow.array().parse(
      db
        .prepare(
          `SELECT exchange, exchange_name AS name, count(*) AS companies FROM companies
           GROUP BY exchange ORDER BY companies DESC, exchange LIMIT 15`,
        )
        .all(),
    ),
  };
}
