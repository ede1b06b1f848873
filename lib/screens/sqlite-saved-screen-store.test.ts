import { twoStateFiles } from "@/test/support/db/state-handles";
import { savedScreenStoreContract } from "@/test/support/screens/saved-screen-store-contract";
import { sqliteSavedScreenStore } from "./sqlite-saved-screen-store";

const [db, otherDb] = twoStateFiles();
savedScreenStoreContract("SQLite state file", () => ({ store: sqliteSavedScreenStore(db), other: sqliteSavedScreenStore(otherDb) }));
