import type { ApiState } from "@/lib/db/api-state";
import type { AccountStore } from "./account-store";
import { pgAccountStore } from "./pg-account-store";
import { sqliteAccountStore } from "./sqlite-account-store";

/** The account store of the configured API state (lib/db/api-state.ts). */
export const accountStoreFor = (state: ApiState): AccountStore => (state.kind === "sqlite" ? sqliteAccountStore(state.db) : pgAccountStore(state.pg));
