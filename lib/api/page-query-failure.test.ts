import { describe, expect, it } from "vitest";
import { BackendError, DatabaseUnavailableError, ValidationError, WorkUnavailableError } from "@/lib/errors";
import { deserializeError, serializeError } from "@/lib/work/serialized-error";
import { pageQueryFailure } from "./page-query-failure";

describe("pageQueryFailure", () => {
  // Errors reach the pages through the query pool: classify them as the pool hands them back.
  const throughPool = (error: unknown) => pageQueryFailure(deserializeError(serializeError(error)));

  it("shows the database notice while the database is built", () => {
    expect(throughPool(new DatabaseUnavailableError("building"))).toBe("database");
  });

  it("leaves the API's own answers to the browser's request", () => {
    expect(throughPool(new ValidationError([{ pointer: "/filters/country/values/0", message: "not in option_values.countries" }]))).toBe("browser");
    expect(throughPool(new BackendError("search backend down", 5))).toBe("browser");
    expect(pageQueryFailure(new WorkUnavailableError("deadline", "took too long", 1))).toBe("browser");
  });

  it("treats anything else as a fault", () => {
    expect(throughPool(new TypeError("cannot read properties of undefined"))).toBe("fault");
    expect(throughPool("thrown string")).toBe("fault");
  });
});
