import { metaValue } from "@/lib/db/market-db";
import { describeError } from "@/lib/log";
import { tradingDayOn } from "@/lib/screener/as-of-range";
import { changesBetween, screenDay, screenTests } from "@/lib/screener/membership-history";
import { AdvancedScreenRequestV2 } from "@/lib/screener/request-schema";
import type { AlertStore, AlertingScreen } from "./alert-store";
import { DEFAULT_DELIVERY, type DeliveryPolicy, deliver } from "./webhook";

/**
 * Alerts (docs/api.md "Alerts"): after a data sync, every saved screen with alerts on is run as of
 * the data's day and compared with the members it saw last; each company that entered or left is
 * recorded once (whatever reruns or instances report it again) and the new ones are POSTed, signed,
 * to the screen's webhook with retries, every attempt logged. A screen's first run only records
 * what it sees. One screen's failure (a request that no longer parses, a receiver that is down)
 * is reported and the others go on; nothing here fails the sync that ran before it.
 */

export interface AlertRunReport {
  as_of: string;
  screens: number;
  /** Changes recorded this run (each once, ever). */
  events: number;
  deliveries: { delivered: number; failed: number };
  failures: { screen: string; error: string }[];
}

export async function runAlerts(store: AlertStore, options: { asOf?: string; delivery?: DeliveryPolicy } = {}): Promise<AlertRunReport> {
  const day = tradingDayOn(options.asOf ?? metaValue("as_of") ?? "");
  const report: AlertRunReport = { as_of: day, screens: 0, events: 0, deliveries: { delivered: 0, failed: 0 }, failures: [] };
  for (const screen of await store.alerting()) {
    report.screens++;
    try {
      await runScreen(store, screen, day, options.delivery ?? DEFAULT_DELIVERY, report);
    } catch (error) {
      report.failures.push({ screen: screen.id, error: describeError(error, false).message });
    }
  }
  return report;
}

async function runScreen(store: AlertStore, screen: AlertingScreen, day: string, delivery: DeliveryPolicy, report: AlertRunReport): Promise<void> {
  const request = AdvancedScreenRequestV2.parse(screen.request);
  const tests = screenTests({ filters: request.filters, formulas: request.formulas });
  const now = screenDay(tests, day);
  const tickerOf = (id: number) => tests.tickers.get(id)!;
  const state = await store.state(screen.id);
  if (state !== null) {
    // The recorded members' ids: the day they were seen on, run again, names them (point in time).
    const prior = state.asOf === day ? now : screenDay(tests, state.asOf);
    const recorded = new Set(state.members);
    const priorMembers = new Set([...tests.tickers].filter(([, ticker]) => recorded.has(ticker)).map(([id]) => id));
    const changes = changesBetween(tests, prior, now, priorMembers);
    const events = await store.record(
      screen.id,
      changes.map((c) => ({ as_of: c.date, full_ticker: c.full_ticker, change: c.change, rules: c.rules })),
    );
    report.events += events.length;
    if (events.length > 0 && screen.webhookUrl !== null) {
      const body = JSON.stringify({ screen: { id: screen.id, name: screen.name }, as_of: day, events });
      const ids = events.map((e) => e.id);
      const delivered = await deliver(screen.webhookUrl, screen.webhookSecret, body, delivery, (attempt) => store.logDelivery(screen.id, { events: ids, ...attempt }));
      report.deliveries[delivered ? "delivered" : "failed"]++;
    }
  }
  await store.saveState(screen.id, day, [...now.members].map(tickerOf).sort());
}
