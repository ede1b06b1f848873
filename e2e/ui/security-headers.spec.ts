import { expect, type Page, test } from "@playwright/test";
import { searchSettled } from "./filings-support";

/**
 * Every kind of page under its Content-Security-Policy: the headers, a nonce on every script the
 * HTML holds, no violation while the page loads, hydrates and loads its lazy parts (uPlot, the
 * result charts), and a working page afterwards (the theme toggle is React's).
 */

const SCREEN = { marketCap_usd: { min: 1e10 }, country: { values: ["United States"] } };

const PAGES: { name: string; path: string; status?: number; ready: (page: Page) => Promise<void> }[] = [
  { name: "the landing page", path: "/", ready: (page) => expect(page.getByTestId("as-of")).toBeVisible() },
  { name: "the screener", path: "/screener/", ready: (page) => expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("data-state", "ready") },
  {
    name: "a shared screen, with its result charts",
    path: `/screener/?filters=${encodeURIComponent(JSON.stringify(SCREEN))}`,
    ready: async (page) => {
      await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("data-state", "ready");
      await page.getByRole("button", { name: /Charts of the results/ }).click();
      await expect(page.getByTestId("histogram-chart")).toBeVisible();
    },
  },
  { name: "a filing search", path: "/filings/?q=share+repurchase&ticker=MMM", ready: searchSettled },
  { name: "a filing", path: "/filings/3M_2018_10K/", ready: (page) => expect(page.getByRole("region", { name: "Page 1" })).toBeVisible() },
  { name: "a company, with its price chart", path: "/company/NYSE:IBM/", ready: (page) => expect(page.getByTestId("price-chart").locator("canvas").first()).toBeVisible() },
  { name: "the API reference", path: "/docs/", ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "the API reference (v2)", path: "/docs/v2/", ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "a missing page", path: "/no-such-page/", status: 404, ready: (page) => expect(page.getByRole("heading", { name: "Not found" })).toBeVisible() },
];

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((part) => {
    const [name = "", ...sources] = part.trim().split(/\s+/);
    return [name, sources];
  }));
}

function nonceOf(policy: string): string {
  const nonce = directives(policy).get("script-src")?.find((source) => source.startsWith("'nonce-"));
  expect(nonce, policy).toBeDefined();
  return nonce!.slice("'nonce-".length, -1);
}

/** Violations the page reports, and the console's "Refused to …" lines. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} refused ${event.blockedURI}`));
  });
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("Refused to")) refused.push(message.text());
  });
  return async () => [...refused, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

test.describe("security headers and the pages' Content-Security-Policy", () => {
  for (const { name, path, status = 200, ready } of PAGES) {
    test(`${name} runs under its policy without a violation`, async ({ page }) => {
      const violations = await watchViolations(page);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const response = (await page.goto(path))!;
      expect(response.status()).toBe(status);
      const headers = response.headers();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const policy = headers["content-security-policy"]!;
      const nonce = nonceOf(policy);
      const policyDirectives = directives(policy);
      expect(policyDirectives.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
      for (const [directive, sources] of Object.entries({
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "connect-src": ["'self'"],
        "img-src": ["'self'"],
      })) {
        expect(policyDirectives.get(directive), directive).toEqual(sources);
      }
      // Every script in the HTML, inline or not, carries this response's nonce.
      const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);

      await ready(page);
      // Hydrated: the toggle's handler is React's.
      const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
      await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(!dark);
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test("each page request gets a fresh nonce", async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/");
      nonces.add(nonceOf(response.headers()["content-security-policy"]!));
    }
    expect(nonces.size).toBe(3);
  });
});
