import { z } from "zod";
import { Account, SignInInput, SignUpInput } from "@/lib/accounts/account-schema";
import { KeysAction, KeysResponse } from "@/lib/accounts/account-keys";
import { ScreensAction, ScreensResponse } from "@/lib/screens/page-screens";
import type { ApiOperation } from "./operation";

/**
 * The account page's own operations (`/api/ui/account/…`, not public): same-origin, with the
 * page's token, limited per address like every UI endpoint; a session is an HTTP-only cookie.
 */

const bound = { maxBytes: 7_000_000, narrow: { pointer: "", message: "an account's answer is bounded by its keys (at most 50) and its screens (at most 100)" } };
const AccountState = z.object({
  account: Account.nullable().describe("The signed-in account, null when signed out"),
  signup: z.enum(["open", "closed"]).describe("Whether the operator lets people sign up (SIGNUP)"),
});
const common = { method: "post" as const, tags: ["Account UI" as const], responseBound: bound, inProcess: true as const };

export const accountStateOperation = {
  ...common,
  operationId: "readAccountState",
  path: "/api/ui/account/",
  summary: "Who is signed in",
  description: "The session's account (null without one) and whether sign-up is open.",
  request: { schema: z.strictObject({}), examples: {} },
  response: { schema: AccountState, description: "The account state", examples: {} },
} satisfies ApiOperation;

export const signUpOperation = {
  ...common,
  operationId: "signUp",
  path: "/api/ui/account/signup/",
  summary: "Sign up",
  description: "Creates an account (the password stored as an argon2id hash) and signs it in. 403 when sign-up is closed, 409 when the email has an account. Attempts are limited per address.",
  request: { schema: SignUpInput, examples: {} },
  response: { schema: AccountState, description: "Signed in: the session cookie is set", examples: {} },
} satisfies ApiOperation;

export const signInOperation = {
  ...common,
  operationId: "signIn",
  path: "/api/ui/account/signin/",
  summary: "Sign in",
  description: "Starts a session (a 30-day HTTP-only cookie). A wrong email or password is one 401. Attempts are limited per address and per email (429 with Retry-After; then even the right password waits).",
  request: { schema: SignInInput, examples: {} },
  response: { schema: AccountState, description: "Signed in: the session cookie is set", examples: {} },
} satisfies ApiOperation;

export const signOutOperation = {
  ...common,
  operationId: "signOut",
  path: "/api/ui/account/signout/",
  summary: "Sign out",
  description: "Ends the session in the store and clears the cookie.",
  request: { schema: z.strictObject({}), examples: {} },
  response: { schema: AccountState, description: "Signed out", examples: {} },
} satisfies ApiOperation;

export const accountKeysOperation = {
  ...common,
  operationId: "manageAccountKeys",
  path: "/api/ui/account/keys/",
  summary: "The account's API keys",
  description:
    "Lists the account's keys with each one's use of its limits, or creates (named), revokes or rotates (revokes and creates one of the same name) a key; a new key is in `created`, shown once. 401 without a session.",
  request: { schema: KeysAction, examples: {} },
  response: { schema: KeysResponse, description: "The account's keys after the action", examples: {} },
} satisfies ApiOperation;

export const accountScreensOperation = {
  ...common,
  operationId: "manageAccountScreens",
  path: "/api/ui/account/screens/",
  summary: "The account's saved screens",
  description:
    "Lists the signed-in account's saved screens (the same as GET /api/v2/screens/ with any of its keys), saves one, or deletes one; listing without a session answers signed_in false, saving or deleting needs one (401).",
  request: { schema: ScreensAction, examples: {} },
  response: { schema: ScreensResponse, description: "The account's screens after the action", examples: {} },
} satisfies ApiOperation;
