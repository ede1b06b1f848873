import { type AuthenticatedKey, apiKeyAuthenticator } from "@/lib/auth/authenticate";
import { apiStateDb, type StateDb } from "@/lib/db/api-state-db";
import { env } from "@/lib/env";
import { redisRateLimiter } from "@/lib/rate-limit/redis-limiter";
import type { RateLimiter, WindowLimit } from "@/lib/rate-limit/sliding-window";
import { sqliteRateLimiter } from "@/lib/rate-limit/sqlite-limiter";
import { parseTiers, type Tiers } from "@/lib/rate-limit/tiers";

/**
 * The gatekeeping the route wrappers apply besides the request itself (authenticator, rate limiter
 * and tiers, body timeout, trusted proxies, clock): built once per process from the settings.
 */
export interface ApiServices {
  authenticate(authorization: string | null): AuthenticatedKey | null;
  limiter: RateLimiter;
  tiers: Tiers;
  /** The browser UI endpoints' limit per client address. */
  uiWindows: WindowLimit[];
  /** Longest wait for a POST body (408 after it). */
  bodyTimeoutMs: number;
  /** Proxies in front of the app whose `x-forwarded-for` entries are believed (TRUST_PROXY_HOPS). */
  trustProxyHops: number;
  now(): number;
}

export interface ApiServicesSettings {
  /** Shared limits in Redis instead of the state file. */
  redisUrl?: string;
  /** `RATE_LIMIT_TIERS` JSON. */
  tiers?: string;
  uiPerMinute: number;
  bodyTimeoutMs?: number;
  trustProxyHops?: number;
  now?: () => number;
}

export function createApiServices(db: StateDb, settings: ApiServicesSettings): ApiServices {
  return {
    authenticate: apiKeyAuthenticator(db),
    limiter: settings.redisUrl ? redisRateLimiter(settings.redisUrl) : sqliteRateLimiter(db),
    tiers: parseTiers(settings.tiers),
    uiWindows: [{ name: "minute", limit: settings.uiPerMinute, windowMs: 60_000 }],
    bodyTimeoutMs: settings.bodyTimeoutMs ?? 10_000,
    trustProxyHops: settings.trustProxyHops ?? 0,
    now: settings.now ?? Date.now,
  };
}

let shared: ApiServices | undefined;

/** The process's API services, from the environment (opened on first use, not at import). */
export function apiServices(): ApiServices {
  if (!shared) {
    const { REDIS_URL, RATE_LIMIT_TIERS, UI_RATE_LIMIT_PER_MINUTE, BODY_TIMEOUT_MS, TRUST_PROXY_HOPS } = env();
    shared = createApiServices(apiStateDb(), {
      redisUrl: REDIS_URL,
      tiers: RATE_LIMIT_TIERS,
      uiPerMinute: UI_RATE_LIMIT_PER_MINUTE,
      bodyTimeoutMs: BODY_TIMEOUT_MS,
      trustProxyHops: TRUST_PROXY_HOPS,
    });
  }
  return shared;
}
