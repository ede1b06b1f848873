import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { ScreenerApp } from "@/components/screener/screener-app";
import { databaseNotice } from "@/components/ui/database-notice";
import { failedQueryPage } from "@/components/ui/page-error";
import { admitPageRender } from "@/lib/api/route";
import { metaValue } from "@/lib/db/market-db";
import { readAsOfRange } from "@/lib/screener/as-of-range";
import { readFreshness } from "@/lib/screener/freshness";
import { COLUMNS_COOKIE, parseColumns } from "@/lib/screener/column-preference";
import { isColumnView, shownColumns, VIEW_COOKIE } from "@/lib/screener/column-views";
import { getScreenerOptions, type TypedScreenerOptions } from "@/lib/screener/options";
import { uiScreenRequestSchema } from "@/lib/screener/request-schema";
import { screenFromSearchParams, screenKey, pageFields, screenMode, screenRequestBody } from "@/lib/screener/screen-url";
import type { RowsResponse } from "@/lib/screener/response-schema";
import { runQuery } from "@/lib/work/query-pool";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Screener" };

/**
 * /screener/: the screen in the URL is run here, in-process, so the first page of results is in
 * the HTML (visible before any script runs; counted against the client's UI rate limit like the
 * browser's own requests); the browser takes over from there. A screen the API
 * would refuse renders without results and the browser shows the API's errors next to the inputs.
 */
export default async function ScreenerPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const notice = databaseNotice();
  if (notice) return notice;
  const { screen } = screenFromSearchParams(await searchParams);
  // Built by buildOptionsRecord from the catalog, so each filter has its input type's members.
  const options = getScreenerOptions() as TypedScreenerOptions;
  const jar = await cookies();
  const preferredFields = parseColumns(jar.get(COLUMNS_COOKIE)?.value, options.fields);
  const viewText = jar.get(VIEW_COOKIE)?.value;
  const preferredView = isColumnView(viewText) ? viewText : null;
  const { fields } = shownColumns(screen, { view: preferredView, fields: preferredFields });
  const mode = screenMode(screen.filters, options.modes.basic);
  const body = screenRequestBody(screen, pageFields(fields, screen.filters));
  let result: RowsResponse | undefined;
  const parsed = uiScreenRequestSchema(mode).safeParse(body);
  const caller = parsed.success ? await admitPageRender(await headers()) : null;
  if (parsed.success && caller !== null) {
    try {
      const response = await runQuery("screen", parsed.data, caller);
      // A request without result_format tickers gets rows.
      if ("rows" in response) result = response;
    } catch (error) {
      // Option values the data does not have, a missed deadline: the browser's request gets the API's answer.
      const failed = await failedQueryPage(error, "/screener/");
      if (failed) return failed;
    }
  }
  const counts = JSON.parse(metaValue("counts") ?? "{}") as Record<string, number>;
  return (
    <ScreenerApp
      options={options}
      asOfRange={readAsOfRange()}
      freshness={readFreshness()}
      coverage={{ companies: counts.companies ?? 0, withPrices: counts.with_prices ?? 0, withFundamentals: counts.with_fundamentals ?? 0 }}
      initial={{ key: screenKey(mode, body), result }}
      preferredFields={preferredFields}
      preferredView={preferredView}
    />
  );
}
