import { z } from "zod";

/** Accounts of the app (sign-up and sign-in on /account/): an email and a password. */

export const MIN_PASSWORD_LENGTH = 10;

const Email = z
  .email({ error: "an email address, such as name@example.com" })
  .max(254)
  .transform((email) => email.toLowerCase());

export const SignUpInput = z.strictObject({
  email: Email,
  password: z
    .string()
    .refine((text) => !text.includes("\u0000"), { error: "may not contain the NUL character" })
    .min(MIN_PASSWORD_LENGTH, { error: `at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(200, { error: "at most 200 characters" }),
});
export type SignUpInput = z.output<typeof SignUpInput>;

/** Signing in checks no rule a stored password might break: only whether it matches. */
export const SignInInput = z.strictObject({ email: Email, password: z.string().min(1, { error: "the password" }).max(200) });

export const Account = z.object({ id: z.string(), email: z.string(), created_at: z.iso.datetime() });
export type Account = z.output<typeof Account>;
