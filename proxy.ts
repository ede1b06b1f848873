import { type NextRequest, NextResponse } from "next/server";
import { PROBLEM_CONTENT_TYPE, type ProblemBody, problemBody } from "@/lib/api/problem";
import { CSP_HEADER, NONCE_HEADER, newNonce, pagePolicy } from "@/lib/http/content-security-policy";
import { sentMethod } from "@/lib/http/request-facts";

/**
 * Next's trailing-slash redirect for pages (`/docs` → 308 `/docs/`), done here because
 * `skipTrailingSlashRedirect` turns Next's own off. It is off so that API paths never pass
 * through a proxy: Next buffers the whole body of a proxied request before the route sees it,
 * which would defeat the API's streaming body-size cap. The API routes redirect slashless paths
 * themselves (lib/api/route.ts), with a request id and CORS headers.
 *
 * It refuses methods other than GET and HEAD on pages with a 405 problem (TRACE and the like come
 * here as OPTIONS, marked by lib/http/request-edge.ts).
 *
 * It also answers paths whose percent-escapes do not decode (`/company/%E0%A4%A/`): they name
 * nothing, and Next 16 answers them with a bare 500 while matching a dynamic segment
 * (vercel/next.js#92527). API paths with an escape come here for that alone (no operation has one).
 *
 * Every page request it passes on gets the pages' Content-Security-Policy with a fresh nonce
 * (lib/http/content-security-policy.ts); its own answers keep next.config.mjs's locked-down one.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!isDecodable(pathname)) {
    return problem(problemBody("not_found", "No page or operation has this path: it has a percent-escape that does not decode."));
  }
  if (pathname.startsWith("/api/")) return NextResponse.next();
  const method = sentMethod(request);
  if (!PAGE_METHODS.includes(method)) {
    const allow = PAGE_METHODS.join(", ");
    return problem(problemBody("method_not_allowed", `${method} is not allowed on pages; use ${allow}.`), { allow });
  }
  // Files (a dot in the last segment) and .well-known keep their exact path, as with Next's own rule.
  if (pathname.endsWith("/") || /\.[^/]+$/.test(pathname) || pathname.startsWith("/.well-known/")) return withPagePolicy(request);
  // A plain URL: NextURL would format the path by the trailingSlash setting.
  const target = new URL(request.url);
  target.pathname = `${pathname}/`;
  return NextResponse.redirect(target, 308);
}

/**
 * Pages are read, never posted to (the app has no server actions): Next would render a page for
 * PUT, DELETE or PROPFIND alike. OPTIONS too is refused: no page has anything to negotiate.
 */
const PAGE_METHODS = ["GET", "HEAD"];

/** Next reads the nonce from the request's policy and stamps its scripts with it. */
function withPagePolicy(request: NextRequest) {
  const nonce = newNonce();
  const policy = pagePolicy(nonce, { development: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set(CSP_HEADER, policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set(CSP_HEADER, policy);
  return response;
}

function problem(body: ProblemBody, headers: Record<string, string> = {}) {
  return NextResponse.json(body, { status: body.status, headers: { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store", ...headers } });
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  // Pages, not Next's own assets; of the API only paths with a percent-escape.
  matcher: ["/((?!_next/|api/).*)", "/api/(.*%.*)"],
};
