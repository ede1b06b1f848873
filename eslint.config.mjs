import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import clientBoundary from "./eslint/client-boundary.mjs";

/**
 * lib/ in layers, top to bottom: a module imports only from layers below its own (never from a
 * sibling in its layer, never upwards), so folders cannot import each other in circles. Modules
 * not listed (lib/errors.ts, lib/url-params.ts, ...) are leaves below every layer. Above lib/:
 * components/, then app/ (lib/ imports neither; components/ never imports app/).
 */
const LAYERS = [
  ["lib/sync"],
  ["lib/api", "lib/ingest", "lib/server-lifecycle"],
  ["lib/work"],
  ["lib/alerts"],
  ["lib/filings", "lib/screens", "lib/accounts"],
  ["lib/screener", "lib/companies", "lib/auth", "lib/coverage", "lib/charts"],
  ["lib/market"],
  ["lib/db", "lib/log"],
  ["lib/env"],
  ["lib/rate-limit", "lib/http"],
];
const WHY = {
  "lib/api": " Errors come from @/lib/errors; the operations are described in lib/api.",
  "lib/ingest": " Ingest is never loaded at query time: what both need lives in the domain.",
  "lib/sync": " The sync (npm run sync) runs the ingest; nothing at query time loads it.",
};
const upward = (name) => (name.startsWith("lib/") ? name.slice(4) : name);
const forbid = (target, from) => ({
  regex: `^(@/|(\\.\\./)+)(lib/)?${upward(target)}(/|$)`,
  message: `${from} may not import ${target} (see the layers in eslint.config.mjs).${WHY[target] ?? ""}`,
});
const UI = ["app", "components"];
const layerRules = (folders, from, forbidden) => ({
  files: folders.flatMap((folder) => [`${folder}/**`, `${folder}.ts`]),
  ignores: ["**/*.test.ts"],
  rules: { "no-restricted-imports": ["error", { patterns: forbidden.map((target) => forbid(target, from)) }] },
});

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "node_modules/**", "var/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    plugins: { "client-boundary": clientBoundary },
    // import/no-cycle maps every imported module; packages cannot close a cycle, so they are not parsed.
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
      // Type-only imports are not followed (they are erased); the resolver reads tsconfig's `@/` paths.
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "client-boundary/no-server-imports": "error",
    },
  },
  layerRules(["components"], "components", ["app"]),
  { ...layerRules(["lib"], "a leaf of lib/", [...UI, ...LAYERS.flat()]), ignores: ["**/*.test.ts", ...LAYERS.flat().flatMap((f) => [`${f}/**`, `${f}.ts`])] },
  ...LAYERS.flatMap((layer, i) =>
    layer.map((folder) => layerRules([folder], folder, [...UI, ...LAYERS.slice(0, i + 1).flat().filter((f) => f !== folder)])),
  ),
]);
