import { z } from "zod";
import { AlertDelivery } from "./alert-delivery";
import { SavedScreen, SavedScreenInput } from "./saved-screen-schema";

const ScreenId = z.string().regex(/^scr_[0-9A-Za-z]{1,60}$/, { error: "a screen id: scr_ and letters or digits" });

/** The pages' requests about the signed-in account's saved screens: the screener's Screens menu, the account page's list with its alerts. */
export const ScreensAction = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("list") }),
  z.strictObject({ action: z.literal("save"), screen: SavedScreenInput }),
  z.strictObject({ action: z.literal("delete"), id: ScreenId }),
  z.strictObject({ action: z.literal("alerts"), id: ScreenId, alerts: SavedScreenInput.shape.alerts.unwrap() }),
]);

export const AccountScreen = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string(),
  request: z.record(z.string(), z.unknown()),
  alerts: SavedScreen.shape.alerts,
  deliveries: z.array(AlertDelivery).describe("The latest attempts to deliver its alerts, newest first"),
  created_at: z.iso.datetime(),
});

export const ScreensResponse = z.object({
  signed_in: z.boolean().describe("false: no session, and no screens (the page keeps its own in the browser)"),
  screens: z.array(AccountScreen),
});
