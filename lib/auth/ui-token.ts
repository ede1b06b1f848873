import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The token that lets a page of this site call its own endpoints (`/api/ui/...`), which need no
 * API key. The server issues it while rendering the page (components/ui-token-meta.tsx), bound to
 * the client's address and expiring after `ttlMs`; the page sends it with each call
 * (lib/api/ui-client.ts), and the endpoints verify it (lib/api/route.ts). Headers that say "same
 * origin" can be written by any program; this token can only be had by loading (rendering) a page
 * from the same address, and it expires. It is no secret from a determined program that does
 * so: what bounds the endpoints is their per-address minute and day windows.
 *
 * Format: `v1.<expiry, ms since epoch, base 36>.<HMAC-SHA256 of version, address and expiry,
 * base64url>`. Nothing in it is secret but the key; the address is not in it, only in the MAC.
 */
export interface UiTokens {
  issue(address: string, now: number): string;
  verify(token: string | null, address: string, now: number): UiTokenCheck;
  /** Whether a valid token has used half its life: the endpoint then sends a fresh one with its answer. */
  renewalDue(token: string, now: number): boolean;
}

export type UiTokenCheck = "valid" | "missing" | "expired" | "invalid";

const VERSION = "v1";
const TOKEN = /^v1\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

// One per process, not per module copy: Next bundles this module once for the pages and once per
// route, and a page's token must pass every route.
const SECRET = Symbol.for("filing-screener.ui-token-secret");
const holder = globalThis as typeof globalThis & { [SECRET]?: Buffer };
const processSecret = () => (holder[SECRET] ??= randomBytes(32));

/**
 * `secret`: UI_TOKEN_SECRET, shared by every instance behind one address; without it each process
 * draws its own, which serves a single instance (a page then works only against the instance that
 * rendered it).
 */
export function uiTokens(secret: string | undefined, ttlMs: number): UiTokens {
  const key = secret === undefined ? processSecret() : Buffer.from(secret, "utf8");
  const mac = (address: string, expiry: string) => createHmac("sha256", key).update(`${VERSION}|${address}|${expiry}`).digest("base64url");
  // The MAC is compared as the text it is written in: decoding would ignore the last character's low bits.
  const partsOf = (token: string) => {
    const match = TOKEN.exec(token);
    return match === null ? null : { expiry: match[1]!, mac: Buffer.from(match[2]!) };
  };
  return {
    issue(address, now) {
      const expiry = (now + ttlMs).toString(36);
      return `${VERSION}.${expiry}.${mac(address, expiry)}`;
    },
    verify(token, address, now) {
      if (token === null || token === "") return "missing";
      const parts = partsOf(token);
      if (parts === null || !timingSafeEqual(parts.mac, Buffer.from(mac(address, parts.expiry)))) return "invalid";
      return parseInt(parts.expiry, 36) <= now ? "expired" : "valid";
    },
    renewalDue(token, now) {
      const parts = partsOf(token);
      return parts !== null && parseInt(parts.expiry, 36) - now < ttlMs / 2;
    },
  };
}
