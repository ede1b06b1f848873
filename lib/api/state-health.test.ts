import { afterAll, describe, expect, it } from "vitest";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { openPgState } from "@/lib/db/api-state-pg";
import { createApiServices } from "./api-services";
import { HttpProblem } from "./problem";
import { reachableStateStores } from "./state-health";

const db = openApiStateDb(":memory:");
// Nothing listens on port 1: PostgreSQL is unreachable.
const away = openPgState("postgres://postgres@127.0.0.1:1/postgres");
afterAll(async () => {
  db.close();
  await away.close();
});

describe("state stores in /api/health/", () => {
  it("names the stores and reports them reachable", async () => {
    expect(await reachableStateStores(createApiServices({ kind: "sqlite", db }, { uiPerMinute: 5 }))).toEqual({
      api_keys: { store: "sqlite", reachable: true },
      rate_limits: { store: "sqlite", reachable: true },
    });
  });

  it("answers a 503 problem with Retry-After naming the store that cannot be reached", async () => {
    const problem = await reachableStateStores(createApiServices({ kind: "postgres", pg: away }, { uiPerMinute: 5 })).catch((e: unknown) => e);
    if (!(problem instanceof HttpProblem)) throw new Error(`expected an HttpProblem, got ${String(problem)}`);
    expect(problem.kind).toBe("unavailable");
    expect(problem.detail).toContain("(postgres)");
    expect(problem.options.headers).toEqual({ "Retry-After": "5" });
    expect(problem.options.members).toEqual({
      state_stores: { api_keys: { store: "postgres", reachable: false }, rate_limits: { store: "postgres", reachable: false } },
    });
  });
});
