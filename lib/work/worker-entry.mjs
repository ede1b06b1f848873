// A query worker's entry point: plain JavaScript, so Node can start it in production as in tests;
// tsx compiles the TypeScript it imports (resolving the `@/` paths of tsconfig.json).
import { register } from "tsx/esm/api";

register();
await import("./query-worker.ts");
