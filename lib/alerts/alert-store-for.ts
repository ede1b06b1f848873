import type { ApiState } from "@/lib/db/api-state";
import type { AlertStore } from "./alert-store";
import { pgAlertStore } from "./pg-alert-store";
import { sqliteAlertStore } from "./sqlite-alert-store";

/** The alert store of the configured API state (lib/db/api-state.ts). */
export const alertStoreFor = (state: ApiState): AlertStore => (state.kind === "sqlite" ? sqliteAlertStore(state.db) : pgAlertStore(state.pg));
