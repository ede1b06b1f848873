import type { z } from "zod";
import { ValidationError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/zod-field-errors";

/**
 * A request body as a route hands it on (lib/api/route.ts): its schema's output, or the route's 400
 * with the one error mapper (lib/zod-field-errors.ts). The services behind a route never parse a body.
 */
export function parsedAtRoute<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}
