import { alertStoreContract } from "@/test/support/alerts/alert-store-contract";
import { twoPgStates } from "@/test/support/db/state-handles";
import { pgSavedScreenStore } from "@/lib/screens/pg-saved-screen-store";
import { pgAlertStore } from "./pg-alert-store";

// A real PostgreSQL, started for this file; two pools on it, as an app instance and the alerts run.
const states = twoPgStates();
alertStoreContract("PostgreSQL", () => ({ screens: pgSavedScreenStore(states()[0]), store: pgAlertStore(states()[0]), other: pgAlertStore(states()[1]) }));
