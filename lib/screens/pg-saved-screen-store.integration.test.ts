import { twoPgStates } from "@/test/support/db/state-handles";
import { savedScreenStoreContract } from "@/test/support/screens/saved-screen-store-contract";
import { pgSavedScreenStore } from "./pg-saved-screen-store";

// A real PostgreSQL, started for this file; two pools on it, as two app instances.
const states = twoPgStates();
savedScreenStoreContract("PostgreSQL", () => ({ store: pgSavedScreenStore(states()[0]), other: pgSavedScreenStore(states()[1]) }));
