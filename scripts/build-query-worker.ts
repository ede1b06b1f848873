/**
 * `npm run build`, after `next build`: bundles the query worker (lib/work/query-worker.ts and what
 * it imports) into one JavaScript file, so production workers start without a TypeScript compiler.
 * Packages stay external: Node loads them from node_modules (better-sqlite3 and sqlite-vec are native).
 */
import { build } from "esbuild";
import { BUILT_QUERY_WORKER } from "@/lib/work/query-worker-entry";

await build({
  entryPoints: ["lib/work/query-worker.ts"],
  outfile: BUILT_QUERY_WORKER,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`[build] query worker: ${BUILT_QUERY_WORKER}`);
