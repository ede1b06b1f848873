import { describe, expect, it } from "vitest";
import { newNonce, pagePolicy } from "./content-security-policy";

const scriptSources = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src "))?.split(" ").slice(1);

describe("the pages' Content-Security-Policy", () => {
  it("makes a new 128-bit nonce each time, in a CSP nonce's alphabet", () => {
    const nonces = Array.from({ length: 50 }, newNonce);
    expect(new Set(nonces).size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });

  it("runs only scripts with the nonce, and allows eval under next dev alone", () => {
    expect(scriptSources(pagePolicy("abc=", { development: false }))).toEqual(["'self'", "'nonce-abc='", "'strict-dynamic'"]);
    expect(scriptSources(pagePolicy("abc=", { development: true }))).toEqual(["'self'", "'nonce-abc='", "'strict-dynamic'", "'unsafe-eval'"]);
  });

  it("is never framed and loads plugins from nowhere", () => {
    const policy = pagePolicy("abc=", { development: false });
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
  });
});
