import { z } from "zod";
import type { StateDb } from "@/lib/db/api-state-db";
import { stateBusy } from "@/lib/db/state-busy";
import { ACCOUNT_COLUMNS, type AccountStore, accountRow, newAccountId } from "./account-store";

/** Accounts and sessions in the SQLite state file (API_STATE_PATH); a file locked past its busy timeout is a 503 (stateBusy). */
const Row = accountRow(z.string(), (text) => text);
const CredentialsRow = z.object({ password_hash: z.string() }).and(Row);

export function sqliteAccountStore(db: StateDb): AccountStore {
  return {
    create: async (email, passwordHash) =>
      stateBusy(() => {
        const account = { id: newAccountId(), email, created_at: new Date().toISOString() };
        const inserted = db
          .prepare("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING")
          .run(account.id, email, passwordHash, account.created_at);
        return inserted.changes === 0 ? ("taken" as const) : account;
      }),
    credentials: async (email) =>
      stateBusy(() => {
        const row = CredentialsRow.optional().parse(db.prepare(`SELECT ${ACCOUNT_COLUMNS}, a.password_hash FROM accounts a WHERE a.email = ?`).get(email));
        return row === undefined ? null : { account: { id: row.id, email: row.email, created_at: row.created_at }, passwordHash: row.password_hash };
      }),
    startSession: async (accountId, tokenHash, expiresAt) =>
      stateBusy(() => {
        db.prepare("DELETE FROM sessions WHERE account_id = ? AND expires_at <= ?").run(accountId, new Date().toISOString());
        db.prepare("INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(tokenHash, accountId, new Date().toISOString(), expiresAt.toISOString());
      }),
    sessionAccount: async (tokenHash, now) =>
      stateBusy(
        () => Row.optional().parse(db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ? AND s.expires_at > ?`).get(tokenHash, now.toISOString())) ?? null,
      ),
    endSession: async (tokenHash) => stateBusy(() => void db.prepare("DELETE FROM sessions WHERE token_hash = ?").run(tokenHash)),
  };
}
