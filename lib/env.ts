import path from "node:path";
import { z } from "zod";
import { parseTiers } from "@/lib/rate-limit/tiers";

/**
 * Every setting, validated once, each with a default that works on a fresh clone.
 * See README "Configuration" (the table) and docs/operations.md.
 */
const EnvSchema = z.object({
  DATA_DIR: z.string().default("data"),
  DATABASE_PATH: z.string().default("var/screener.db"),
  API_STATE_PATH: z.string().default("var/api-state.db"),
  /** API keys and (without REDIS_URL) rate limits in PostgreSQL shared by every instance, instead of API_STATE_PATH. */
  API_STATE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  REDIS_URL: z.string().url().optional(),
  /** JSON tiers added to (or overriding) the built-in starter tier; see lib/rate-limit/tiers.ts. */
  RATE_LIMIT_TIERS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseTiers(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  /** open: anyone may sign up on /account/ and create keys there; closed: nobody signs up (accounts that exist still sign in and manage their keys; the CLI keeps issuing keys). */
  SIGNUP: z.enum(["open", "closed"]).default("open"),
  /** refuse: alert webhooks must be on the public internet (not this machine, its private networks or a cloud's metadata address); allow: for a receiver inside the deployment's own network. */
  ALERT_WEBHOOK_PRIVATE_ADDRESSES: z.enum(["refuse", "allow"]).default("refuse"),
  /** How long one alerts run (`npm run alerts`, after each sync) may take: past two thirds no screen starts, past it no delivery attempt; what is left waits for the next run. */
  ALERTS_DEADLINE_SECONDS: z.coerce.number().int().min(10).default(900),
  /** Sign-ups and failed sign-ins a minute per client address (/account/). */
  SIGNIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Requests per minute per client address on the browser UI's own endpoints (/api/ui/). */
  UI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Requests per day per client address on the browser UI's own endpoints. */
  UI_RATE_LIMIT_PER_DAY: z.coerce.number().int().positive().default(5000),
  /** Key of the pages' tokens for /api/ui/ (lib/auth/ui-token.ts); the same on every instance behind one address. Default: drawn per process. */
  UI_TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Life of a page's token for /api/ui/, renewed while the page calls. */
  UI_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** Reverse proxies in front of the app whose X-Forwarded-For entries name the client (0: the socket's address). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  /** Refused API keys per client address and minute; past them its keys are refused with 429 unchecked. */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(20),
  EMBEDDING_MODEL_DIR: z.string().optional(),
  EMBEDDINGS_URL: z.string().url().optional(),
  EMBEDDINGS_MODEL: z.string().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  AUTO_INGEST: z.enum(["0", "1"]).default("1"),
  /** Query worker threads (screens, searches); default: the number of cores, at least 2. */
  QUERY_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Query workers that backtests may occupy at once (default: half the workers); the others stay free for screens and searches. */
  HEAVY_QUERY_WORKERS: z.coerce.number().int().min(1).optional(),
  /** Longest a screen (basic, advanced, the UI's funnel and scope) may wait and run. */
  SCREEN_DEADLINE_MS: z.coerce.number().int().positive().default(2000),
  BACKTEST_DEADLINE_MS: z.coerce.number().int().positive().default(10_000),
  /** Longest a filing search may wait and run (the embedding call included). */
  SEARCH_DEADLINE_MS: z.coerce.number().int().positive().default(5000),
  /** Screens and searches one caller (API key or client address) runs at once; default: half the workers. */
  CALLER_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  /** A caller's screens and searches that may wait for a worker; more answer 503. */
  CALLER_QUEUE: z.coerce.number().int().min(0).default(4),
  /** Screens and searches of all callers that may wait; more answer 503. */
  QUERY_QUEUE: z.coerce.number().int().min(0).default(64),
  /** Longest wait for a request body to arrive in full; then 408. */
  BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How long an idle kept-alive connection stays open: above a load balancer's idle timeout (60 s on AWS ALB). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(65_000),
  /** Longest wait for a request's headers, then 408; at most Node's whole-request timeout (300 s), as Node requires. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().max(300_000).default(66_000),
  /** A connection with a request in flight that makes no progress (an answer nobody reads) this long is closed. */
  RESPONSE_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** On SIGTERM: longest wait for requests in flight before the process exits. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** `npm run sync -- sec`: who is asking, as SEC's fair-access policy requires ("Name contact@example.com"). */
  SEC_USER_AGENT: z.string().trim().min(1).optional(),
  /** Where SEC serves www.sec.gov's files (company_tickers.json, the bulk companyfacts.zip). */
  SEC_ARCHIVES_URL: z.url().default("https://www.sec.gov"),
  /** Where SEC serves data.sec.gov's per-company companyfacts. */
  SEC_DATA_URL: z.url().default("https://data.sec.gov"),
  /** `npm run sync -- prices` without --from: the market-data provider (Tiingo's end-of-day API). */
  PRICES_PROVIDER: z.enum(["tiingo"]).default("tiingo"),
  /** The provider's API key; never logged. Without it `npm run sync -- prices` (without --from) refuses. */
  PRICES_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((key) => key || undefined),
  /** The provider's base URL (the tests point it at a local server). */
  PRICES_API_URL: z.url().default("https://api.tiingo.com"),
  /** Tiingo's public list of the tickers it prices (a zip, no key): tickers it does not carry are not asked for. */
  PRICES_TICKERS_URL: z.url().default("https://apimedia.tiingo.com/docs/tiingo/daily/supported_tickers.zip"),
  /** Requests per hour the provider's plan allows (Tiingo: 50 free, 5,000 on Power): the sync spaces its requests to stay under it. */
  PRICES_REQUESTS_PER_HOUR: z.coerce.number().positive().default(50),
  /** The first day asked for a ticker without stored prices (5-year volatility needs five years before an as-of date). */
  PRICES_HISTORY_FROM: z.iso.date().default("2012-01-01"),
}).superRefine((settings, ctx) => {
  // A connection is idle while its answer is computed: the idle timeout must outlast every deadline.
  const longest = Math.max(settings.SCREEN_DEADLINE_MS, settings.BACKTEST_DEADLINE_MS, settings.SEARCH_DEADLINE_MS, settings.BODY_TIMEOUT_MS);
  if (settings.RESPONSE_IDLE_TIMEOUT_MS <= longest) {
    ctx.addIssue({
      code: "custom",
      path: ["RESPONSE_IDLE_TIMEOUT_MS"],
      message: `must exceed the longest deadline and the body timeout (${longest} ms), or answers still being computed are dropped`,
    });
  }
});

export type Env = z.infer<typeof EnvSchema> & { root: string };

let cached: Env | undefined;

/** The validated environment; paths are resolved against the project root (the working directory). */
export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const root = process.cwd();
  cached = {
    ...parsed.data,
    root,
    // turbopackIgnore: these are run-time paths, not files to trace into the build.
    DATA_DIR: path.resolve(/*turbopackIgnore: true*/ root, parsed.data.DATA_DIR),
    DATABASE_PATH: path.resolve(/*turbopackIgnore: true*/ root, parsed.data.DATABASE_PATH),
    API_STATE_PATH: path.resolve(/*turbopackIgnore: true*/ root, parsed.data.API_STATE_PATH),
  };
  return cached;
}
