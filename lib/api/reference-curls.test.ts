import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { publicOperations } from "./operations";
import { API_VERSIONS } from "./api-versions";
import { firstRequestCurl, operationCurl } from "./reference-curls";

/** Runs `sh -n` (parse only) on a command; throws with the shell's message when it does not parse. */
const shellParses = (command: string) => execFileSync("sh", ["-n", "-c", command], { stdio: ["ignore", "ignore", "pipe"] });

describe("the curl commands of /docs", () => {
  // An origin with a quote in it: the Host header comes from the request.
  for (const origin of ["http://localhost:3000", "http://it's.example:3000"]) {
    it(`parse in sh and send each operation's first example as the body (${origin})`, () => {
      for (const { base } of API_VERSIONS) {
        expect(() => shellParses(firstRequestCurl(origin, base))).not.toThrow();
        expect(firstRequestCurl(origin, base)).toContain(`${base}screener/options/`);
      }
      for (const op of publicOperations) {
        const curl = operationCurl(op, origin);
        expect(() => shellParses(curl), op.operationId).not.toThrow();
        // Replace curl by printf: the shell hands back the URL and the body exactly.
        const args = execFileSync("sh", ["-c", `printf '%s\\n' ${curl.slice("curl ".length)}`]).toString().split("\n");
        expect(args, op.operationId).toContain(`${origin}${op.path}`);
        const example = op.request && Object.values(op.request.examples)[0]?.value;
        if (example === undefined) expect(args, op.operationId).not.toContain("-d");
        else expect(JSON.parse(args[args.indexOf("-d") + 1]!), op.operationId).toEqual(example);
      }
    });
  }
});
