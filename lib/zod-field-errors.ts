import type { z } from "zod";
import { type FieldError, MAX_LISTED_ERRORS, unlistedErrors, ValidationError } from "./errors";

/** RFC 6901 JSON Pointer for a path into the request body (`["filters", "a/b"]` → `/filters/a~1b`). */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

/**
 * zod issues as the API's field errors: one per problem, each pointing at the member concerned,
 * the first MAX_LISTED_ERRORS of them and then a count of the rest (a body with thousands of
 * unknown members is one issue with thousands of keys). An unknown member keeps the schema's own
 * explanation when it gives one (e.g. "advanced-only filter: use the advanced endpoint") instead
 * of zod's generic "Unrecognized key". A member of the wrong type is reported as that alone: zod 4
 * still runs its size checks on the value it got (`exclude: "restructuring"`, a string of 13
 * characters, also read as "at most 10 words or phrases").
 */
export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  const listed: FieldError[] = [];
  const unlisted = { "unknown members": 0, "other errors": 0 };
  const wrongType = new Set(error.issues.filter((issue) => issue.code === "invalid_type").map((issue) => jsonPointer(issue.path)));
  for (const issue of error.issues) {
    if (issue.code !== "invalid_type" && wrongType.has(jsonPointer(issue.path))) continue;
    if (issue.code !== "unrecognized_keys") {
      if (listed.length < MAX_LISTED_ERRORS) listed.push({ pointer: jsonPointer(issue.path), message: issue.message });
      else unlisted["other errors"]++;
      continue;
    }
    const generic = issue.message.startsWith("Unrecognized key");
    for (const key of issue.keys) {
      if (listed.length < MAX_LISTED_ERRORS) {
        listed.push({ pointer: jsonPointer([...issue.path, key]), message: generic ? `Unknown member "${key}".` : issue.message });
      } else unlisted["unknown members"]++;
    }
  }
  return [...listed, ...unlistedErrors(unlisted)];
}

/**
 * A request body as a route hands it on: its schema's output, or the ValidationError (the API's
 * 400) naming each invalid member. Routes parse with it (lib/api/route.ts); the services behind
 * them take the output and never parse again.
 */
export function parseRequestBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}
