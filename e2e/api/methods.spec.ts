import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { ProblemSchema } from "@/lib/api/problem";
import { baseUrl, BASIC_PATH, OPTIONS_PATH } from "./support";

// node:http, not fetch: fetch refuses TRACE, and it must reach the app as sent. (Methods Node's
// HTTP parser does not know, such as TRACK, never reach the app: Node answers them 400 itself.)
function send(method: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function expectMethodNotAllowed(method: string, path: string, allow: string) {
  const response = await send(method, path);
  expect(response.status, `${method} ${path}`).toBe(405);
  expect(response.headers["allow"], `${method} ${path}`).toBe(allow);
  expect(response.headers["content-type"]).toBe("application/problem+json");
  const problem = ProblemSchema.parse(JSON.parse(response.body));
  expect(problem).toMatchObject({ status: 405, type: "/docs/#problem-method-not-allowed" });
  expect(problem.detail).toContain(method);
}

test("API paths answer methods Next does not dispatch with the path's 405 problem and Allow", async () => {
  for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "SEARCH"]) {
    await expectMethodNotAllowed(method, BASIC_PATH, "POST, OPTIONS");
    await expectMethodNotAllowed(method, OPTIONS_PATH, "GET, HEAD, OPTIONS");
    await expectMethodNotAllowed(method, "/api/health/", "GET, HEAD");
  }
  for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) await expectMethodNotAllowed(method, "/api/health/", "GET, HEAD");
  // A path with no operation stays a 404, whatever the method.
  const missing = await send("TRACE", "/api/v1/nothing/");
  expect(missing.status).toBe(404);
  expect(missing.headers["content-type"]).toBe("application/problem+json");
});

test("pages and static files answer GET and HEAD only; every other method gets a 405 problem with Allow", async () => {
  for (const path of ["/", "/screener/", "/filings/", "/docs/", "/favicon.svg"]) {
    for (const method of ["TRACE", "PROPFIND", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) await expectMethodNotAllowed(method, path, "GET, HEAD");
    expect((await send("HEAD", path)).status, path).toBe(200);
  }
});

test("a client cannot pass a method past the check by naming it in x-unserved-method", async () => {
  const response = await fetch(new URL("/screener/", baseUrl()), { headers: { "x-unserved-method": "PROPFIND" } });
  expect(response.status).toBe(200);
});
