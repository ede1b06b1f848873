import type { ApiState } from "@/lib/db/api-state";
import type { ApiKeyStore } from "./api-key-store";
import { pgKeyStore } from "./pg-key-store";
import { sqliteKeyStore } from "./sqlite-key-store";

/** The key store of the configured API state (lib/db/api-state.ts). */
export const keyStoreFor = (state: ApiState): ApiKeyStore => (state.kind === "sqlite" ? sqliteKeyStore(state.db) : pgKeyStore(state.pg));
