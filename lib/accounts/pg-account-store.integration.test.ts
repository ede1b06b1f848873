import { accountStoreContract } from "@/test/support/accounts/account-store-contract";
import { twoPgStates } from "@/test/support/db/state-handles";
import { pgAccountStore } from "./pg-account-store";

// A real PostgreSQL, started for this file; two pools on it, as two app instances.
const states = twoPgStates();
accountStoreContract("PostgreSQL", () => ({ store: pgAccountStore(states()[0]), other: pgAccountStore(states()[1]) }));
