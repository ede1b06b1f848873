/**
 * `npm run bench:startup`: how soon `npm start` serves its first page with an existing database
 * (target: within 5 seconds), and how big the database is.
 */
import { existsSync, statSync } from "node:fs";
import { env } from "@/lib/env";
import { startApp } from "@/test/support/local-servers";

const TARGET_MS = 5000;
const RUNS = 3;

if (!existsSync(".next/BUILD_ID") || !existsSync(env().DATABASE_PATH)) {
  console.log("bench:startup skipped: it needs `npm run build` and a built database (`npm run ingest`).");
  process.exit(0);
}
console.log(`database: ${env().DATABASE_PATH}, ${(statSync(env().DATABASE_PATH).size / 1e6).toFixed(0)} MB`);
const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const app = await startApp({});
  try {
    const response = await fetch(`${app.url}/`);
    const html = await response.text();
    if (!response.ok || !html.includes("What the data covers")) throw new Error(`the landing page answered ${response.status}`);
    times.push(performance.now() - started);
  } finally {
    await app.stop();
  }
}
const worst = Math.max(...times);
console.log(`first page served ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(", ")} after \`next start\` (${RUNS} cold starts)`);
console.log(`${worst <= TARGET_MS ? "PASS" : "FAIL"}: worst ${(worst / 1000).toFixed(2)} s, target ≤ ${TARGET_MS / 1000} s`);
if (worst > TARGET_MS) process.exit(1);
