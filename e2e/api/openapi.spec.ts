import SwaggerParser from "@apidevtools/swagger-parser";
import { expect, test } from "@playwright/test";
import { publicOperations } from "@/lib/api/operations";
import { call } from "./support";

test("the OpenAPI document is served without a key and validates as OpenAPI 3.1", async () => {
  const response = await call("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json");
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("x-request-id")).toBeTruthy();
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  await SwaggerParser.validate(structuredClone(document));
  expect(Object.keys(document.paths).sort()).toEqual(publicOperations.map((op) => op.path).sort());

  const etag = response.headers.get("etag")!;
  expect((await call("/api/v1/openapi.json", { headers: { "if-none-match": etag } })).status).toBe(304);
});

test("the API reference page works offline: no resources from other hosts, every operation and error documented", async () => {
  const response = await call("/docs/");
  expect(response.status).toBe(200);
  const html = await response.text();
  const external = [...html.matchAll(/(?:src|href)="(https?:)?\/\/[^"]+"/g)].map((m) => m[0]).filter((attr) => !attr.includes("127.0.0.1"));
  expect(external).toEqual([]);
  for (const op of publicOperations) {
    expect(html).toContain(op.path);
    expect(html).toContain(`id="${op.operationId}"`);
  }
  for (const anchor of ["problem-validation", "problem-unauthorized", "problem-rate-limited", "problem-payload-too-large", "problem-unsupported-media-type"]) {
    expect(html).toContain(`id="${anchor}"`);
  }
  expect(html).toContain("RateLimit-Policy");
  expect(html).toContain("Authorization: Bearer");
});
