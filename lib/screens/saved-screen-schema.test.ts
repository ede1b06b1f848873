import { describe, expect, it } from "vitest";
import { SavedScreenInput } from "./saved-screen-schema";

const request = { filters: { peRatio: { max: 25 } } };
const problems = (body: unknown) => {
  const parsed = SavedScreenInput.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `/${i.path.join("/")}: ${i.message}`);
};

describe("a saved screen's alerts", () => {
  it("refuse a webhook on this machine or a private network (ALERT_WEBHOOK_PRIVATE_ADDRESSES is refuse by default)", () => {
    expect(problems({ name: "x", request, alerts: { webhook_url: "https://hooks.example.com/screens" } })).toEqual([]);
    for (const url of ["http://127.0.0.1:9000/hook", "http://localhost/hook", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.5/hook", "http://[::1]/hook"]) {
      expect(problems({ name: "x", request, alerts: { webhook_url: url } }), url).toEqual([expect.stringMatching(/^\/alerts\/webhook_url: a webhook must be on the public internet: /)]);
    }
  });

  it("refuse a webhook that is not a URL with the URL's message, never an exception", () => {
    for (const url of ["not a url", "http://", "http://[::1", "ftp://example.com/x"]) {
      expect(problems({ name: "x", request, alerts: { webhook_url: url } }), url).toEqual(["/alerts/webhook_url: an http or https URL"]);
    }
  });

  it("check alerts only against a request that runs, whatever else was sent as one", () => {
    for (const bad of [null, "abc", [], { filters: null }, { filters: {}, formulas: "x" }, { filters: {}, formulas: [null] }]) {
      const found = problems({ name: "x", request: bad, alerts: {} });
      expect(found.length, JSON.stringify(bad)).toBeGreaterThan(0);
      expect(found.every((p) => p.startsWith("/request")), JSON.stringify(found)).toBe(true);
    }
  });

  it("refuse a screen without a filter or a bounded formula, by name", () => {
    expect(problems({ name: "x", request: { filters: {} }, alerts: {} })).toEqual(["/alerts: alerts: the screen needs at least one filter (or a formula with min or max): without one, every listing is a member"]);
    expect(problems({ name: "x", request: { filters: {}, formulas: [{ name: "ey", expression: "1 / peRatio", min: 0.05 }] }, alerts: {} })).toEqual([]);
    expect(problems({ name: "x", request: { filters: {} } })).toEqual([]);
  });

  it("leave the alerts as they are when absent, off when null", () => {
    expect(SavedScreenInput.parse({ name: "x", request }).alerts).toBeUndefined();
    expect(SavedScreenInput.parse({ name: "x", request, alerts: null }).alerts).toBeNull();
  });
});
