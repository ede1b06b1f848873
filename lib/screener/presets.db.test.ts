import { describe, expect, it } from "vitest";
import { PRESETS } from "./presets";
import { AdvancedScreenRequest } from "./request-schema";
import { runScreen } from "./service";

describe("presets", () => {
  it.each(PRESETS.map((p) => [p.name, p] as const))("%s is a valid screen that returns companies", (_, preset) => {
    const result = runScreen(AdvancedScreenRequest.parse({ ...preset.screen, result_format: "tickers" }));
    expect(result.total).toBeGreaterThan(5);
  });
});
