/** `npm run alerts [-- --as-of YYYY-MM-DD] [--screen scr_...]`: runs the saved screens with alerts on as of the data's last trading day (docs/api.md "Alerts"); `npm run sync` runs it after each sync. */
import { Command } from "commander";
import { alertsAfterSync } from "@/lib/alerts/alerts-after-sync";

const program = new Command("alerts")
  .description("Run every saved screen with alerts on as of the data's last trading day (or --as-of), record who entered and left, deliver the webhooks.")
  .option("--as-of <date>", "the trading day to run as of (default: the data's last trading day)")
  .option("--screen <id...>", "only these saved screens (their ids, scr_...)")
  .action(async (options: { asOf?: string; screen?: string[] }) => {
    const report = await alertsAfterSync({ asOf: options.asOf, screenIds: options.screen });
    process.exitCode = report === null || report.failures.length > 0 ? 1 : 0;
  });
await program.parseAsync();
