import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const FOLDERS = ["lib", "scripts", "test"];
const named = (suffix: string) => FOLDERS.map((folder) => `${folder}/**/*${suffix}`);
/** Tests that read the built database (var/screener.db). */
const DATABASE_TESTS = named(".db.test.ts");
/** Tests that start PostgreSQL or Redis, or build databases of their own from the bundled data. */
const INTEGRATION_TESTS = named(".integration.test.ts");
/** Where the quick and integration tests find no database: one that reads the built database fails at once there. */
const NO_DATABASE = { DATABASE_PATH: "var/no-database-outside-db-tests.db" };

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    environment: "node",
    pool: "forks",
    // Both cores of the CI machine (Vitest's default leaves one for itself).
    maxWorkers: 2,
    testTimeout: 60_000,
    // Setup that reads the whole built database waits for a core behind the browser tests (scripts/test.ts).
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "quick", include: named(".test.ts"), exclude: [...DATABASE_TESTS, ...INTEGRATION_TESTS], env: NO_DATABASE } },
      { extends: true, test: { name: "integration", include: INTEGRATION_TESTS, env: NO_DATABASE } },
      { extends: true, test: { name: "db", include: DATABASE_TESTS } },
    ],
  },
});
