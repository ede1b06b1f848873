import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { publicApiRequest } from "./public-api-request";

describe("publicApiRequest", () => {
  it("gives the endpoint, the JSON body and a curl command whose body survives the shell", () => {
    const body = { filters: { description_keywords: { fts: `O'Reilly "auto parts"` } }, sort: { field: "price", desc: false } };
    const request = publicApiRequest("http://localhost:3000", "/api/v1/screener/basic/", body);
    expect(request.url).toBe("http://localhost:3000/api/v1/screener/basic/");
    expect(JSON.parse(request.json)).toEqual(body);
    expect(request.curl).toContain(`-H "Authorization: Bearer $API_KEY"`);
    // The shell parses the -d argument back into exactly the body.
    const dArgument = request.curl.split(" -d ")[1]!;
    const echoed = execFileSync("sh", ["-c", `printf %s ${dArgument}`]).toString();
    expect(JSON.parse(echoed)).toEqual(body);
  });
});
