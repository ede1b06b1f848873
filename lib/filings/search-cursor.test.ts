import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { decodeCursor, encodeCursor, searchFingerprint } from "./search-cursor";

const request = { queries: ["share repurchases"], searchtype: "hybrid", rerank: false, sort: "relevance", results: 25 };

/** The field errors a decode raises (none: it decoded). */
function errorsOf(decode: () => number) {
  try {
    decode();
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}

describe("the v2 search cursor", () => {
  const fingerprint = searchFingerprint(request);

  it("round-trips the offset for the same request", () => {
    expect(decodeCursor(encodeCursor(25, fingerprint), fingerprint, 499)).toBe(25);
  });

  it("identifies a request by everything but `results` and `cursor`, in any member order", () => {
    expect(searchFingerprint({ ...request, results: 10, cursor: "x" })).toBe(fingerprint);
    expect(searchFingerprint({ results: 25, sort: "relevance", rerank: false, searchtype: "hybrid", queries: ["share repurchases"] })).toBe(fingerprint);
    expect(searchFingerprint({ ...request, sort: "date" })).not.toBe(fingerprint);
    expect(searchFingerprint({ ...request, queries: ["buybacks"] })).not.toBe(fingerprint);
  });

  it("refuses another search's cursor at /cursor", () => {
    const other = encodeCursor(25, searchFingerprint({ ...request, sort: "date" }));
    expect(errorsOf(() => decodeCursor(other, fingerprint, 499))).toEqual([{ pointer: "/cursor", message: expect.stringContaining("different search") }]);
  });

  it("refuses garbage, forged offsets and offsets past the depth at /cursor", () => {
    const forged = (body: unknown) => Buffer.from(JSON.stringify(body)).toString("base64url");
    for (const cursor of ["", "not a cursor", "%%%", forged({ offset: 0, request: fingerprint }), forged({ offset: 2.5, request: fingerprint }), forged({ offset: 25 }), forged([25])]) {
      expect(errorsOf(() => decodeCursor(cursor, fingerprint, 499)).map((e) => e.pointer), cursor).toEqual(["/cursor"]);
    }
    expect(errorsOf(() => decodeCursor(encodeCursor(500, fingerprint), fingerprint, 499)).map((e) => e.pointer)).toEqual(["/cursor"]);
  });
});
