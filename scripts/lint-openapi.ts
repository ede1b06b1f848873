/**
 * Lints the served OpenAPI documents (one per API version) with Redocly (rules in redocly.yaml; examples are validated
 * against their schemas): writes it to a temporary file, runs `redocly lint` on it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { API_VERSIONS } from "@/lib/api/api-versions";
import { publicApiDocument } from "@/lib/api/public-document";

const dir = mkdtempSync(path.join(os.tmpdir(), "openapi-lint-"));
try {
  const redocly = path.resolve("node_modules/.bin/redocly");
  for (const api of API_VERSIONS) {
    const file = path.join(dir, `openapi-${api.id}.json`);
    writeFileSync(file, JSON.stringify(publicApiDocument(api), null, 2));
    const lint = spawnSync(redocly, ["lint", file, "--config", "redocly.yaml", "--format", "stylish"], {
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    if (lint.status !== 0) process.exitCode = lint.status ?? 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
