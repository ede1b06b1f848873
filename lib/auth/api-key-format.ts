import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

/**
 * API key format: `fsk_` + 32 random base62 characters (about 190 bits) + a 6-character base62
 * CRC-32 of everything before it. The prefix makes a leaked key recognisable (secret scanners,
 * logs); the checksum lets the server refuse a mistyped or made-up key without a database lookup.
 * The checksum is not a secret: it only catches mistakes, the random part carries the security.
 */
export const API_KEY_PREFIX = "fsk_";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

/** `length` uniformly random base62 characters (rejection sampling, so no character is favoured). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: bytes at or above it would bias the first characters.
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

function checksum(body: string): string {
  let value = crc32(body);
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** A new random key. Shown to its owner once; only its hash is kept. */
export function generateApiKey(): string {
  const body = API_KEY_PREFIX + randomBase62(RANDOM_LENGTH);
  return body + checksum(body);
}

/** True when the string has the key format and a matching checksum (no lookup involved). */
export function isWellFormedApiKey(candidate: string): boolean {
  if (candidate.length !== API_KEY_LENGTH || !KEY_PATTERN.test(candidate)) return false;
  const body = candidate.slice(0, -CHECKSUM_LENGTH);
  return checksum(body) === candidate.slice(-CHECKSUM_LENGTH);
}

/** SHA-256 of the key: what the state file stores and what a presented key is looked up by. */
export function hashApiKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}
