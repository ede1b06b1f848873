import { accountStoreFor } from "@/lib/accounts/account-store-for";
import type { Account } from "@/lib/accounts/account-schema";
import { MAX_ACCOUNT_KEYS } from "@/lib/accounts/account-keys";
import { hashPassword, passwordMatches } from "@/lib/accounts/password";
import { hashSessionToken, newSessionToken, SESSION_DAYS, sessionCookie, sessionTokenOf } from "@/lib/accounts/session-token";
import type { ApiKeyRecord } from "@/lib/auth/api-key-store";
import { apiState } from "@/lib/db/api-state";
import { alertStoreFor } from "@/lib/alerts/alert-store-for";
import { alertsProblem, MAX_SAVED_SCREENS } from "@/lib/screens/saved-screen-schema";
import { savedScreenStoreFor } from "@/lib/screens/saved-screen-store-for";
import { env } from "@/lib/env";
import { ValidationError } from "@/lib/errors";
import { DEFAULT_TIER } from "@/lib/rate-limit/tiers";
import type { RateLimitReceipt, WindowLimit } from "@/lib/rate-limit/sliding-window";
import { accountKeysOperation, accountScreensOperation, accountStateOperation, signInOperation, signOutOperation, signUpOperation } from "./account-operations";
import { apiServices } from "./api-services";
import { HttpProblem } from "./problem";
import { type HandlerContext, rateLimitedDetail, uiRoute } from "./route";

/** The handlers of the account page's operations (lib/api/account-operations.ts). */

const accounts = () => accountStoreFor(apiState());
const signup = () => env().SIGNUP;

/**
 * Sign-in attempts that fail, and every sign-up: per client address, and per email (a password
 * guessed from many addresses). Each attempt is counted when it starts, a sign-in's taken back
 * when it succeeds; past a limit, a 429 before any password is checked, even for the right one.
 */
const perAddress = (): WindowLimit[] => [{ name: "sign-in-minute", limit: env().SIGNIN_ATTEMPTS_PER_MINUTE, windowMs: 60_000 }];
const PER_EMAIL: WindowLimit[] = [{ name: "sign-in-email", limit: 10, windowMs: 15 * 60_000 }];

/** Counts an attempt against each subject's windows; returns what takes them back on success. */
async function admitAttempt(...limits: [subject: string, windows: WindowLimit[]][]): Promise<() => Promise<void>> {
  const { limiter, now } = apiServices();
  const receipts: RateLimitReceipt[] = [];
  const takeBack = async () => void (await Promise.all(receipts.map((r) => limiter.refund(r))));
  for (const [subject, windows] of limits) {
    const decision = await limiter.consume(subject, windows, now());
    if (!decision.allowed) {
      // Refused before any check: the windows it passed do not count it either.
      await takeBack();
      throw new HttpProblem("rate_limited", rateLimitedDetail(decision), {
        headers: { "Retry-After": String(decision.retryAfterSeconds) },
        members: { "violated-policies": decision.violated },
      });
    }
    receipts.push(decision.receipt);
  }
  return takeBack;
}

const isHttps = (request: Request) => new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";

async function startSession(context: Pick<HandlerContext<unknown>, "request" | "responseHeaders">, account: Account) {
  // A session the browser already presents (perhaps planted) ends: a sign-in always starts a new one.
  const presented = sessionTokenOf(context.request.headers.get("cookie"));
  if (presented !== null) await accounts().endSession(hashSessionToken(presented));
  const token = newSessionToken();
  await accounts().startSession(account.id, hashSessionToken(token), new Date(Date.now() + SESSION_DAYS * 86_400_000));
  context.responseHeaders.append("Set-Cookie", sessionCookie(token, isHttps(context.request)));
  return { account, signup: signup() };
}

/** The session's account, or null. */
async function sessionAccount(request: Request): Promise<Account | null> {
  const token = sessionTokenOf(request.headers.get("cookie"));
  return token === null ? null : accounts().sessionAccount(hashSessionToken(token), new Date());
}

export const accountStateRoute = uiRoute(accountStateOperation, async ({ request }) => ({ account: await sessionAccount(request), signup: signup() }));

export const signUpRoute = uiRoute(signUpOperation, async (context) => {
  if (signup() === "closed") throw new HttpProblem("signup_closed", "Sign-up is closed on this deployment: ask its operator for an API key.");
  // Every sign-up counts, a success too: accounts (and their keys) per address are what it bounds.
  await admitAttempt([`signin:${context.caller}`, perAddress()]);
  const account = await accounts().create(context.body.email, await hashPassword(context.body.password));
  if (account === "taken") throw new HttpProblem("conflict", "An account with this email exists: sign in instead.");
  return startSession(context, account);
});

export const signInRoute = uiRoute(signInOperation, async (context) => {
  const { email, password } = context.body;
  const succeeded = await admitAttempt([`signin:${context.caller}`, perAddress()], [`signin-email:${email}`, PER_EMAIL]);
  const found = await accounts().credentials(email);
  const matches = await passwordMatches(found?.passwordHash ?? null, password);
  if (found === null || !matches) throw new HttpProblem("sign_in_failed", "The email or the password is wrong.");
  await succeeded();
  return startSession(context, found.account);
});

export const signOutRoute = uiRoute(signOutOperation, async ({ request, responseHeaders }) => {
  const token = sessionTokenOf(request.headers.get("cookie"));
  if (token !== null) await accounts().endSession(hashSessionToken(token));
  responseHeaders.append("Set-Cookie", sessionCookie(null, isHttps(request)));
  return { account: null, signup: signup() };
});

/** A key as the Keys page shows it: its use of each window of its tier now (none once revoked). */
async function withUsage(record: ApiKeyRecord) {
  const services = apiServices();
  const windows = services.tiers.get(record.tier) ?? services.tiers.get(DEFAULT_TIER)!;
  const used = record.revokedAt === null ? await services.limiter.used(`key:${record.id}`, windows, services.now()) : [];
  return {
    id: record.id,
    name: record.name,
    tier: record.tier,
    hint: record.hint,
    created_at: record.createdAt,
    revoked_at: record.revokedAt,
    usage: used.map((n, i) => ({ name: windows[i]!.name, limit: windows[i]!.limit, used: n })),
  };
}

export const accountKeysRoute = uiRoute(accountKeysOperation, async ({ request, body }) => {
  const account = await sessionAccount(request);
  if (account === null) throw new HttpProblem("not_signed_in", "Sign in to manage your keys.");
  const keys = apiServices().keys;
  /** A new key of the account; `cap` keys in use at most counting it (a rotation's old key is still in use). */
  const create = async (name: string, tier = DEFAULT_TIER, cap = MAX_ACCOUNT_KEYS) => {
    const made = await keys.createCapped({ name, tier, accountId: account.id }, cap);
    if (made === "full") throw new HttpProblem("conflict", `An account holds at most ${MAX_ACCOUNT_KEYS} keys in use: revoke one first.`);
    return { id: made.record.id, key: made.key };
  };
  const revoke = async (id: string) => {
    const revoked = await keys.revoke(id, account.id);
    if (revoked === null) throw new HttpProblem("no_such_resource", "None of your keys has this id.");
    return revoked;
  };
  let created: { id: string; key: string } | null = null;
  switch (body.action) {
    case "create":
      created = await create(body.name);
      break;
    case "revoke":
      await revoke(body.id);
      break;
    case "rotate": {
      // The new key first: a rotation that cannot create one leaves the old key working.
      const old = (await keys.list(account.id)).find((k) => k.id === body.id && k.revokedAt === null);
      if (old === undefined) throw new HttpProblem("no_such_resource", "None of your keys in use has this id.");
      created = await create(old.name, old.tier, MAX_ACCOUNT_KEYS + 1);
      await revoke(body.id);
      break;
    }
  }
  return { keys: await Promise.all((await keys.list(account.id)).map(withUsage)), created };
});

/** The account's screens as the page's menu lists them (the page opens each request as a URL). */
export const accountScreensRoute = uiRoute(accountScreensOperation, async ({ request, body }) => {
  const account = await sessionAccount(request);
  if (account === null) {
    if (body.action === "list") return { signed_in: false, screens: [] };
    throw new HttpProblem("not_signed_in", "Sign in to keep screens in your account.");
  }
  const screens = savedScreenStoreFor(apiState());
  const owner = `account:${account.id}`;
  if (body.action === "save" && (await screens.create(owner, body.screen, MAX_SAVED_SCREENS)) === "full") {
    throw new HttpProblem("conflict", `Your account keeps ${MAX_SAVED_SCREENS} saved screens, the most it may keep: delete one first.`);
  }
  if (body.action === "delete" && !(await screens.remove(owner, body.id))) throw new HttpProblem("no_such_resource", "None of your screens has this id.");
  if (body.action === "alerts") {
    const screen = await screens.get(owner, body.id);
    if (screen === null) throw new HttpProblem("no_such_resource", "None of your screens has this id.");
    const problem = body.alerts === null ? null : alertsProblem(screen.request);
    if (problem !== null) throw new ValidationError([{ pointer: "/alerts", message: `alerts: ${problem}` }]);
    // Only the alerts change: the screen's request stays as saved, whether or not it still runs.
    if ((await screens.update(owner, body.id, { alerts: body.alerts })) === null) throw new HttpProblem("no_such_resource", "None of your screens has this id.");
  }
  const alerts = alertStoreFor(apiState());
  const listed = await screens.list(owner);
  return {
    signed_in: true,
    screens: await Promise.all(
      listed.map(async (s) => ({
        id: s.id,
        name: s.name,
        notes: s.notes,
        request: s.request,
        alerts: s.alerts,
        deliveries: s.alerts === null ? [] : await alerts.deliveries(s.id, SHOWN_DELIVERIES),
        created_at: s.created_at,
      })),
    ),
  };
});

/** Deliveries the account page shows per screen. */
const SHOWN_DELIVERIES = 5;
