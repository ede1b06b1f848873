/**
 * Test helper run as a separate process: waits until `startAt`, then tries `attempts` requests for
 * `subject` on the state file and prints how many were admitted.
 */
import { openApiStateDb } from "@/lib/db/api-state-db";
import { sqliteRateLimiter } from "@/lib/rate-limit/sqlite-limiter";
import { parseTiers } from "@/lib/rate-limit/tiers";

const [file, subject, attempts, startAt] = process.argv.slice(2) as [string, string, string, string];
const limiter = sqliteRateLimiter(openApiStateDb(file));
const windows = parseTiers(undefined).get("starter")!;
while (Date.now() < Number(startAt)) await new Promise((resolve) => setImmediate(resolve));
let admitted = 0;
for (let i = 0; i < Number(attempts); i++) if ((await limiter.consume(subject, windows, Date.now())).allowed) admitted++;
console.log(admitted);
