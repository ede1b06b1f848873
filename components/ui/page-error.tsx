import { headers } from "next/headers";
import type { ReactElement } from "react";
import { requestIdFor } from "@/lib/api/request-id";
import { logPageFault, pageQueryFailure } from "@/lib/api/page-query-failure";
import { databaseNotice } from "./database-notice";

/**
 * What a server-rendered page shows when the query for its URL fails: the database notice, null
 * (render without results: the browser's own request gets the API's answer), or an error with the
 * request id its log line carries.
 */
export async function failedQueryPage(error: unknown, route: string): Promise<ReactElement | null> {
  const failure = pageQueryFailure(error);
  if (failure === "browser") return null;
  const notice = failure === "database" ? databaseNotice() : null;
  if (notice) return notice;
  const requestId = requestIdFor(await headers());
  logPageFault(error, requestId, route);
  return <PageError requestId={requestId} />;
}

function PageError({ requestId }: { requestId: string }) {
  return (
    <main className="mx-auto max-w-[900px] px-4 py-12" data-testid="page-error">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        The page could not be built. Reload it to try again; if it keeps failing, report request id <code className="font-mono">{requestId}</code>.
      </p>
    </main>
  );
}
