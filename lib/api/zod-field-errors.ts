import type { z } from "zod";
import type { FieldError } from "./errors";

/** RFC 6901 JSON Pointer for a path into the request body (`["filters", "a/b"]` → `/filters/a~1b`). */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

/**
 * zod issues as the API's field errors: one per problem, each pointing at the member concerned.
 * An unknown member keeps the schema's own explanation when it gives one (e.g. "advanced-only
 * filter: use the advanced endpoint") instead of zod's generic "Unrecognized key".
 */
export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({
          pointer: jsonPointer([...issue.path, key]),
          message: issue.message.startsWith("Unrecognized key") ? `Unknown member "${key}".` : issue.message,
        }))
      : [{ pointer: jsonPointer(issue.path), message: issue.message }],
  );
}
