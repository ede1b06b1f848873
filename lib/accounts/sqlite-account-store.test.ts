import { accountStoreContract } from "@/test/support/accounts/account-store-contract";
import { twoStateFiles } from "@/test/support/db/state-handles";
import { sqliteAccountStore } from "./sqlite-account-store";

const [db, otherDb] = twoStateFiles();
accountStoreContract("SQLite state file", () => ({ store: sqliteAccountStore(db), other: sqliteAccountStore(otherDb) }));
