import { alertStoreFor } from "@/lib/alerts/alert-store-for";
import { apiState } from "@/lib/db/api-state";
import { ValidationError } from "@/lib/errors";
import { MembershipHistoryRequest, type SavedScreenHistoryRequest } from "@/lib/screener/history-schema";
import { answerQuery } from "@/lib/work/query-pool";
import { fieldErrorsFromZod } from "@/lib/zod-field-errors";
import { alertsProblem, MAX_SAVED_SCREENS } from "@/lib/screens/saved-screen-schema";
import type { SavedScreenStore } from "@/lib/screens/saved-screen-store";
import { savedScreenStoreFor } from "@/lib/screens/saved-screen-store-for";
import { route } from "./route";
import {
  createSavedScreenOperation,
  deleteSavedScreenOperation,
  getSavedScreenOperation,
  getSharedScreenOperation,
  LISTED_DELIVERIES,
  listAlertDeliveriesOperation,
  listSavedScreensOperation,
  noSharedScreen,
  savedScreenHistoryOperation,
  noSuchScreen,
  screensFull,
  updateSavedScreenOperation,
} from "./saved-screen-operations";

/** The handlers of the saved-screen operations (lib/api/saved-screen-operations.ts), by resource path. */

let store: SavedScreenStore | undefined;
const screens = () => (store ??= savedScreenStoreFor(apiState()));

/** A screen belongs to the account whose key saved it (every key of the account sees it), else to the key. */
const ownerOf = ({ keyId, accountId }: { keyId: string | null; accountId: string | null }) => (accountId === null ? `key:${keyId}` : `account:${accountId}`);

const found = <T>(value: T | null, id: string): T => {
  if (value === null) throw noSuchScreen(id);
  return value;
};

export const screensRoutes = [
  route(listSavedScreensOperation, async (context) => ({ screens: await screens().list(ownerOf(context)), max_screens: MAX_SAVED_SCREENS })),
  route(createSavedScreenOperation, async (context) => {
    const created = await screens().create(ownerOf(context), context.body, MAX_SAVED_SCREENS);
    if (created === "full") throw screensFull();
    return created;
  }),
];

export const screenRoutes = [
  route(getSavedScreenOperation, async (context) => found(await screens().get(ownerOf(context), context.params.id), context.params.id)),
  route(updateSavedScreenOperation, async (context) => {
    const owner = ownerOf(context);
    // Alerts that stay on (not named in the body) need a request they can run as well.
    if (context.body.alerts === undefined) {
      const problem = found(await screens().get(owner, context.params.id), context.params.id).alerts === null ? null : alertsProblem(context.body.request);
      if (problem !== null) throw new ValidationError([{ pointer: "/request", message: `alerts are on: ${problem}` }]);
    }
    return found(await screens().update(owner, context.params.id, context.body), context.params.id);
  }),
  route(deleteSavedScreenOperation, async (context) => {
    if (!(await screens().remove(ownerOf(context), context.params.id))) throw noSuchScreen(context.params.id);
    return null;
  }),
];

export const sharedScreenRoutes = [
  route(getSharedScreenOperation, async ({ params }) => {
    const shared = await screens().shared(params.token);
    if (shared === null) throw noSharedScreen();
    // Read-only for anyone with the token: never the owner's alert secret or feed address.
    return { ...shared, alerts: null };
  }),
];

export const deliveriesRoutes = [
  route(listAlertDeliveriesOperation, async (context) => {
    const screen = found(await screens().get(ownerOf(context), context.params.id), context.params.id);
    return { deliveries: screen.alerts === null ? [] : await alertStoreFor(apiState()).deliveries(screen.id, LISTED_DELIVERIES) };
  }),
];

/**
 * Errors of the saved screen's request, not of the body, point into its `/request` (a filter's
 * value no longer offered, found where the history runs): the body has only the range and page.
 */
const RANGE_POINTERS = /^\/(from|to|page)(\/|$)/;
const inSavedRequest = (error: ValidationError) =>
  new ValidationError(error.errors.map((e) => (RANGE_POINTERS.test(e.pointer) ? e : { pointer: `/request${e.pointer}`, message: `the saved screen's request: ${e.message}` })));

/** A saved screen's request over the days asked for, as POST /api/v2/screener/history/ takes it (its errors re-pointed by the caller). */
function historyOf(request: Record<string, unknown>, range: SavedScreenHistoryRequest): MembershipHistoryRequest {
  const parsed = MembershipHistoryRequest.safeParse({ filters: request.filters, formulas: request.formulas, ...range });
  if (parsed.success) return parsed.data;
  throw new ValidationError(fieldErrorsFromZod(parsed.error));
}

export const screenHistoryRoutes = [
  route(savedScreenHistoryOperation, async (context) => {
    const screen = found(await screens().get(ownerOf(context), context.params.id), context.params.id);
    try {
      return await answerQuery("membershipHistory", { body: historyOf(screen.request, context.body), caller: context.caller, bound: context.bound });
    } catch (error) {
      throw error instanceof ValidationError ? inSavedRequest(error) : error;
    }
  }),
];
