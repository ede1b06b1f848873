import { apiState } from "@/lib/db/api-state";
import { describeError } from "@/lib/log";
import { alertStoreFor } from "./alert-store-for";
import { type AlertRunOptions, type AlertRunReport, runAlerts } from "./run-alerts";

/**
 * The alerts run of a command (`npm run alerts`, the end of `npm run sync`): its report as one line
 * on stdout; a run that could not happen at all (the state store away) is reported and null, never
 * thrown, so a sync that ran before it still succeeds.
 */
export async function alertsAfterSync(options: Pick<AlertRunOptions, "asOf" | "screenIds"> = {}): Promise<AlertRunReport | null> {
  try {
    const report = await runAlerts(alertStoreFor(apiState()), options);
    console.log(
      `alerts as of ${report.as_of}: ${report.screens} screens (${report.skipped} not run), ${report.events} new changes, ${report.deliveries.delivered} delivered, ${report.deliveries.failed} failed deliveries, ${report.failures.length} screens failed`,
    );
    for (const { screen, error } of report.failures) console.error(`alerts: ${screen}: ${error}`);
    return report;
  } catch (error) {
    console.error(`alerts: not run: ${describeError(error, false).message}`);
    return null;
  }
}
