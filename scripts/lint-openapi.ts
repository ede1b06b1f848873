/**
 * Lints the served OpenAPI document with Redocly (rules in redocly.yaml; examples are validated
 * against their schemas): writes it to a temporary file, runs `redocly lint` on it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { publicApiDocument } from "@/lib/api/public-document";

const dir = mkdtempSync(path.join(os.tmpdir(), "openapi-lint-"));
try {
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(publicApiDocument(), null, 2));
  const redocly = path.resolve("node_modules/.bin/redocly");
  const lint = spawnSync(redocly, ["lint", file, "--config", "redocly.yaml", "--format", "stylish"], {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
