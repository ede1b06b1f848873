import { env } from "@/lib/env";
import { describeError } from "@/lib/log";
import { once } from "@/lib/once";
import { readAsOfRange, tradingDayOn } from "@/lib/screener/as-of-range";
import { DAY_VALUE_COLUMNS } from "@/lib/market/market-metrics";
import { changesBetween, screenDay, screenTests, tickersOf } from "@/lib/screener/membership-history";
import { AdvancedScreenRequestV2 } from "@/lib/screener/request-schema";
import type { AlertStore, AlertingScreen } from "./alert-store";
import { DEFAULT_DELIVERY, type DeliveryPolicy, deliver } from "./webhook";

/**
 * Alerts (docs/api.md "Alerts"): after a data sync, every saved screen with alerts on is run as of
 * the data's day and compared with the members it saw last; each company that entered or left is
 * recorded once (whatever reruns or instances report it again), and then POSTed, signed, to the
 * screen's webhook with retries, every attempt logged. A change stays pending until its webhook
 * took it, so a run that fails, stops or ends at its deadline leaves it to the next run. A
 * screen's first run only records what it sees. One screen's failure (a request that no longer
 * parses, a receiver that is down) is reported and the others go on; nothing here fails the sync
 * that ran before it.
 */

export interface AlertRunReport {
  as_of: string;
  screens: number;
  /** Screens not run: another run had seen a later day, or the deadline came first (they run first next time). */
  skipped: number;
  /** Changes recorded this run (each once, ever). */
  events: number;
  deliveries: { delivered: number; failed: number };
  failures: { screen: string; error: string }[];
}

export interface AlertRunOptions {
  /** The trading day to run as of (default: the data's last, as_of_range.max). */
  asOf?: string;
  delivery?: Partial<DeliveryPolicy>;
  /** The run's limit (default ALERTS_DEADLINE_SECONDS): screens start within two thirds of it, deliveries within it. */
  deadlineMs?: number;
  /** Webhooks POSTed to at once; one owner's one at a time. */
  concurrency?: number;
  /** Only these screens (`npm run alerts -- --screen <id>`); default every screen with alerts on. */
  screenIds?: readonly string[];
}

/** Changes a delivery carries at most: a screen's backlog goes in bodies of this many, oldest first. */
const EVENTS_PER_BODY = 500;
/** How long a change waits for its webhook before it is given up (it stays in the feed). */
const PENDING_DAYS = 3;
/** How long changes and delivery attempts are kept (the feed, the delivery log). */
const KEPT_DAYS = 400;
const DAY_MS = 86_400_000;

export async function runAlerts(store: AlertStore, options: AlertRunOptions = {}): Promise<AlertRunReport> {
  const started = Date.now();
  const deadlineMs = options.deadlineMs ?? env().ALERTS_DEADLINE_SECONDS * 1000;
  // The newest data (a sync's last day), not the default date screens without as_of read.
  const day = tradingDayOn(options.asOf ?? readAsOfRange().max);
  const report: AlertRunReport = { as_of: day, screens: 0, skipped: 0, events: 0, deliveries: { delivered: 0, failed: 0 }, failures: [] };
  const screens = (await store.alerting()).filter((s) => options.screenIds === undefined || options.screenIds.includes(s.id));
  for (const screen of screens) {
    report.screens++;
    if (Date.now() - started > (deadlineMs * 2) / 3) {
      report.skipped++;
      continue;
    }
    try {
      const events = await runScreen(store, screen, day);
      if (events === null) report.skipped++;
      else report.events += events;
    } catch (error) {
      report.failures.push({ screen: screen.id, error: describeError(error, false).message });
    }
  }
  const policy: DeliveryPolicy = { ...DEFAULT_DELIVERY, allowPrivate: env().ALERT_WEBHOOK_PRIVATE_ADDRESSES === "allow", ...options.delivery };
  const signal = AbortSignal.timeout(Math.max(0, deadlineMs - (Date.now() - started)));
  await deliverAll(store, screens, policy, signal, options.concurrency ?? 8, report);
  await store.prune(new Date(Date.now() - KEPT_DAYS * DAY_MS).toISOString());
  return report;
}

/** Times a screen is run again when another run wrote its state meanwhile (overlapping runs: two instances, an --as-of by hand). */
const RUNS_PER_SCREEN = 3;

/**
 * A screen run as of `day` against the state its alerts last wrote: the changes it recorded, or
 * null when it wrote nothing (a run had seen a later day, or the screen changed meanwhile). When
 * another run wrote the state between the read and the write, the day's members are compared
 * again with that one.
 */
async function runScreen(store: AlertStore, screen: AlertingScreen, day: string): Promise<number | null> {
  const request = AdvancedScreenRequestV2.parse(screen.request);
  // Every column of the day: one day serves every screen of the run, computed once rather than again
  // for each screen's own columns.
  const tests = { ...screenTests({ filters: request.filters, formulas: request.formulas }), columns: DAY_VALUE_COLUMNS };
  // The day's screen, once: only the state it is compared with can change between tries.
  const today = once(() => screenDay(tests, day));
  for (let run = 0; run < RUNS_PER_SCREEN; run++) {
    const state = await store.state(screen.id);
    if (state !== null && state.asOf > day) return null;
    const now = today();
    // The recorded members' ids: the day they were seen on, run again, names them (point in time).
    const prior = state === null ? null : state.asOf === day ? now : screenDay(tests, state.asOf);
    // The tickers of today's members, and of every id either day's tests passed (the recorded members among them): read once.
    const ids = prior === null ? [...now.members] : [...new Set([...prior.passed, ...now.passed].flatMap((passed) => [...passed]))];
    const names = tickersOf(ids);
    let events: ReturnType<typeof changesBetween> = [];
    if (state !== null && prior !== null) {
      const recorded = new Set(state.members);
      const priorMembers = new Set(ids.filter((id) => recorded.has(names.get(id)!)));
      events = changesBetween(tests, prior, now, priorMembers);
    }
    const outcome = await store.commit(
      screen,
      state,
      day,
      [...now.members].map((id) => names.get(id)!).sort(),
      events.map((c) => ({ as_of: c.date, full_ticker: c.full_ticker, change: c.change, rules: c.rules })),
    );
    if (outcome === "screen changed") return null;
    if (outcome !== "state moved") return outcome.length;
  }
  return null;
}

/**
 * Every webhook's pending changes, `concurrency` owners at a time and each owner's screens one
 * after another (one account's slow receivers cannot hold up the others'), until `signal` ends it.
 */
async function deliverAll(store: AlertStore, screens: readonly AlertingScreen[], policy: DeliveryPolicy, signal: AbortSignal, concurrency: number, report: AlertRunReport) {
  const byOwner = new Map<string, AlertingScreen[]>();
  for (const screen of screens) {
    if (screen.webhookUrl === null) continue;
    const owned = byOwner.get(screen.owner);
    if (owned) owned.push(screen);
    else byOwner.set(screen.owner, [screen]);
  }
  const queue = [...byOwner.values()];
  const since = new Date(Date.now() - PENDING_DAYS * DAY_MS).toISOString();
  const worker = async () => {
    for (let owned = queue.shift(); owned !== undefined && !signal.aborted; owned = queue.shift()) {
      for (const screen of owned) {
        try {
          await deliverPending(store, screen, policy, signal, since, report);
        } catch (error) {
          report.failures.push({ screen: screen.id, error: describeError(error, false).message });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
}

/**
 * A screen's pending changes, in bodies of at most EVENTS_PER_BODY, oldest first, to the webhook
 * it has now (turned off or changed while the run computed: none, or the new one); a body the
 * receiver did not take ends the screen's turn.
 */
async function deliverPending(store: AlertStore, screen: AlertingScreen, policy: DeliveryPolicy, signal: AbortSignal, since: string, report: AlertRunReport) {
  while (!signal.aborted) {
    const { webhook, events } = await store.pending(screen.id, since, EVENTS_PER_BODY);
    if (webhook === null || events.length === 0) return;
    const body = JSON.stringify({ screen: { id: screen.id, name: screen.name }, as_of: events.at(-1)!.as_of, events });
    const ids = events.map((e) => e.id);
    const delivered = await deliver(webhook.url, webhook.secret, body, policy, signal, (attempt) => store.logDelivery(screen.id, { events: ids, ...attempt }));
    report.deliveries[delivered ? "delivered" : "failed"]++;
    if (!delivered) return;
    await store.delivered(screen.id, ids);
  }
}
