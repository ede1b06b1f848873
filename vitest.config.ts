import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const UNIT_TESTS = ["lib/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts"];
/** Tests that read the built database (var/screener.db), start PostgreSQL or Redis, or build a database from the bundled data. */
const INTEGRATION_TESTS = UNIT_TESTS.map((pattern) => pattern.replace(/\.test\.ts$/, ".integration.test.ts"));

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    environment: "node",
    pool: "forks",
    // Both cores of the CI machine (Vitest's default leaves one for itself).
    maxWorkers: 2,
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "quick",
          include: UNIT_TESTS,
          exclude: INTEGRATION_TESTS,
          // A quick test that reads the built database fails here instead of passing only where one exists.
          env: { DATABASE_PATH: "var/no-database-for-quick-tests.db" },
        },
      },
      { extends: true, test: { name: "integration", include: INTEGRATION_TESTS } },
    ],
  },
});
