import { describe, expect, it } from "vitest";
import { termCounts } from "@/lib/filings/embeddings/term-weights";
import { lsaInput } from "./embeddings-stage";

describe("lsaInput", () => {
  it("counts a passage's section and page titles twice, its label and text once", () => {
    const passage = {
      filing: "3M Company MMM 10-K annual report fiscal 2018 FY2018 FY",
      heading: "Item 7. Management's Discussion and Analysis | Liquidity",
      text: "Capital expenditures were $1,577 million in 2018.",
    };
    const counts = termCounts(lsaInput(passage));
    const termOf = (word: string) => [...termCounts(word).keys()][0] ?? word;
    expect(counts.get(termOf("liquidity"))).toBe(2);
    expect(counts.get(termOf("expenditures"))).toBe(1);
    expect(counts.get(termOf("annual"))).toBe(1);
  });
});
