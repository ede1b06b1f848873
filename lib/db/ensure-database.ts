import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { databaseState } from "./market-db";

/**
 * Called once when the server starts: when the market database is missing, builds it in a child
 * process (the server answers 503 "building" meanwhile) or, with AUTO_INGEST=0, says what to run.
 */
export function ensureDatabase(): void {
  const { AUTO_INGEST, root, DATABASE_PATH } = env();
  const state = databaseState();
  if (state !== "missing") return;
  const stale = existsSync(DATABASE_PATH);
  if (AUTO_INGEST === "0") {
    console.warn(`[startup] The market database is ${stale ? "out of date" : "missing"}. Run \`npm run ingest\` to build it.`);
    return;
  }
  console.log(
    `[startup] The market database is ${stale ? "out of date" : "missing"}; building it now. /api/health answers 503 until it is ready.`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", path.join(/*turbopackIgnore: true*/ root, "scripts", "ingest.ts")], {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  });
  child.on("exit", (code) => {
    if (code !== 0) console.error(`[startup] Building the database failed (exit ${code}). Run \`npm run ingest\` to see why.`);
  });
}
