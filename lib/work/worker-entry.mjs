// A query worker's entry point in development, tests and benchmarks (query-worker-entry.ts chooses): plain
// JavaScript that Node starts as is, with tsx compiling the TypeScript it imports (resolving the `@/`
// paths of tsconfig.json). Under `next start` workers start from the bundle `npm run build` writes.
import { register } from "tsx/esm/api";

register();
await import("./query-worker.ts");
