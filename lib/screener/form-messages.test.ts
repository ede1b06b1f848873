import { describe, expect, it } from "vitest";
import { validateOptionValues } from "./service";
import { AdvancedScreenRequest } from "./request-schema";
import { plainApiMessage } from "./form-messages";
import { ValidationError } from "@/lib/errors";

/** The API's own answer for a request, as problem+json lists it (the schema's issues, or the service's). */
function apiErrors(body: unknown, lists: Record<string, string[]> = {}): { pointer: string; message: string }[] {
  const parsed = AdvancedScreenRequest.safeParse(body);
  if (!parsed.success) return parsed.error.issues.map((i) => ({ pointer: `/${i.path.join("/")}`, message: i.message }));
  try {
    validateOptionValues(parsed.data, lists);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  return [];
}

describe("plainApiMessage", () => {
  it("rewords the API's errors the page shows, naming the parameter where it is not a filter input", () => {
    expect(apiErrors({ page: { limit: 5000 } }).map(plainApiMessage)).toEqual(["Rows per page and page: Must be at most 1000."]);
    expect(apiErrors({ filters: { country: { values: ["Atlantis"] } } }, { countries: ["Japan"] }).map(plainApiMessage)).toEqual([
      '"Atlantis" is not one of this filter\'s values in the data.',
    ]);
    expect(apiErrors({ filters: { price: {} } }).map(plainApiMessage)).toEqual(["Give a minimum, a maximum or both."]);
    expect(apiErrors({ sort: { field: "nope" }, page: { offset: -1 } }).map(plainApiMessage)).toEqual(["Sort: Unknown sort field.", "Rows per page and page: Must be at least 0."]);
  });
});
