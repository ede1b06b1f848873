import { describe, expect, it } from "vitest";
import { CONNECTION_REFUSALS } from "./connection-refusals";
import { PROBLEM_CONTENT_TYPE, PROBLEMS, ProblemSchema, problemType } from "./problem";

describe("CONNECTION_REFUSALS", () => {
  it("answers each of Node's refusals with a documented problem of its status", () => {
    for (const [status, { contentType, body }] of Object.entries(CONNECTION_REFUSALS)) {
      expect(contentType).toBe(PROBLEM_CONTENT_TYPE);
      const problem = ProblemSchema.parse(JSON.parse(body));
      expect(problem.status).toBe(Number(status));
      const kind = Object.entries(PROBLEMS).find(([kind]) => problemType(kind as keyof typeof PROBLEMS) === problem.type);
      expect(kind?.[1]).toMatchObject({ status: Number(status), title: problem.title });
    }
  });
});
