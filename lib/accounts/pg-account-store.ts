import { z } from "zod";
import { type PgState, stateQuery } from "@/lib/db/api-state-pg";
import { StateStoreUnavailableError } from "@/lib/errors";
import { ACCOUNT_COLUMNS, type AccountStore, accountRow, newAccountId } from "./account-store";

/** Accounts and sessions in PostgreSQL (`API_STATE_URL`), shared by every app instance. */
const Row = accountRow(z.date(), (date) => date.toISOString());
const CredentialsRow = z.object({ password_hash: z.string() }).and(Row);

export function pgAccountStore(state: PgState): AccountStore {
  const query = (sql: string, values: unknown[] = []) => stateQuery(state, sql, values, (cause) => new StateStoreUnavailableError(cause));
  return {
    async create(email, passwordHash) {
      const rows = await query(
        `INSERT INTO accounts AS a (id, email, password_hash, created_at) VALUES ($1, $2, $3, now()) ON CONFLICT (email) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
        [newAccountId(), email, passwordHash],
      );
      return Row.optional().parse(rows[0]) ?? "taken";
    },
    async credentials(email) {
      const row = CredentialsRow.optional().parse((await query(`SELECT ${ACCOUNT_COLUMNS}, a.password_hash FROM accounts a WHERE a.email = $1`, [email]))[0]);
      return row === undefined ? null : { account: { id: row.id, email: row.email, created_at: row.created_at }, passwordHash: row.password_hash };
    },
    async startSession(accountId, tokenHash, expiresAt) {
      await query("DELETE FROM sessions WHERE account_id = $1 AND expires_at <= now()", [accountId]);
      await query("INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, now(), $3)", [tokenHash, accountId, expiresAt]);
    },
    sessionAccount: async (tokenHash, now) =>
      Row.optional().parse((await query(`SELECT ${ACCOUNT_COLUMNS} FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1 AND s.expires_at > $2`, [tokenHash, now]))[0]) ?? null,
    async endSession(tokenHash) {
      await query("DELETE FROM sessions WHERE token_hash = $1", [tokenHash]);
    },
  };
}
