import { apiState } from "@/lib/db/api-state";
import { MAX_SAVED_SCREENS } from "@/lib/screens/saved-screen-schema";
import type { SavedScreenStore } from "@/lib/screens/saved-screen-store";
import { savedScreenStoreFor } from "@/lib/screens/saved-screen-store-for";
import { route } from "./route";
import {
  createSavedScreenOperation,
  deleteSavedScreenOperation,
  getSavedScreenOperation,
  getSharedScreenOperation,
  listSavedScreensOperation,
  noSharedScreen,
  noSuchScreen,
  screensFull,
  updateSavedScreenOperation,
} from "./saved-screen-operations";

/** The handlers of the saved-screen operations (lib/api/saved-screen-operations.ts), by resource path. */

let store: SavedScreenStore | undefined;
const screens = () => (store ??= savedScreenStoreFor(apiState()));

/** A screen belongs to the key that saved it. */
const ownerOf = (keyId: string | null) => `key:${keyId}`;

const found = <T>(value: T | null, id: string): T => {
  if (value === null) throw noSuchScreen(id);
  return value;
};

export const screensRoutes = [
  route(listSavedScreensOperation, async ({ keyId }) => ({ screens: await screens().list(ownerOf(keyId)), max_screens: MAX_SAVED_SCREENS })),
  route(createSavedScreenOperation, async ({ keyId, body }) => {
    const created = await screens().create(ownerOf(keyId), body, MAX_SAVED_SCREENS);
    if (created === "full") throw screensFull();
    return created;
  }),
];

export const screenRoutes = [
  route(getSavedScreenOperation, async ({ keyId, params }) => found(await screens().get(ownerOf(keyId), params.id), params.id)),
  route(updateSavedScreenOperation, async ({ keyId, params, body }) => found(await screens().update(ownerOf(keyId), params.id, body), params.id)),
  route(deleteSavedScreenOperation, async ({ keyId, params }) => {
    if (!(await screens().remove(ownerOf(keyId), params.id))) throw noSuchScreen(params.id);
    return null;
  }),
];

export const sharedScreenRoutes = [
  route(getSharedScreenOperation, async ({ params }) => {
    const shared = await screens().shared(params.token);
    if (shared === null) throw noSharedScreen();
    return shared;
  }),
];
