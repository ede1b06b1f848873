import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseTiers } from "@/lib/rate-limit/tiers";
import { buildOpenApiDocument } from "./openapi";
import { type ApiOperation, MAX_ANSWER_BYTES } from "./operation";
import { publicOperations, v2Operations } from "./operations";
import * as uiOperationsModule from "./ui-operations";
import { uiAdvancedScreenOperation, uiBasicScreenOperation } from "./screener-operations";

const uiOperations: ApiOperation[] = [...Object.values(uiOperationsModule), uiBasicScreenOperation, uiAdvancedScreenOperation];
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from "./problem";

const document = buildOpenApiDocument(publicOperations, parseTiers(undefined));

interface ResponseObject {
  content?: Record<string, { examples?: Record<string, { value: unknown }> }>;
  headers?: Record<string, { example?: unknown }>;
}

describe("OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const validated = (await SwaggerParser.validate(structuredClone(document) as never)) as { openapi?: string };
    expect(validated.openapi).toBe("3.1.0");
  });

  it("has every example satisfy its schema (JSON Schema 2020-12, as OpenAPI 3.1 tools check them)", () => {
    // The whole document is one schema resource: each example is checked against a $ref to its schema's location.
    const ajv = new Ajv2020({ strict: false, allErrors: true }).addSchema(structuredClone(document), "openapi");
    const examples = examplesWithSchemas(document);
    expect(examples.length).toBeGreaterThan(50);
    const failures = examples.flatMap(({ at, schemaAt, value }) =>
      ajv.validate({ $ref: `openapi#${schemaAt}` }, value) ? [] : [`${at}: ${ajv.errorsText(ajv.errors)}`],
    );
    expect(failures).toEqual([]);
  });

  it("states every operation's answer bound, none above 10 MB, the UI's operations included", () => {
    for (const op of [...publicOperations, ...uiOperations]) expect(op.responseBound.maxBytes, op.operationId).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    for (const op of publicOperations) {
      const described = document.paths?.[op.path]?.[op.method] as { description: string; "x-max-response-bytes": number };
      expect(described["x-max-response-bytes"], op.operationId).toBe(op.responseBound.maxBytes);
      expect(described.description, op.operationId).toMatch(/Answers are at most [\d.]+ MB/);
    }
  });

  it("names its server, licence and every tag's description (generated clients and linters need them)", () => {
    expect(document.servers?.[0]?.url).toBe("{base_url}");
    expect(document.servers?.[0]?.variables?.base_url?.default).toMatch(/^http:\/\/localhost:\d+$/);
    expect(document.info.license?.name).toBeTruthy();
    expect(document.tags?.map((tag) => tag.name).sort()).toEqual(["Filing search", "Screener"]);
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
  });

  it("has every registered operation at its exact path, trailing slash included", () => {
    expect(publicOperations.length).toBeGreaterThan(0);
    for (const op of publicOperations) {
      expect(op.path).toMatch(/^\/api\/v1\/.+\/$/);
      expect(document.paths?.[op.path]?.[op.method]?.operationId).toBe(op.operationId);
    }
  });

  // Every status each operation can answer, written out (not derived from the operations).
  const PIPELINE = ["200", "308", "401", "405", "429", "500", "503"];
  const BODY = ["400", "408", "413", "415"];
  const EXPECTED_STATUSES: Record<string, string[]> = {
    searchFilings: [...PIPELINE, ...BODY, "502"],
    getScreenerOptions: [...PIPELINE, "304"],
    runBasicScreen: [...PIPELINE, ...BODY],
    runAdvancedScreen: [...PIPELINE, ...BODY],
  };
  const responsesOf = (op: ApiOperation) => document.paths![op.path]![op.method]!.responses as Record<string, ResponseObject>;
  const problemExamples = (response: ResponseObject) => response.content![PROBLEM_CONTENT_TYPE]!.examples!;

  it("lists every status each operation can answer, with an example for the answer and for every error", () => {
    expect(Object.keys(EXPECTED_STATUSES).sort()).toEqual(publicOperations.map((op) => op.operationId).sort());
    for (const op of publicOperations) {
      const responses = responsesOf(op);
      const statuses = Object.keys(responses);
      expect(statuses.sort(), op.operationId).toEqual([...EXPECTED_STATUSES[op.operationId]!].sort());
      expect(Object.keys(responses["200"]!.content!["application/json"]!.examples ?? {}).length).toBeGreaterThan(0);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const examples = Object.values(problemExamples(responses[status]!));
        expect(examples.length, `${op.operationId} ${status}`).toBeGreaterThan(0);
        for (const { value } of examples) expect(ProblemSchema.parse(value).status).toBe(Number(status));
      }
      expect(Object.keys(responses["429"]!.headers!)).toContain("Retry-After");
      expect(Object.keys(responses["401"]!.headers!)).toContain("WWW-Authenticate");
      expect(responses["308"]!.headers!.Location).toMatchObject({ example: op.path });
      expect(responses["405"]!.headers!.Allow).toMatchObject({ example: op.method === "get" ? "GET, HEAD, OPTIONS" : "POST, OPTIONS" });
    }
  });

  it("shows filing search's unavailable index as a 502 with Retry-After, the screener's database being built as a 503, and the query workers' 503s", () => {
    for (const op of publicOperations) {
      const responses = responsesOf(op);
      if (op.operationId === "searchFilings") {
        expect(Object.keys(problemExamples(responses["502"]!))).toEqual(["embedding", "building"]);
        expect(Object.keys(responses["502"]!.headers!)).toContain("Retry-After");
        expect(Object.keys(problemExamples(responses["503"]!))).toEqual(["deadline", "queue", "limiter"]);
      } else if (op.method === "post") {
        expect(Object.keys(problemExamples(responses["503"]!)), op.operationId).toEqual(["building", "deadline", "queue", "limiter"]);
        expect(problemExamples(responses["503"]!).building!.value).toMatchObject({ detail: expect.stringContaining("being built") });
        expect(problemExamples(responses["503"]!).deadline!.value).toMatchObject({ detail: expect.stringContaining("deadline") });
      } else {
        expect(Object.keys(problemExamples(responses["503"]!)), op.operationId).toEqual(["building", "limiter"]);
        expect(problemExamples(responses["503"]!).building!.value).toMatchObject({ detail: expect.stringContaining("being built") });
      }
    }
  });

  it("documents 404 for unknown paths once, and the order of checks", () => {
    const notFound = document.components!.responses!.NotFound as ResponseObject;
    expect(ProblemSchema.parse(Object.values(problemExamples(notFound))[0]!.value).status).toBe(404);
    expect(document.info.description).toContain("**Order of checks**");
    expect(document.info.description).toMatch(/405 are decided before the key is looked at/);
  });

  it("shows a real validation error for each POST operation", () => {
    for (const op of publicOperations.filter((o) => o.request)) {
      const responses = document.paths![op.path]![op.method]!.responses as Record<string, ResponseObject>;
      const example = responses["400"]!.content!["application/problem+json"]!.examples!.unknownMember!.value;
      expect(ProblemSchema.parse(example).errors).toContainEqual({ pointer: "/colour", message: 'Unknown member "colour".' });
    }
  });

  it("documents bearer authentication, the limits and the headers", () => {
    expect(document.components?.securitySchemes?.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.security).toEqual([{ apiKey: [] }]);
    expect(document.info.description).toContain("30 requests per minute, 1000 requests per rolling 24 hours");
    expect(document.components?.headers?.RateLimit).toMatchObject({ example: '"minute";r=29;t=60, "day";r=999;t=86400' });
  });
});

describe("v2 document: saved screens, several operations on a resource path", () => {
  const v2 = buildOpenApiDocument(v2Operations, parseTiers(undefined));
  const responsesAt = (path: string, method: string) => (v2.paths![path] as Record<string, { responses: Record<string, ResponseObject> }>)[method]!.responses;

  it("validates as OpenAPI 3.1 with every example satisfying its schema", async () => {
    await SwaggerParser.validate(structuredClone(v2) as never);
    const ajv = new Ajv2020({ strict: false, allErrors: true }).addSchema(structuredClone(v2), "openapi");
    const failures = examplesWithSchemas(v2).flatMap(({ at, schemaAt, value }) => (ajv.validate({ $ref: `openapi#${schemaAt}` }, value) ? [] : [`${at}: ${ajv.errorsText(ajv.errors)}`]));
    expect(failures).toEqual([]);
  });

  it("puts each path's operations under it, with the path parameter and each method's statuses", () => {
    expect(Object.keys(v2.paths!["/api/v2/screens/"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(v2.paths!["/api/v2/screens/{id}/"]!).filter((k) => k !== "parameters").sort()).toEqual(["delete", "get", "put"]);
    const get = (v2.paths!["/api/v2/screens/{id}/"] as Record<string, { parameters?: { name: string; in: string; required: boolean }[] }>).get!;
    expect(get.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path", required: true }));
    // Written out, not derived: in process (no query worker's 503s), 201 and 204 for create and delete, 404 and 409 where they can happen.
    const pipeline = ["308", "401", "405", "429", "500", "503"];
    const body = ["400", "408", "413", "415"];
    const expected: [string, string, string[]][] = [
      ["/api/v2/screens/", "get", [...pipeline, "200", "304"]],
      ["/api/v2/screens/", "post", [...pipeline, ...body, "201", "409"]],
      ["/api/v2/screens/{id}/", "get", [...pipeline, "200", "304", "404"]],
      ["/api/v2/screens/{id}/", "put", [...pipeline, ...body, "200", "404"]],
      ["/api/v2/screens/{id}/", "delete", [...pipeline, "204", "404"]],
      ["/api/v2/shared-screens/{token}/", "get", [...pipeline, "200", "304", "404"]],
    ];
    for (const [path, method, statuses] of expected) {
      const responses = responsesAt(path, method);
      expect(Object.keys(responses).sort(), `${method} ${path}`).toEqual([...statuses].sort());
      expect(Object.keys(problemExamplesOf(responses["503"]!))).toEqual(["store", "limiter"]);
    }
    // A saved screen's history runs in the query workers: their 503s too.
    const history = responsesAt("/api/v2/screens/{id}/history/", "post");
    expect(Object.keys(history).sort()).toEqual([...pipeline, ...body, "200", "404"].sort());
    expect(Object.keys(problemExamplesOf(history["503"]!))).toEqual(["store", "building", "deadline", "queue", "limiter"]);
    expect(responsesAt("/api/v2/screens/{id}/", "delete")["204"]!.content).toBeUndefined();
    expect(responsesAt("/api/v2/screens/{id}/", "get")["405"]!.headers!.Allow).toMatchObject({ example: "GET, HEAD, PUT, DELETE, OPTIONS" });
    expect(responsesAt("/api/v2/screens/", "post")["405"]!.headers!.Allow).toMatchObject({ example: "GET, HEAD, POST, OPTIONS" });
  });
});

const problemExamplesOf = (response: ResponseObject) => response.content![PROBLEM_CONTENT_TYPE]!.examples!;

describe("registered operations", () => {
  it("have request examples that their own schemas accept", () => {
    for (const op of publicOperations.filter((o) => o.request)) {
      for (const [name, example] of Object.entries(op.request!.examples)) {
        expect(op.request!.schema.safeParse(example.value).success, `${op.operationId} example ${name}`).toBe(true);
      }
    }
  });

  it("reject unknown members at every level (strict objects only)", () => {
    // The check itself finds loose objects wherever they hide.
    const nested = z.strictObject({ a: z.array(z.union([z.strictObject({}), z.object({ b: z.string() })])).optional() });
    expect(looseObjects(nested)).toEqual(["/a"]);
    expect(looseObjects(z.record(z.string(), z.object({})))).toEqual(["/"]);
    for (const op of publicOperations.filter((o) => o.request)) {
      expect(looseObjects(op.request!.schema), op.operationId).toEqual([]);
    }
  });
});

/**
 * Every example of the document (media types, headers) with the JSON Pointers of the example and
 * of the schema it must satisfy.
 */
function examplesWithSchemas(node: unknown, at = ""): { at: string; schemaAt: string; value: unknown }[] {
  if (node === null || typeof node !== "object") return [];
  const found: { at: string; schemaAt: string; value: unknown }[] = [];
  const entries = Object.entries(node);
  if ("schema" in node) {
    for (const [key, child] of entries) {
      if (key === "example") found.push({ at: `${at}/example`, schemaAt: `${at}/schema`, value: child });
      if (key !== "examples" || child === null || typeof child !== "object") continue;
      for (const [name, example] of Object.entries(child)) {
        if (example !== null && typeof example === "object" && "value" in example) {
          found.push({ at: `${at}/examples/${pointerToken(name)}`, schemaAt: `${at}/schema`, value: example.value });
        }
      }
    }
  }
  for (const [key, child] of entries) {
    if (key !== "example" && key !== "examples") found.push(...examplesWithSchemas(child, `${at}/${pointerToken(key)}`));
  }
  return found;
}

const pointerToken = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/** Paths of object schemas inside `schema` that accept unknown keys. */
function looseObjects(schema: z.ZodType): string[] {
  const loose: string[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, at: string) => {
    if (node === null || typeof node !== "object" || seen.has(node) || !("_zod" in node)) return;
    seen.add(node);
    const def = (node as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    if (def.type === "object") {
      const catchall = def.catchall as { _zod: { def: { type: string } } } | undefined;
      if (catchall?._zod.def.type !== "never") loose.push(at || "/");
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) visit(child, `${at}/${key}`);
      return;
    }
    for (const key of ["innerType", "element", "valueType", "in", "out", "left", "right", "schema"]) visit(def[key], at);
    for (const option of (def.options as unknown[] | undefined) ?? []) visit(option, at);
    if (typeof def.getter === "function") visit((def.getter as () => unknown)(), at);
  };
  visit(schema, "");
  return loose;
}
