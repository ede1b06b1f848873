import { hash, verify } from "@node-rs/argon2";

/**
 * Passwords are stored as argon2id hashes (memory-hard; OWASP's parameters: 19 MiB, 2 passes, one
 * lane), the PHC string carrying its own salt and parameters, so stronger ones can come later
 * without invalidating the stored hashes.
 */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Checked against when no account has the email, so that an unknown email takes as long as a wrong password.
const UNKNOWN = hash("no account has this email", OPTIONS);

/** Whether `password` matches `stored`; with no stored hash (no such account) it does the same work and answers false. */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    await verify(await UNKNOWN, password);
    return false;
  }
  return verify(stored, password);
}
