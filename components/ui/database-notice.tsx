import type { ReactElement } from "react";
import { databaseState } from "@/lib/db/market-db";

/**
 * For pages that read the market database: null when it is ready; otherwise a page that says why
 * it is not and what to do (and reloads itself while the database is being built).
 */
export function databaseNotice(): ReactElement | null {
  const state = databaseState();
  if (state === "ready") return null;
  return (
    <main className="mx-auto max-w-[900px] px-4 py-12" data-testid="database-notice">
      {state === "building" && <meta httpEquiv="refresh" content="10" />}
      <h1 className="text-xl font-semibold">{state === "building" ? "The database is being built" : "The database is missing"}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        {state === "building" ? (
          "The app builds its database from the bundled data on first start; it takes about a minute. This page reloads itself until it is ready."
        ) : (
          <>
            Build it with <code className="font-mono">npm run ingest</code> (about a minute), then reload this page.
          </>
        )}
      </p>
    </main>
  );
}
