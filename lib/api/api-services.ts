import type { ApiKeyStore } from "@/lib/auth/api-key-store";
import { type AuthenticatedKey, apiKeyAuthenticator } from "@/lib/auth/authenticate";
import { type FailedAuthThrottle, failedAuthThrottle } from "@/lib/auth/failed-auth-throttle";
import { keyStoreFor } from "@/lib/auth/key-store-for";
import { type ApiState, apiState } from "@/lib/db/api-state";
import { env } from "@/lib/env";
import { pgRateLimiter } from "@/lib/rate-limit/pg-limiter";
import { redisRateLimiter } from "@/lib/rate-limit/redis-limiter";
import type { RateLimiter, WindowLimit } from "@/lib/rate-limit/sliding-window";
import { sqliteRateLimiter } from "@/lib/rate-limit/sqlite-limiter";
import { parseTiers, type Tiers } from "@/lib/rate-limit/tiers";
import { type UiTokens, uiTokens } from "@/lib/auth/ui-token";

/**
 * The gatekeeping the route wrappers apply besides the request itself (authenticator, refused keys
 * per address, rate limiter and tiers, body timeout, trusted proxies, clock): built once per
 * process from the settings.
 */
export interface ApiServices {
  authenticate(authorization: string | null): Promise<AuthenticatedKey | null>;
  /** Refused keys per client address (this process's memory). */
  failedAuth: FailedAuthThrottle;
  keys: ApiKeyStore;
  limiter: RateLimiter;
  /** Where the limits live: beside the keys, or in Redis. */
  limitStore: "sqlite" | "postgres" | "redis";
  tiers: Tiers;
  /** The browser UI endpoints' limits per client address. */
  uiWindows: WindowLimit[];
  /** The pages' tokens for the browser UI endpoints. */
  uiTokens: UiTokens;
  /** Longest wait for a POST body (408 after it). */
  bodyTimeoutMs: number;
  /** Proxies in front of the app whose `x-forwarded-for` entries are believed (TRUST_PROXY_HOPS). */
  trustProxyHops: number;
  now(): number;
  /** Closes what these services opened themselves (the Redis connection); the API state belongs to its opener. */
  close(): Promise<void>;
}

export interface ApiServicesSettings {
  /** Shared limits in Redis instead of beside the keys (the state file or PostgreSQL). */
  redisUrl?: string;
  /** `RATE_LIMIT_TIERS` JSON. */
  tiers?: string;
  uiPerMinute: number;
  uiPerDay?: number;
  /** UI_TOKEN_SECRET (drawn per process without it) and the tokens' life. */
  uiTokenSecret?: string;
  uiTokenTtlMs?: number;
  /** Refused keys per client address and minute before its keys are no longer checked (AUTH_FAILURES_PER_MINUTE); unset: no limit. */
  authFailuresPerMinute?: number;
  bodyTimeoutMs?: number;
  trustProxyHops?: number;
  now?: () => number;
}

export function createApiServices(state: ApiState, settings: ApiServicesSettings): ApiServices {
  const keys = keyStoreFor(state);
  // Limits live in Redis when it is configured, else beside the keys.
  const redis = settings.redisUrl ? redisRateLimiter(settings.redisUrl) : undefined;
  return {
    authenticate: apiKeyAuthenticator(keys),
    failedAuth: failedAuthThrottle(settings.authFailuresPerMinute ?? Number.POSITIVE_INFINITY),
    keys,
    limiter: redis ?? (state.kind === "sqlite" ? sqliteRateLimiter(state.db) : pgRateLimiter(state.pg.pool, state.pg.ready)),
    limitStore: redis ? "redis" : state.kind,
    tiers: parseTiers(settings.tiers),
    uiWindows: [
      { name: "minute", limit: settings.uiPerMinute, windowMs: 60_000 },
      { name: "day", limit: settings.uiPerDay ?? 5000, windowMs: 86_400_000 },
    ],
    uiTokens: uiTokens(settings.uiTokenSecret, settings.uiTokenTtlMs ?? 3_600_000),
    bodyTimeoutMs: settings.bodyTimeoutMs ?? 10_000,
    trustProxyHops: settings.trustProxyHops ?? 0,
    now: settings.now ?? Date.now,
    close: async () => redis?.close(),
  };
}

let shared: ApiServices | undefined;

/** The process's API services, from the environment (opened on first use, not at import). */
export function apiServices(): ApiServices {
  if (!shared) {
    const settings = env();
    const { REDIS_URL, RATE_LIMIT_TIERS, UI_RATE_LIMIT_PER_MINUTE, AUTH_FAILURES_PER_MINUTE, BODY_TIMEOUT_MS, TRUST_PROXY_HOPS } = settings;
    shared = createApiServices(apiState(), {
      redisUrl: REDIS_URL,
      tiers: RATE_LIMIT_TIERS,
      uiPerMinute: UI_RATE_LIMIT_PER_MINUTE,
      uiPerDay: settings.UI_RATE_LIMIT_PER_DAY,
      uiTokenSecret: settings.UI_TOKEN_SECRET,
      uiTokenTtlMs: settings.UI_TOKEN_TTL_SECONDS * 1000,
      authFailuresPerMinute: AUTH_FAILURES_PER_MINUTE,
      bodyTimeoutMs: BODY_TIMEOUT_MS,
      trustProxyHops: TRUST_PROXY_HOPS,
    });
  }
  return shared;
}
