import { type NextRequest, NextResponse } from "next/server";
import { PROBLEM_CONTENT_TYPE, problemBody } from "@/lib/api/problem";

/**
 * Next's trailing-slash redirect for pages (`/docs` → 308 `/docs/`), done here because
 * `skipTrailingSlashRedirect` turns Next's own off. It is off so that API paths never pass
 * through a proxy: Next buffers the whole body of a proxied request before the route sees it,
 * which would defeat the API's streaming body-size cap. The API routes redirect slashless paths
 * themselves (lib/api/route.ts), with a request id and CORS headers.
 *
 * It also answers paths whose percent-escapes do not decode (`/company/%E0%A4%A/`): they name
 * nothing, and Next 16 answers them with a bare 500 while matching a dynamic segment
 * (vercel/next.js#92527). API paths with an escape come here for that alone (no operation has one).
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!isDecodable(pathname)) {
    const body = problemBody("not_found", "No page or operation has this path: it has a percent-escape that does not decode.");
    return NextResponse.json(body, { status: body.status, headers: { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store" } });
  }
  if (pathname.startsWith("/api/")) return NextResponse.next();
  // Files (a dot in the last segment) and .well-known keep their exact path, as with Next's own rule.
  if (pathname.endsWith("/") || /\.[^/]+$/.test(pathname) || pathname.startsWith("/.well-known/")) return NextResponse.next();
  // A plain URL: NextURL would format the path by the trailingSlash setting.
  const target = new URL(request.url);
  target.pathname = `${pathname}/`;
  return NextResponse.redirect(target, 308);
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
