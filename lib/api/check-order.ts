/**
 * The order in which every `/api/v1/` request is checked (lib/api/route.ts): the first check that
 * fails answers. Shown in the OpenAPI description and on /docs/.
 */
export const CHECK_ORDER: readonly { status: string; when: string }[] = [
  { status: "404", when: "no operation has the path" },
  { status: "308", when: "the path lacks its trailing slash (to the path with it)" },
  { status: "405", when: "the path exists but not with this method (`Allow` lists its methods)" },
  { status: "429", when: "the request carries a key from an address that has had too many keys refused this minute (the key is not checked)" },
  { status: "401", when: "the API key is missing, malformed, unknown or revoked" },
  { status: "408", when: "the body did not arrive in full within the body timeout (never counts)" },
  { status: "429", when: "a limit of the key's tier is exhausted" },
  { status: "413, 415, 400", when: "the body is too large, not JSON, or breaks the operation's schema" },
  { status: "502, 503", when: "the service cannot answer (filing search backend; database being built; past the deadline or the caller's queue)" },
];

export const CHECK_ORDER_NOTE =
  "404, 308 and 405 are decided before the key is looked at: they need no key, carry no `RateLimit` headers and never count against a limit, even when a valid key is sent. From 401 on, every request that passes the key check counts (except one refused with 408 or 429).";

/** The order as one Markdown paragraph. */
export const checkOrderMarkdown = () =>
  `**Order of checks**: ${CHECK_ORDER.map((c, i) => `${i + 1}. ${c.status}: ${c.when}`).join("; ")}. ${CHECK_ORDER_NOTE}`;
