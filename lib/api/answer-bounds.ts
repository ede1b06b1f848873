import type { AnswerBound } from "@/lib/work/worker-protocol";

/**
 * Each operation's largest answer (`responseBound`), from its request bounds and the data's
 * longest values (measured 2026-11-27: a 1,000-row screen with every field 2.2 MB, of which the
 * business descriptions, up to 5,251 characters each, are half; a 25-result search about 0.1 MB;
 * the options record 42 kB). None is above MAX_ANSWER_BYTES (lib/api/operation.ts).
 */
const MB = 1_000_000;

export const ANSWER_BOUNDS = {
  options: { maxBytes: 1 * MB, narrow: { pointer: "", message: "the options record has no parameters" } },
  // The OpenAPI documents are about 0.2 MB; nothing a client sends changes them.
  document: { maxBytes: 2 * MB, narrow: { pointer: "", message: "the document has no parameters" } },
  screen: { maxBytes: 8 * MB, narrow: { pointer: "/page/limit", message: "ask for fewer rows (page.limit) or fields" } },
  search: { maxBytes: 2 * MB, narrow: { pointer: "/results", message: "ask for fewer results" } },
  screenSearch: { maxBytes: 4 * MB, narrow: { pointer: "/results", message: "ask for fewer results or a narrower screen" } },
  screenCounts: { maxBytes: 1 * MB, narrow: { pointer: "/filters", message: "use fewer filters" } },
  backtest: { maxBytes: 10 * MB, narrow: { pointer: "/fields", message: "ask for fewer fields, a longer rebalance period or a shorter range" } },
  // A page of at most 500 changes, each with the filters that flipped (a few hundred bytes each).
  history: { maxBytes: 8 * MB, narrow: { pointer: "/page/limit", message: "ask for fewer changes per page" } },
  // A screen is at most the body that saved it (64 KiB) and its ids and times; a key keeps at most 100.
  savedScreen: { maxBytes: 0.1 * MB, narrow: { pointer: "", message: "a saved screen is no larger than the request that saved it" } },
  // The latest 50 attempts, each naming at most 500 changes (ids of 20 characters).
  alertDeliveries: { maxBytes: 1 * MB, narrow: { pointer: "", message: "the latest 50 attempts are listed" } },
  savedScreens: { maxBytes: 7 * MB, narrow: { pointer: "", message: "a key keeps at most 100 saved screens" } },
} satisfies Record<string, AnswerBound>;
