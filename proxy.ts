import { type NextRequest, NextResponse } from "next/server";

/**
 * Next's trailing-slash redirect for pages (`/docs` → 308 `/docs/`), done here because
 * `skipTrailingSlashRedirect` turns Next's own off. It is off so that API paths never pass
 * through a proxy: Next buffers the whole body of a proxied request before the route sees it,
 * which would defeat the API's streaming body-size cap. The API routes redirect slashless paths
 * themselves (lib/api/route.ts), with a request id and CORS headers.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  // Files (a dot in the last segment) and .well-known keep their exact path, as with Next's own rule.
  if (pathname.endsWith("/") || /\.[^/]+$/.test(pathname) || pathname.startsWith("/.well-known/")) return NextResponse.next();
  // A plain URL: NextURL would format the path by the trailingSlash setting.
  const target = new URL(request.url);
  target.pathname = `${pathname}/`;
  return NextResponse.redirect(target, 308);
}

export const config = {
  // Pages only: not Next's own assets, not the API.
  matcher: ["/((?!_next/|api/).*)"],
};
