/** @type {import('next').NextConfig} */
const nextConfig = {
  // The API spec writes every path with a trailing slash; answer those directly instead of
  // redirecting (Next's default is a 308 to the path without the slash).
  trailingSlash: true,
  // proxy.ts does the slash redirect itself, so that API paths get a JSON answer with a request id.
  skipTrailingSlashRedirect: true,
  // Native modules must be loaded by Node at run time, not bundled.
  serverExternalPackages: ["better-sqlite3", "sqlite-vec", "ioredis"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
