/** Builds the market database only when it is missing or was built by an older ingest. */
import { databaseState } from "@/lib/db/market-db";
import { env } from "@/lib/env";
import { buildDatabase } from "@/lib/ingest/build-database";
import { consoleProgress } from "@/lib/ingest/progress";

const state = databaseState();
if (state === "ready") {
  console.log("[ingest] database is up to date");
} else {
  const { DATA_DIR, DATABASE_PATH } = env();
  buildDatabase({ dataDir: DATA_DIR, databasePath: DATABASE_PATH, progress: consoleProgress() });
}
