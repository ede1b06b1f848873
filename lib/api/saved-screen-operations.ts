import { z } from "zod";
import { StateStoreUnavailableError } from "@/lib/errors";
import { AlertDelivery } from "@/lib/screens/alert-delivery";
import { MAX_SAVED_SCREENS, SavedScreen, SavedScreenId, SavedScreenInput, SavedScreenList, SharedScreenToken } from "@/lib/screens/saved-screen-schema";
import { MAX_HISTORY_DAYS, SavedScreenHistoryRequest } from "@/lib/screener/history-schema";
import { ANSWER_BOUNDS } from "./answer-bounds";
import type { ApiOperation } from "./operation";
import { HttpProblem } from "./problem";
import { membershipHistoryOperation } from "./screener-v2-operations";

/**
 * Saved screens (API v2): your own screens at `/api/v2/screens/`, one at `/api/v2/screens/{id}/`,
 * and a shared one by its token at `/api/v2/shared-screens/{token}/`. Answered in process from the
 * API state store; another owner's screen answers 404 exactly as one that never existed.
 */

export const noSuchScreen = (id: string) => new HttpProblem("no_such_resource", `None of your saved screens has the id ${JSON.stringify(id.slice(0, 80))}.`);
export const noSharedScreen = () => new HttpProblem("no_such_resource", "No shared screen has this token.");
export const screensFull = () =>
  new HttpProblem("conflict", `You keep ${MAX_SAVED_SCREENS} saved screens, the most an account or key may keep: delete one (DELETE /api/v2/screens/{id}/) first.`);

const EXAMPLE_INPUT = {
  name: "Cash-rich large caps",
  notes: "Free cash flow yield above 8%; revisit after each quarter's filings.",
  request: {
    filters: { marketCap_usd: { min: 10_000_000_000 } },
    formulas: [{ name: "fcf_yield", expression: "(operatingCashFlow + capitalExpenditures) / marketCap_usd", unit: "percent", min: 0.08 }],
    sort: { field: "fcf_yield", desc: true },
    fields: ["full_ticker", "companyName", "marketCap_usd"],
  },
  shared: false,
};
const EXAMPLE_SCREEN = {
  id: "scr_4fQm9TzK2bXa",
  name: EXAMPLE_INPUT.name,
  notes: EXAMPLE_INPUT.notes,
  request: EXAMPLE_INPUT.request,
  share_token: null,
  alerts: null,
  created_at: "2026-11-28T17:20:00.000Z",
  updated_at: "2026-11-28T17:20:00.000Z",
};
const SHARED_EXAMPLE = { ...EXAMPLE_SCREEN, share_token: "shr_8cVb2LmQ0xTy7RkN4wHs1d" };
const ALERTS_EXAMPLE = {
  ...EXAMPLE_SCREEN,
  alerts: { webhook_url: "https://hooks.example.com/screens", webhook_secret: "whsec_3GkT9qLm2ZxV7bNc4RwY8pDs1HfJ6aEu", feed_path: "/feeds/screens/fd_Q2w8ZkP4nR7tY1vB5mX9cL3s/" },
};

const INPUT_RULES = `The request is checked by POST /api/v2/screener/advanced/'s schema (a 400 points into /request) and kept as sent; run it by posting it there. An account (or a CLI key) keeps at most ${MAX_SAVED_SCREENS} screens (409 past that).`;
const OWNERSHIP =
  "A screen belongs to the account whose key saved it (every key created on that account's page sees it), or, for a key issued by the operator's CLI, to that key alone. Anyone else gets 404, as for an id that never existed.";

const common = { tags: ["Saved screens" as const], inProcess: true as const };
const store = { store: { summary: "The store of saved screens cannot answer (PostgreSQL away)", error: new StateStoreUnavailableError(null) } };
const missing = { ...store, missing: { summary: "None of your screens has the id", error: noSuchScreen("scr_4fQm9TzK2bXa") } };

export const listSavedScreensOperation = {
  ...common,
  operationId: "listSavedScreens",
  method: "get",
  path: "/api/v2/screens/",
  summary: "List your saved screens",
  description: `Every screen of your account (or CLI key), oldest first (at most ${MAX_SAVED_SCREENS}: unpaged). ${OWNERSHIP}`,
  response: { schema: SavedScreenList, description: "Your screens", examples: { one: { summary: "A key with one screen", value: { screens: [EXAMPLE_SCREEN], max_screens: MAX_SAVED_SCREENS } } } },
  responseBound: ANSWER_BOUNDS.savedScreens,
  serviceErrors: store,
} satisfies ApiOperation;

export const createSavedScreenOperation = {
  ...common,
  operationId: "createSavedScreen",
  method: "post",
  path: "/api/v2/screens/",
  status: 201,
  summary: "Save a screen",
  description: `Saves a v2 screen request under a name, with notes; \`shared: true\` gives it a read-only share token. ${INPUT_RULES}`,
  request: { schema: SavedScreenInput, examples: { cashRich: { summary: "A formula screen, not shared", value: EXAMPLE_INPUT } } },
  response: { schema: SavedScreen, description: "The saved screen, with its id", examples: { cashRich: { summary: "Saved", value: EXAMPLE_SCREEN } } },
  responseBound: ANSWER_BOUNDS.savedScreen,
  serviceErrors: { ...store, full: { summary: `You keep ${MAX_SAVED_SCREENS} screens already`, error: screensFull() } },
} satisfies ApiOperation;

const one = {
  ...common,
  path: "/api/v2/screens/{id}/",
  pathExample: "/api/v2/screens/scr_4fQm9TzK2bXa/",
  params: SavedScreenId,
  responseBound: ANSWER_BOUNDS.savedScreen,
  serviceErrors: missing,
};

export const getSavedScreenOperation = {
  ...one,
  operationId: "getSavedScreen",
  method: "get",
  summary: "Read a saved screen",
  description: OWNERSHIP,
  response: { schema: SavedScreen, description: "The screen", examples: { cashRich: { summary: "A saved screen", value: EXAMPLE_SCREEN } } },
} satisfies ApiOperation;

export const updateSavedScreenOperation = {
  ...one,
  operationId: "updateSavedScreen",
  method: "put",
  summary: "Replace a saved screen",
  description: `Replaces the name, notes, request and sharing of a screen; its id and creation time stay, and a shared screen keeps its token until \`shared: false\`. Without \`alerts\` its alerts stay as they are (\`null\` turns them off). ${INPUT_RULES} ${OWNERSHIP}`,
  request: {
    schema: SavedScreenInput,
    examples: {
      share: { summary: "The same screen, now shared", value: { ...EXAMPLE_INPUT, shared: true } },
      alerts: { summary: "The same screen, with alerts to a webhook", value: { ...EXAMPLE_INPUT, alerts: { webhook_url: "https://hooks.example.com/screens" } } },
    },
  },
  response: {
    schema: SavedScreen,
    description: "The screen as replaced",
    examples: { shared: { summary: "Shared", value: SHARED_EXAMPLE }, alerts: { summary: "With alerts: the secret that signs deliveries, and the feed", value: ALERTS_EXAMPLE } },
  },
} satisfies ApiOperation;

export const deleteSavedScreenOperation = {
  ...one,
  operationId: "deleteSavedScreen",
  method: "delete",
  status: 204,
  summary: "Delete a saved screen",
  description: `Deletes a screen and its share token for good. ${OWNERSHIP}`,
  response: { schema: z.null(), description: "Deleted: no body", examples: {} },
} satisfies ApiOperation;

export const getSharedScreenOperation = {
  ...common,
  operationId: "getSharedScreen",
  method: "get",
  path: "/api/v2/shared-screens/{token}/",
  pathExample: "/api/v2/shared-screens/shr_8cVb2LmQ0xTy7RkN4wHs1d/",
  params: SharedScreenToken,
  summary: "Read a shared screen",
  description:
    "Any key reads a screen its owner shared, by the share token; read-only, without its alerts (null: the webhook secret and the feed's address stay the owner's). The token stops working when the owner unshares or deletes the screen (404).",
  response: { schema: SavedScreen, description: "The shared screen", examples: { shared: { summary: "A shared screen", value: SHARED_EXAMPLE } } },
  responseBound: ANSWER_BOUNDS.savedScreen,
  serviceErrors: { ...store, missing: { summary: "No shared screen has the token", error: noSharedScreen() } },
} satisfies ApiOperation;

/** Attempts the deliveries endpoint lists. */
export const LISTED_DELIVERIES = 50;

export const SavedScreenDeliveries = z.object({
  deliveries: z.array(AlertDelivery).describe(`The screen's latest ${LISTED_DELIVERIES} attempts to deliver its alerts to its webhook, newest first (kept 400 days)`),
});

export const listAlertDeliveriesOperation = {
  ...one,
  path: "/api/v2/screens/{id}/deliveries/",
  pathExample: "/api/v2/screens/scr_4fQm9TzK2bXa/deliveries/",
  responseBound: ANSWER_BOUNDS.alertDeliveries,
  operationId: "listAlertDeliveries",
  method: "get",
  summary: "List a saved screen's webhook deliveries",
  description: `Every attempt to POST the screen's alerts to its webhook: the changes it carried (their ids, as in the body and the feed), the receiver's status or why none came ("refused: …" for an address off the public internet). Empty while its alerts are off. ${OWNERSHIP}`,
  response: {
    schema: SavedScreenDeliveries,
    description: "The latest attempts",
    examples: {
      retried: {
        summary: "A delivery taken on its second attempt",
        value: {
          deliveries: [
            { id: "dlv_Vb7Kq2LmZx9Tn4Rw", events: ["evt_P3sD8fGh2JkL5mNq"], attempt: 2, status: 200, error: null, at: "2026-11-28T22:01:04.120Z" },
            { id: "dlv_H5tY1uIo9PaS3dFg", events: ["evt_P3sD8fGh2JkL5mNq"], attempt: 1, status: 503, error: null, at: "2026-11-28T22:01:02.004Z" },
          ],
        },
      },
    },
  },
} satisfies ApiOperation;

/** Runs in the query workers, as the history of a screen in the body does: not `inProcess`. */
export const savedScreenHistoryOperation = {
  tags: common.tags,
  params: SavedScreenId,
  path: "/api/v2/screens/{id}/history/",
  pathExample: "/api/v2/screens/scr_4fQm9TzK2bXa/history/",
  operationId: "runSavedScreenHistory",
  method: "post",
  summary: "Who entered and left a saved screen, and why",
  description: [
    `POST /api/v2/screener/history/ for the saved screen's filters and formulas as they are now: who entered and left it on each trading day from \`from\` to \`to\` (at most ${MAX_HISTORY_DAYS}), with the rules that flipped and their values before and after. A screen without a filter or a bounded formula has no history (400 at /request/filters). ${OWNERSHIP}`,
    "Runs in the query workers under the backtest deadline (BACKTEST_DEADLINE_MS).",
  ].join("\n\n"),
  request: { schema: SavedScreenHistoryRequest, examples: { aprilAndMay: { summary: "April and May 2016", value: { from: "2016-04-01", to: "2016-05-31", page: { limit: 2 } } } } },
  response: membershipHistoryOperation.response,
  responseBound: ANSWER_BOUNDS.history,
  serviceErrors: { ...missing, ...membershipHistoryOperation.serviceErrors },
} satisfies ApiOperation;

export const savedScreenOperations = [
  listSavedScreensOperation,
  createSavedScreenOperation,
  getSavedScreenOperation,
  updateSavedScreenOperation,
  deleteSavedScreenOperation,
  getSharedScreenOperation,
  listAlertDeliveriesOperation,
  savedScreenHistoryOperation,
] as const;
