import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { encodeAnswer } from "./answer-bytes";

const bound = (maxBytes: number) => ({ maxBytes, narrow: { pointer: "/page/limit", message: "ask for fewer rows" } });

describe("encodeAnswer", () => {
  it("is the value's JSON as UTF-8 bytes in a buffer of its own (transferable)", () => {
    const value = { name: "Nestlé", n: [1, 2] };
    const bytes = encodeAnswer(value, bound(100));
    expect(new TextDecoder().decode(bytes)).toBe(JSON.stringify(value));
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });

  it("refuses an answer over the bound with a 400 naming the member that makes it smaller", () => {
    const value = { rows: "x".repeat(2_000_000) };
    expect(() => encodeAnswer(value, bound(1_000_000))).toThrow(ValidationError);
    try {
      encodeAnswer(value, bound(1_000_000));
    } catch (error) {
      expect((error as ValidationError).errors).toEqual([{ pointer: "/page/limit", message: "the answer would be 2.0 MB, over this operation's bound of 1.0 MB: ask for fewer rows" }]);
    }
  });

  it("counts bytes, not characters", () => {
    expect(() => encodeAnswer("é".repeat(60), bound(100))).toThrow(ValidationError);
    expect(encodeAnswer("e".repeat(60), bound(100)).byteLength).toBe(62);
  });
});
