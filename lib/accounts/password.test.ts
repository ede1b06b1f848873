import { describe, expect, it } from "vitest";
import { hashPassword, passwordMatches } from "./password";

describe("passwords", () => {
  it("are stored as argon2id with their salt and parameters, and match only themselves", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain("correct horse");
    expect(await hashPassword("correct horse battery")).not.toBe(stored);
    expect(await passwordMatches(stored, "correct horse battery")).toBe(true);
    expect(await passwordMatches(stored, "correct horse batterY")).toBe(false);
    expect(await passwordMatches(null, "correct horse battery")).toBe(false);
  });
});
