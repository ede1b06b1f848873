import { alertStoreContract } from "@/test/support/alerts/alert-store-contract";
import { twoStateFiles } from "@/test/support/db/state-handles";
import { sqliteSavedScreenStore } from "@/lib/screens/sqlite-saved-screen-store";
import { sqliteAlertStore } from "./sqlite-alert-store";

const [db, otherDb] = twoStateFiles();
alertStoreContract("SQLite state file", () => ({ screens: sqliteSavedScreenStore(db), store: sqliteAlertStore(db), other: sqliteAlertStore(otherDb) }));
