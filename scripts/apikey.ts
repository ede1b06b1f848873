/**
 * `npm run apikey -- create --name NAME [--tier starter]`: prints the new key alone on the last
 * line of stdout (it is shown once; only its SHA-256 is stored).
 * `npm run apikey -- list`: every key, without secrets. `npm run apikey -- revoke ID`.
 * Keys live in the API state file (API_STATE_PATH), which the market data ingest never touches.
 */
import { Command, InvalidArgumentError } from "commander";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/auth/sqlite-key-store";
import { apiStateDb } from "@/lib/db/api-state-db";
import { env } from "@/lib/env";
import { DEFAULT_TIER, parseTiers } from "@/lib/rate-limit/tiers";

const program = new Command("apikey").description(`Manage API keys in ${env().API_STATE_PATH}`);

program
  .command("create")
  .description("create a key and print it (shown once)")
  .requiredOption("--name <name>", "a label for the key (need not be unique)", (name: string) => {
    if (name.trim() === "" || name.length > 200) throw new InvalidArgumentError("give a name of 1 to 200 characters");
    return name.trim();
  })
  .option("--tier <tier>", "rate-limit tier", DEFAULT_TIER)
  .action(({ name, tier }: { name: string; tier: string }) => {
    const tiers = parseTiers(env().RATE_LIMIT_TIERS);
    if (!tiers.has(tier)) program.error(`Unknown tier "${tier}". Configured tiers: ${[...tiers.keys()].join(", ")}.`);
    const { record, key } = createApiKey(apiStateDb(), { name, tier });
    console.log(`Created ${record.id} (${record.name}, tier ${record.tier}). The key is shown once; store it now:`);
    console.log(key);
  });

program
  .command("list")
  .description("list keys (ids, names, tiers, dates; never the keys)")
  .action(() => {
    const keys = listApiKeys(apiStateDb());
    if (keys.length === 0) {
      console.log("No API keys yet. Create one with: npm run apikey -- create --name NAME");
      return;
    }
    console.table(
      keys.map((k) => ({ id: k.id, name: k.name, tier: k.tier, ends_with: `…${k.hint}`, created: k.createdAt, revoked: k.revokedAt ?? "" })),
    );
  });

program
  .command("revoke")
  .description("revoke a key by id; it is refused from the next request on")
  .argument("<id>", "the key id shown by create and list (key_...)")
  .action((id: string) => {
    const record = revokeApiKey(apiStateDb(), id);
    if (record === null) return program.error(`No key with id ${id}. See: npm run apikey -- list`);
    console.log(`Revoked ${record.id} (${record.name}) at ${record.revokedAt}.`);
  });

program.parse();
