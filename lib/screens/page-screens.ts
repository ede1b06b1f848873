import { z } from "zod";
import { SavedScreenInput } from "./saved-screen-schema";

/** The screener page's requests about the signed-in account's saved screens (its "Screens" menu). */
export const ScreensAction = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("list") }),
  z.strictObject({ action: z.literal("save"), screen: SavedScreenInput }),
  z.strictObject({ action: z.literal("delete"), id: z.string().regex(/^scr_[0-9A-Za-z]{1,60}$/, { error: "a screen id: scr_ and letters or digits" }) }),
]);

export const AccountScreen = z.object({ id: z.string(), name: z.string(), notes: z.string(), request: z.record(z.string(), z.unknown()), created_at: z.iso.datetime() });

export const ScreensResponse = z.object({
  signed_in: z.boolean().describe("false: no session, and no screens (the page keeps its own in the browser)"),
  screens: z.array(AccountScreen),
});
