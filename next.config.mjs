/** @type {import('next').NextConfig} */
const nextConfig = {
  // The API spec writes every path with a trailing slash; answer those directly instead of
  // redirecting (Next's default is a 308 to the path without the slash).
  trailingSlash: true,
  // Next's redirect for a missing slash is done by proxy.ts (pages) and lib/api/route.ts (API), so
  // that API requests never pass through the proxy (see proxy.ts).
  skipTrailingSlashRedirect: true,
  // Native modules must be loaded by Node at run time, not bundled.
  serverExternalPackages: ["better-sqlite3", "sqlite-vec", "ioredis"],
  poweredByHeader: false,
  // `npm test` type checks once with tsc before it builds (scripts/test.ts); a build alone checks.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  reactStrictMode: true,
};

export default nextConfig;
