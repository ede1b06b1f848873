import { createHmac } from "node:crypto";

/**
 * Alert deliveries: a JSON body POSTed to the screen's webhook, signed so the receiver can tell it
 * came from this deployment and was not replayed later: `X-Screener-Signature: t=<unix seconds>,
 * v1=<hex HMAC-SHA256 of "<t>.<body>" under the screen's secret>` (the scheme Stripe's webhooks use).
 */
export const SIGNATURE_HEADER = "x-screener-signature";

export const signature = (secret: string, body: string, unixSeconds: number) =>
  `t=${unixSeconds},v1=${createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex")}`;

export interface DeliveryPolicy {
  /** Attempts in all (the first and its retries). */
  attempts: number;
  /** The wait before the first retry, doubled before each next one. */
  retryBaseMs: number;
  /** Each attempt's limit for an answer. */
  timeoutMs: number;
}

export const DEFAULT_DELIVERY: DeliveryPolicy = { attempts: 4, retryBaseMs: 2_000, timeoutMs: 10_000 };

/** What became of one attempt: the receiver's status, or why none came. */
export interface Attempt {
  attempt: number;
  status: number | null;
  error: string | null;
}

/** Worth another attempt: no answer, the receiver's own failure, or rate limited. A 4xx says the body will never do. */
const retryable = ({ status }: Attempt) => status === null || status === 429 || status >= 500;

/**
 * POSTs a body until the receiver answers 2xx or the attempts run out, waiting between them;
 * each attempt is reported to `log` as it ends. Never throws: a receiver that fails is recorded.
 */
export async function deliver(url: string, secret: string, body: string, policy: DeliveryPolicy, log: (attempt: Attempt) => Promise<void>): Promise<boolean> {
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    let result: Attempt;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "filing-screener-alerts", [SIGNATURE_HEADER]: signature(secret, body, Math.floor(Date.now() / 1000)) },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      await response.body?.cancel();
      result = { attempt, status: response.status, error: null };
    } catch (error) {
      result = { attempt, status: null, error: error instanceof Error ? error.message : String(error) };
    }
    await log(result);
    if (result.status !== null && result.status >= 200 && result.status < 300) return true;
    if (!retryable(result) || attempt === policy.attempts) return false;
    await new Promise((resolve) => setTimeout(resolve, policy.retryBaseMs * 2 ** (attempt - 1)));
  }
  return false;
}
