/**
 * The pages' Content-Security-Policy. proxy.ts sends it with a fresh nonce on every page request
 * and puts it on the request too, where Next reads the nonce and stamps its own scripts with it;
 * the root layout reads the nonce from NONCE_HEADER for its theme script. Every other answer
 * keeps the locked-down policy next.config.mjs sends (`default-src 'none'`).
 */

export const CSP_HEADER = "content-security-policy";
export const NONCE_HEADER = "x-nonce";

/** 128 random bits, base64: unguessable, and in the alphabet a CSP nonce source allows. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export function pagePolicy(nonce: string, { development }: { development: boolean }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic': only scripts with the nonce run, and the chunks they load; modern browsers
    // then ignore 'self', which stays for browsers without 'strict-dynamic'. `next dev` evaluates
    // code (React's server error stacks), never the production build.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    // 'unsafe-inline' for React's style attributes in the server's HTML (the results table's widths
    // and heights, the price chart's). Style elements are all 'self' or carry the nonce, but a nonce
    // here would void 'unsafe-inline' and refuse the attributes where style-src-attr is unknown.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Fonts are self-hosted (@fontsource), charts draw on canvas (uPlot), downloads are blob: links
    // (a navigation, not an image): no page loads an image from anywhere else.
    "img-src": ["'self'"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
