/** `npm run ingest`: builds the market database from the bundled data (see docs/data.md). */
import { env } from "@/lib/env";
import { buildDatabase } from "@/lib/ingest/build-database";
import { BundledFileError } from "@/lib/ingest/compressed-files";
import { JoinAuditError } from "@/lib/ingest/join-audit";
import { consoleProgress } from "@/lib/ingest/progress";

const { DATA_DIR, DATABASE_PATH } = env();
try {
  const report = buildDatabase({ dataDir: DATA_DIR, databasePath: DATABASE_PATH, progress: consoleProgress() });
  console.log(JSON.stringify(report.counts));
} catch (error) {
  if (error instanceof BundledFileError || error instanceof JoinAuditError) {
    console.error(`ingest failed: ${error.message}. The previous database, if any, is unchanged.`);
  } else {
    console.error("ingest failed:", error);
  }
  process.exit(1);
}
