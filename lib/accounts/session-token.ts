import { createHash, randomBytes } from "node:crypto";

/**
 * A session is a random token in an HTTP-only cookie; the store keeps only its SHA-256, so the
 * state file or database never holds a usable session.
 */
export const SESSION_COOKIE = "fs_session";
export const SESSION_DAYS = 30;

export const newSessionToken = () => randomBytes(32).toString("base64url");
export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest();

/** The token in a Cookie header, if any and well formed (43 base64url characters). */
export function sessionTokenOf(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === SESSION_COOKIE && value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}

/** The Set-Cookie value of a session (`token` null: the cookie's removal). Secure when the page came over https. */
export function sessionCookie(token: string | null, secure: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return token === null ? [`${SESSION_COOKIE}=`, "Max-Age=0", ...attributes].join("; ") : [`${SESSION_COOKIE}=${token}`, `Max-Age=${SESSION_DAYS * 86_400}`, ...attributes].join("; ");
}
