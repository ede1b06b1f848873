import { describe, expect, it } from "vitest";
import { uiTokens } from "./ui-token";

const HOUR = 3_600_000;
const tokens = uiTokens("a secret of thirty-two characters!", HOUR);
const now = Date.parse("2026-11-27T12:00:00Z");

describe("UI tokens", () => {
  it("are valid for the address they were issued to until they expire", () => {
    const token = tokens.issue("203.0.113.7", now);
    expect(tokens.verify(token, "203.0.113.7", now)).toBe("valid");
    expect(tokens.verify(token, "203.0.113.7", now + HOUR - 1)).toBe("valid");
    expect(tokens.verify(token, "203.0.113.7", now + HOUR)).toBe("expired");
  });

  it("are invalid for another address, another secret, or when any character is changed", () => {
    const token = tokens.issue("203.0.113.7", now);
    expect(tokens.verify(token, "203.0.113.8", now)).toBe("invalid");
    expect(uiTokens("another secret of thirty-two chars", HOUR).verify(token, "203.0.113.7", now)).toBe("invalid");
    // A later expiry written into the token does not match its MAC.
    const [version, expiry, mac] = token.split(".");
    expect(tokens.verify(`${version}.${(parseInt(expiry!, 36) + HOUR).toString(36)}.${mac}`, "203.0.113.7", now)).toBe("invalid");
    for (let i = 0; i < token.length; i++) {
      const changed = token.slice(0, i) + (token[i] === "a" ? "b" : "a") + token.slice(i + 1);
      expect(tokens.verify(changed, "203.0.113.7", now), `character ${i}`).not.toBe("valid");
    }
  });

  it("are missing or invalid when absent or malformed, without throwing", () => {
    expect(tokens.verify(null, "203.0.113.7", now)).toBe("missing");
    expect(tokens.verify("", "203.0.113.7", now)).toBe("missing");
    for (const junk of ["v1", "v1..", "v2.abc.def", `v1.${"z".repeat(13)}.${"A".repeat(43)}`, "x".repeat(10_000)]) expect(tokens.verify(junk, "203.0.113.7", now)).toBe("invalid");
  });

  it("are due for renewal after half their life", () => {
    const token = tokens.issue("203.0.113.7", now);
    expect(tokens.renewalDue(token, now + HOUR / 2 - 1)).toBe(false);
    expect(tokens.renewalDue(token, now + HOUR / 2 + 1)).toBe(true);
  });

  it("without a configured secret, share the process's own: a page's token passes every route's copy of the module", () => {
    const page = uiTokens(undefined, HOUR);
    const route = uiTokens(undefined, HOUR);
    expect(route.verify(page.issue("203.0.113.7", now), "203.0.113.7", now)).toBe("valid");
    expect(tokens.verify(page.issue("203.0.113.7", now), "203.0.113.7", now)).toBe("invalid");
  });
});
