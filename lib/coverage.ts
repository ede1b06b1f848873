import { marketDb, metaValue } from "@/lib/db/market-db";

export interface Coverage {
  asOf: string;
  builtAt: string;
  counts: Record<string, number>;
  byCountry: { country: string; companies: number; withPrices: number; withFundamentals: number }[];
  byExchange: { exchange: string; name: string; companies: number }[];
}

/** What the bundled data covers: shown on the landing page so a visitor sees it is real. */
export function getCoverage(topCountries = 25): Coverage {
  const db = marketDb();
  return {
    asOf: metaValue("as_of") ?? "",
    builtAt: metaValue("built_at") ?? "",
    counts: JSON.parse(metaValue("counts") ?? "{}") as Record<string, number>,
    byCountry: db
      .prepare(
        `SELECT country, count(*) AS companies, sum(price IS NOT NULL) AS withPrices, sum(has_fundamentals) AS withFundamentals
         FROM companies WHERE country IS NOT NULL GROUP BY country ORDER BY companies DESC, country LIMIT ?`,
      )
      .all(topCountries) as Coverage["byCountry"],
    byExchange: db
      .prepare(
        `SELECT exchange, exchange_name AS name, count(*) AS companies FROM companies
         GROUP BY exchange ORDER BY companies DESC, exchange LIMIT 15`,
      )
      .all() as Coverage["byExchange"],
  };
}
