/**
 * CORS for the public API: any site may call it from a browser with a key (notebooks, other
 * apps). Keys travel in the Authorization header, never in cookies, so `*` is safe: a page can
 * only use a key it already has. `If-None-Match` and `ETag` let such a page revalidate GET answers.
 */
export function publicCorsHeaders(allow: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": allow,
    "Access-Control-Allow-Headers": "Authorization, Content-Type, If-None-Match, X-Request-Id",
    "Access-Control-Expose-Headers": "ETag, RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, WWW-Authenticate, Allow",
    "Access-Control-Max-Age": "600",
  };
}
