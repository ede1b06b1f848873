import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseTiers } from "@/lib/rate-limit/tiers";
import { buildOpenApiDocument } from "./openapi";
import { publicOperations } from "./operations";
import { ProblemSchema } from "./problem";

const document = buildOpenApiDocument(publicOperations, parseTiers(undefined));

interface ResponseObject {
  content?: Record<string, { examples?: Record<string, { value: unknown }> }>;
  headers?: Record<string, unknown>;
}

describe("OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const validated = (await SwaggerParser.validate(structuredClone(document) as never)) as { openapi?: string };
    expect(validated.openapi).toBe("3.1.0");
  });

  it("has every registered operation at its exact path, trailing slash included", () => {
    expect(publicOperations.length).toBeGreaterThan(0);
    for (const op of publicOperations) {
      expect(op.path).toMatch(/^\/api\/v1\/.+\/$/);
      expect(document.paths?.[op.path]?.[op.method]?.operationId).toBe(op.operationId);
    }
  });

  it("gives every operation an example for its answer and for every error status, each a valid problem", () => {
    for (const op of publicOperations) {
      const responses = document.paths![op.path]![op.method]!.responses as Record<string, ResponseObject>;
      const statuses = Object.keys(responses);
      const expected = ["200", "401", "429", "500", "503", ...(op.request ? ["400", "413", "415"] : ["304"]), ...(op.extraErrorStatuses ?? []).map(String)];
      expect(statuses.sort()).toEqual([...new Set(expected)].sort());
      expect(Object.keys(responses["200"]!.content!["application/json"]!.examples ?? {}).length).toBeGreaterThan(0);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const examples = Object.values(responses[status]!.content!["application/problem+json"]!.examples!);
        expect(examples.length, `${op.operationId} ${status}`).toBeGreaterThan(0);
        for (const { value } of examples) expect(ProblemSchema.parse(value).status).toBe(Number(status));
      }
      expect(Object.keys(responses["429"]!.headers!)).toContain("Retry-After");
      expect(Object.keys(responses["401"]!.headers!)).toContain("WWW-Authenticate");
    }
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
