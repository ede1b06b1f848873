import type { ApiState } from "@/lib/db/api-state";
import { pgSavedScreenStore } from "./pg-saved-screen-store";
import type { SavedScreenStore } from "./saved-screen-store";
import { sqliteSavedScreenStore } from "./sqlite-saved-screen-store";

/** The saved-screen store of the configured API state (lib/db/api-state.ts). */
export const savedScreenStoreFor = (state: ApiState): SavedScreenStore => (state.kind === "sqlite" ? sqliteSavedScreenStore(state.db) : pgSavedScreenStore(state.pg));
