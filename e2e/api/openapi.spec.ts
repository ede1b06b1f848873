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
  // Every status an operation can answer, each with an example (a body, or the redirect's Location).
  for (const op of publicOperations) {
    const responses = document.paths[op.path][op.method].responses;
    const expected = ["200", "308", "401", "405", "429", "500", "503", ...(op.method === "post" ? ["400", "408", "413", "415"] : ["304"])];
    if (op.path === "/api/v1/filings/search/") expected.push("502");
    expect(Object.keys(responses).sort(), op.path).toEqual(expected.sort());
    for (const status of expected.filter((s) => Number(s) >= 400)) {
      const examples = Object.values(responses[status].content["application/problem+json"].examples) as { value: { status: number } }[];
      expect(examples.length, `${op.path} ${status}`).toBeGreaterThan(0);
      for (const { value } of examples) expect(value.status).toBe(Number(status));
    }
    expect(responses["308"].headers.Location.example).toBe(op.path);
  }
  expect(document.components.responses.NotFound.content["application/problem+json"].examples.not_found.value.status).toBe(404);

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
  for (const anchor of [
    "problem-validation",
    "problem-unauthorized",
    "problem-not-found",
    "problem-method-not-allowed",
    "problem-rate-limited",
    "problem-payload-too-large",
    "problem-unsupported-media-type",
    "problem-backend",
    "problem-unavailable",
    "order",
  ]) {
    expect(html).toContain(`id="${anchor}"`);
  }
  expect(html).toContain("RateLimit-Policy");
  expect(html).toContain("Authorization: Bearer");
  expect(html).toContain("405 are decided before the key is looked at");
});
