import { type NextRequest, NextResponse } from "next/server";
import { publicCorsHeaders } from "@/lib/api/cors";
import { REQUEST_ID_HEADER, requestIdFor } from "@/lib/api/request-id";

/**
 * The trailing-slash redirect, done here instead of by Next (`skipTrailingSlashRedirect`) so that
 * its API answers carry an `x-request-id` and CORS headers like every other API response. Every
 * API path ends with a slash, as the spec writes it, and is answered directly; the same path
 * without the slash answers 308 Permanent Redirect to it (clients keep the method and body).
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  // Files (a dot in the last segment) and .well-known keep their exact path, as with Next's own rule.
  if (pathname.endsWith("/") || /\.[^/]+$/.test(pathname) || pathname.startsWith("/.well-known/")) return NextResponse.next();
  // A plain URL: NextURL would format the path by the trailingSlash setting.
  const target = new URL(request.url);
  target.pathname = `${pathname}/`;
  if (!pathname.startsWith("/api/")) return NextResponse.redirect(target, 308);
  // Next writes the body of a redirect itself (the new location, as text).
  return new NextResponse(null, {
    status: 308,
    headers: { Location: target.toString(), [REQUEST_ID_HEADER]: requestIdFor(request.headers), ...publicCorsHeaders("GET, POST, OPTIONS") },
  });
}

export const config = {
  // Everything but Next's own assets.
  matcher: ["/((?!_next/).*)"],
};
