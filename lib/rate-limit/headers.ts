import type { RateLimitDecision } from "./sliding-window";

/**
 * The IETF httpapi RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-10/11):
 *   RateLimit-Policy: "minute";q=30;w=60, "day";q=1000;w=86400
 *   RateLimit: "minute";r=29;t=60, "day";r=999;t=86400
 * q is the quota and w the window in seconds; r is what remains after this request and t the
 * seconds until the window frees a request. A refused request also gets Retry-After.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Policy": decision.policies.map((p) => `"${p.name}";q=${p.limit};w=${p.windowSeconds}`).join(", "),
    RateLimit: decision.policies.map((p) => `"${p.name}";r=${p.remaining};t=${p.resetSeconds}`).join(", "),
  };
  if (decision.retryAfterSeconds !== null) headers["Retry-After"] = String(decision.retryAfterSeconds);
  return headers;
}
