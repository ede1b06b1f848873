import type { $ZodConfig } from "zod/v4/core";

// Runs in the browser before hydration, so before any client module builds a schema. Zod compiles
// object parsers with `new Function` where eval is allowed, probing for it on the first schema it
// builds: under the pages' policy (no 'unsafe-eval', lib/http/content-security-policy.ts) the probe
// fails quietly but is reported as a violation. Jitless, zod never probes. Zod keeps its settings
// in this global (zod/v4/core/core.js, shared by every copy); `z.config` itself would put about
// 5 KB gzipped of zod on every page, where the pages load zod later and only where they validate.
const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });
