/** @type {import('next').NextConfig} */
const nextConfig = {
  // The API spec writes every path with a trailing slash; answer those directly instead of
  // redirecting (Next's default is a 308 to the path without the slash).
  trailingSlash: true,
  // Next's redirect for a missing slash is done by proxy.ts (pages) and lib/api/route.ts (API), so
  // that API requests never pass through the proxy (see proxy.ts).
  skipTrailingSlashRedirect: true,
  // Native modules must be loaded by Node at run time, not bundled.
  serverExternalPackages: ["better-sqlite3", "sqlite-vec", "ioredis", "@node-rs/argon2"],
  poweredByHeader: false,
  // `npm test` type checks once with tsc before it builds (scripts/test.ts); a build alone checks.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  reactStrictMode: true,
  // On every answer: pages, API, Next's assets and error pages, public files. The policy here is
  // for answers that run nothing (JSON, files); proxy.ts replaces it on pages with theirs.
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};

const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" },
  // No framing, for browsers without frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Full URLs (screens and searches are in the query) stay on this site; others see the origin.
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

export default nextConfig;
