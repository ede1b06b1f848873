import { z } from "zod";
import { randomBase62 } from "@/lib/auth/api-key-format";
import type { Account } from "./account-schema";

/**
 * Where accounts and their sessions live: beside the API keys, in the SQLite state file or in
 * PostgreSQL (`API_STATE_URL`). Both pass one contract (test/support/accounts/account-store-contract.ts).
 */
export interface AccountStore {
  /** A new account, or "taken" when one has the email. */
  create(email: string, passwordHash: string): Promise<Account | "taken">;
  /** The account with the email and its password hash, for signing in. */
  credentials(email: string): Promise<{ account: Account; passwordHash: string } | null>;
  /** Starts a session (and drops the account's expired ones). */
  startSession(accountId: string, tokenHash: Buffer, expiresAt: Date): Promise<void>;
  /** The account of an unexpired session. */
  sessionAccount(tokenHash: Buffer, now: Date): Promise<Account | null>;
  endSession(tokenHash: Buffer): Promise<void>;
}

export const newAccountId = () => `acc_${randomBase62(12)}`;

export const ACCOUNT_COLUMNS = "a.id, a.email, a.created_at";

/** An `accounts` row read as an account; each store gives its timestamp type and how to write it as ISO text. */
export const accountRow = <T>(timestamp: z.ZodType<T>, toIso: (value: T) => string) =>
  z.object({ id: z.string(), email: z.string(), created_at: timestamp }).transform((row): Account => ({ ...row, created_at: toIso(row.created_at) }));
