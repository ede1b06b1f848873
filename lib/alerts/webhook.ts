import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { describeError } from "@/lib/log";
import { PrivateAddressError, privateHostProblem, publicOnlyLookup } from "@/lib/http/public-address";

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
  /** Whether webhooks may be on this machine or its private networks (ALERT_WEBHOOK_PRIVATE_ADDRESSES). */
  allowPrivate: boolean;
}

export const DEFAULT_DELIVERY: Omit<DeliveryPolicy, "allowPrivate"> = { attempts: 4, retryBaseMs: 2_000, timeoutMs: 10_000 };

/** What became of one attempt: the receiver's status, or why none came. */
export interface Attempt {
  attempt: number;
  status: number | null;
  error: string | null;
}

/**
 * One POST: the receiver's status, its answer's body left unread. No redirect is followed, and
 * (unless allowed) a host that is, or resolves to, an address off the public internet is refused
 * before anything is sent: the delivery log must not become a probe of the deployment's network.
 */
function post(url: URL, headers: Record<string, string>, body: string, policy: DeliveryPolicy, signal: AbortSignal): Promise<number> {
  const problem = policy.allowPrivate ? null : privateHostProblem(url);
  if (problem !== null) return Promise.reject(new PrivateAddressError(problem));
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(body) },
      signal: AbortSignal.any([signal, AbortSignal.timeout(policy.timeoutMs)]),
      ...(policy.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    request.on("response", (response) => {
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** An attempt's failure in words for the log: what went wrong, never the response of a host that was refused. */
function attemptError(error: unknown): string {
  if (error instanceof PrivateAddressError) return `refused: ${error.message}`;
  return error instanceof Error && error.name === "AbortError" ? "no answer in time" : describeError(error, false).message;
}

/**
 * Worth another attempt: no answer, the receiver's own failure, or rate limited. A 4xx says the
 * body will never do, and a refused address will be refused again.
 */
const retryable = ({ status }: Attempt, refused: boolean) => (status === null ? !refused : status === 429 || status >= 500);

/** Waits `ms`, or less when `signal` ends the run; the listener goes either way (a run waits many times on one signal). */
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });

/**
 * POSTs a body until the receiver answers 2xx, the attempts run out or `signal` ends the run
 * (the alerts run's deadline), waiting between them; each attempt is reported to `log` as it ends.
 * Never throws: a receiver that fails, or a log that cannot be written, is a failed delivery.
 */
export async function deliver(url: string, secret: string, body: string, policy: DeliveryPolicy, signal: AbortSignal, log: (attempt: Attempt) => Promise<void>): Promise<boolean> {
  for (let attempt = 1; attempt <= policy.attempts && !signal.aborted; attempt++) {
    let result: Attempt;
    let refused = false;
    try {
      const headers = { "content-type": "application/json", "user-agent": "filing-screener-alerts", [SIGNATURE_HEADER]: signature(secret, body, Math.floor(Date.now() / 1000)) };
      result = { attempt, status: await post(new URL(url), headers, body, policy, signal), error: null };
    } catch (error) {
      refused = error instanceof PrivateAddressError;
      result = { attempt, status: null, error: signal.aborted ? "the alerts run's deadline passed" : attemptError(error) };
    }
    const delivered = result.status !== null && result.status >= 200 && result.status < 300;
    try {
      await log(result);
    } catch {
      // The log is the record, not the delivery: a receiver that got the body has it.
    }
    if (delivered) return true;
    if (!retryable(result, refused) || attempt === policy.attempts) return false;
    await wait(policy.retryBaseMs * 2 ** (attempt - 1), signal);
  }
  return false;
}
