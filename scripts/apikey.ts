/**
 * `npm run apikey -- create --name NAME [--tier starter]`: prints the new key alone on the last
 * line of stdout (it is shown once; only its SHA-256 is stored).
 * `npm run apikey -- list`: every key, without secrets. `npm run apikey -- revoke ID`.
 * Keys live where the app keeps them: PostgreSQL when API_STATE_URL is set, else the API state
 * file (API_STATE_PATH), which the market data ingest never touches.
 */
import { Command, InvalidArgumentError } from "commander";
import { keyStoreFor } from "@/lib/auth/key-store-for";
import { apiState } from "@/lib/db/api-state";
import { env } from "@/lib/env";
import { DEFAULT_TIER, parseTiers } from "@/lib/rate-limit/tiers";

const state = apiState();
const store = keyStoreFor(state);
const where = state.kind === "postgres" ? "PostgreSQL (API_STATE_URL)" : env().API_STATE_PATH;
const program = new Command("apikey").description(`Manage API keys in ${where}`);

program
  .command("create")
  .description("create a key and print it (shown once)")
  .requiredOption("--name <name>", "a label for the key (need not be unique)", (name: string) => {
    if (name.trim() === "" || name.length > 200) throw new InvalidArgumentError("give a name of 1 to 200 characters");
    return name.trim();
  })
  .option("--tier <tier>", "rate-limit tier", DEFAULT_TIER)
  .action(async ({ name, tier }: { name: string; tier: string }) => {
    const tiers = parseTiers(env().RATE_LIMIT_TIERS);
    if (!tiers.has(tier)) program.error(`Unknown tier "${tier}". Configured tiers: ${[...tiers.keys()].join(", ")}.`);
    const { record, key } = await store.create({ name, tier });
    console.log(`Created ${record.id} (${record.name}, tier ${record.tier}). The key is shown once; store it now:`);
    console.log(key);
  });

program
  .command("list")
  .description("list keys (ids, names, tiers, dates; never the keys)")
  .action(async () => {
    const keys = await store.list();
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
  .description("revoke a key by id; it is refused from the next request on, on every instance")
  .argument("<id>", "the key id shown by create and list (key_...)")
  .action(async (id: string) => {
    const record = await store.revoke(id);
    if (record === null) return program.error(`No key with id ${id}. See: npm run apikey -- list`);
    console.log(`Revoked ${record.id} (${record.name}) at ${record.revokedAt}.`);
  });

try {
  await program.parseAsync();
} catch (error) {
  // PostgreSQL unreachable, or the state file locked: say so without a stack.
  program.error(`${error instanceof Error ? error.message : String(error)}${error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ""}`);
} finally {
  if (state.kind === "postgres") await state.pg.close();
}
