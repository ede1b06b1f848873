import { rmSync } from "node:fs";
import { afterAll, describe, expect, expectTypeOf, it, vi } from "vitest";
import type { z } from "zod";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { apiStateDb } from "@/lib/db/api-state-db";
import { type FilingSearchRequest, FilingSearchRequestSchema } from "@/lib/filings/search-schema";
import { type FilingSearchV2Request, FilingSearchV2RequestSchema } from "@/lib/filings/search-v2-schema";
import { QUERY_TASKS, type QueryInput, type QueryTaskName } from "@/lib/work/query-tasks";
import { encodeAnswer } from "@/lib/work/answer-bytes";
import { JsonAnswer } from "@/lib/work/json-answer";
import type { AnswerBound } from "@/lib/work/worker-protocol";
import * as v1Route from "@/app/api/v1/filings/search/route";
import * as v2Route from "@/app/api/v2/filings/search/route";

/**
 * A search body is parsed once, at the route: the real v1 and v2 routes over the built database,
 * with the query pool's worker thread replaced by the task run here (and its answer serialised as
 * the worker does) on a structured clone of its
 * input (what the pool's postMessage sends), so the value each task receives can be seen.
 */
const stateDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const dir = mkdtempSync(path.join(tmpdir(), "search-parsed-once-"));
  process.env.API_STATE_PATH = path.join(dir, "state.db");
  return dir;
});
const answerQuery = vi.hoisted(() => vi.fn());
vi.mock("@/lib/work/query-pool", () => ({ answerQuery }));
answerQuery.mockImplementation(async (task: QueryTaskName, { body, bound }: { body: unknown; bound: AnswerBound }) =>
  new JsonAnswer(encodeAnswer(await (QUERY_TASKS[task] as (input: unknown) => unknown)(structuredClone(body)), bound)),
);
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

const key = createApiKey(apiStateDb(), { name: "parsed once", tier: "starter" }).key;
const post = (route: { POST: (request: Request) => Promise<Response> }, path: string, body: unknown) =>
  route.POST(new Request(`http://localhost${path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) }));

/** The input of the pool's last job, as its task received it. */
const lastInput = () => (answerQuery.mock.lastCall?.[1] as { body: unknown } | undefined)?.body;

describe("a search body is parsed once, at the route", () => {
  it("v1: the task receives the schema's output, defaults applied, and answers it", async () => {
    const body: FilingSearchRequest = { queries: ["Kraft Heinz goodwill impairment 2018"], name: "Kraft Heinz" };
    const response = await post(v1Route, "/api/v1/filings/search/", body);
    expect(response.status).toBe(200);
    expect(answerQuery.mock.lastCall?.[0]).toBe("searchFilings");
    expect(lastInput()).toEqual({ ...body, results: 5, rerank: false, searchtype: "hybrid" });
    expect(lastInput()).toEqual(FilingSearchRequestSchema.parse(body));
    expect((await response.json()).results).toHaveLength(5);
  });

  it("v2: the task receives the schema's output, v2's defaults applied, and answers it", async () => {
    const body: FilingSearchV2Request = { queries: ["goodwill impairment"], tickers: ["khc"], form_groups: ["annual"] };
    const response = await post(v2Route, "/api/v2/filings/search/", body);
    expect(response.status).toBe(200);
    expect(answerQuery.mock.lastCall?.[0]).toBe("searchFilingsV2");
    expect(lastInput()).toEqual({ ...body, results: 5, rerank: false, searchtype: "hybrid", sort: "relevance" });
    expect(lastInput()).toEqual(FilingSearchV2RequestSchema.parse(body));
    const { results } = await response.json();
    expect(results.map((hit: { company: { ticker: string } }) => hit.company.ticker)).toEqual(Array(5).fill("KHC"));
  });

  it("a body the schema refuses never reaches a task: the route's 400 names the member", async () => {
    answerQuery.mockClear();
    const response = await post(v1Route, "/api/v1/filings/search/", { queries: ["goodwill"], colour: "red" });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toContainEqual({ pointer: "/colour", message: 'Unknown member "colour".' });
    expect(answerQuery).not.toHaveBeenCalled();
  });

  it("the tasks take the parsed value as given: no schema parses it again", async () => {
    const spies = [FilingSearchRequestSchema, FilingSearchV2RequestSchema].flatMap((schema) => [vi.spyOn(schema, "parse"), vi.spyOn(schema, "safeParse")]);
    // 30 results: the routes refuse it (at most 25), and so would a task that parsed its input again.
    const v1 = await QUERY_TASKS.searchFilings({ queries: ["goodwill impairment"], results: 30, rerank: false, searchtype: "keyword" });
    expect(v1.results).toHaveLength(30);
    const v2 = await QUERY_TASKS.searchFilingsV2({ queries: ["goodwill impairment"], results: 30, rerank: false, searchtype: "keyword", sort: "relevance" });
    expect(v2.results).toHaveLength(30);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("types the tasks' input as the schemas' output, which a body as sent is not", () => {
    expectTypeOf<QueryInput<"searchFilings">>().toEqualTypeOf<z.output<typeof FilingSearchRequestSchema>>();
    expectTypeOf<QueryInput<"searchFilingsV2">>().toEqualTypeOf<z.output<typeof FilingSearchV2RequestSchema>>();
    expectTypeOf<FilingSearchRequest>().not.toExtend<QueryInput<"searchFilings">>();
    expectTypeOf<FilingSearchV2Request>().not.toExtend<QueryInput<"searchFilingsV2">>();
  });
});
