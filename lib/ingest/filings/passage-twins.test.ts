import { describe, expect, it } from "vitest";
import { findTwins, minhashSignature, numbersKey, signatureSimilarity } from "./passage-twins";

// eBay's interest-rate risk factor, word for word in its 2017 and 2018 10-Ks (page 18 of each).
const EBAY_RATES =
  "We are exposed to fluctuations in interest rates. Some of our borrowings bear interest at floating rates and we have entered into agreements intended to convert the interest rate on some of our fixed rate debt instruments to floating rates. To the extent that prevailing rates increase, our interest expense under these debt instruments will increase. Investments in both fixed-rate and floating-rate interest-earning instruments carry varying degrees of interest rate risk. The fair market value of our fixed-rate investment securities may be adversely impacted due to a rise in interest rates.";
// The same paragraph as a later year might reword one clause.
const EBAY_RATES_REWORDED = EBAY_RATES.replace("Some of our borrowings bear interest at floating rates", "Certain of our borrowings bear interest at floating rates");
// The same paragraph with this year's and with another year's figures added.
const EBAY_RATES_2017 = `${EBAY_RATES} As of December 31, 2017, we had $9.2 billion of fixed rate debt outstanding.`;
const EBAY_RATES_2018 = `${EBAY_RATES} As of December 31, 2018, we had $8.8 billion of fixed rate debt outstanding.`;
// Apple's repurchase note (2024 10-K): a different paragraph.
const APPLE_BUYBACK =
  "As of September 28, 2024, the Company was authorized by the Board to purchase up to $110 billion of the Company's common stock under a share repurchase program announced on May 2, 2024, of which $20.9 billion had been utilized. During the fourth quarter of 2024, the Company also utilized the final $4.1 billion under its previous repurchase program, which was authorized in May 2023. The programs do not obligate the Company to acquire a minimum amount of shares.";

describe("near-duplicate passages", () => {
  it("estimates Jaccard similarity from MinHash signatures", () => {
    const a = minhashSignature(EBAY_RATES)!;
    expect(signatureSimilarity(a, minhashSignature(EBAY_RATES)!)).toBe(1);
    expect(signatureSimilarity(a, minhashSignature(EBAY_RATES_REWORDED)!)).toBeGreaterThanOrEqual(0.8);
    expect(signatureSimilarity(a, minhashSignature(APPLE_BUYBACK)!)).toBeLessThan(0.2);
    expect(minhashSignature("Item 1A. Risk Factors")).toBeNull();
  });

  it("groups a company's repeated boilerplate under its smallest passage id, and nothing across companies", () => {
    const twins = findTwins([
      { id: 10, companyId: 1, text: EBAY_RATES },
      { id: 11, companyId: 1, text: APPLE_BUYBACK },
      { id: 20, companyId: 1, text: EBAY_RATES },
      { id: 30, companyId: 1, text: EBAY_RATES_REWORDED },
      { id: 40, companyId: 2, text: EBAY_RATES },
    ]);
    expect([...twins].sort((a, b) => a[0] - b[0])).toEqual([
      [10, 10],
      [20, 10],
      [30, 10],
    ]);
  });

  it("leaves a paragraph repeated with other figures apart: its numbers are news", () => {
    expect(numbersKey("Net sales of $1,290 million in 2023, 38% of the total, and 1,290 units; 4.5 stores.")).toBe("1290 38 4.5");
    // Years, page numbers and item numbers are no figures: the same paragraph a year later, on another page, is the same paragraph.
    expect(numbersKey("Apple Inc. | 2024 Form 10-K | 7 As of December 31, 2024, see Item 7 and Note 12: 12.5%")).toBe(
      numbersKey("Apple Inc. | 2023 Form 10-K | 10 As of December 31, 2023, see Item 7 and Note 12: 12.5%"),
    );
    // Alike enough in words to be twins, but for the figures.
    expect(signatureSimilarity(minhashSignature(EBAY_RATES_2017)!, minhashSignature(EBAY_RATES_2018)!)).toBeGreaterThanOrEqual(0.8);
    const twins = findTwins([
      { id: 1, companyId: 1, text: EBAY_RATES_2017 },
      { id: 2, companyId: 1, text: EBAY_RATES_2018 },
      { id: 3, companyId: 1, text: EBAY_RATES_2017 },
    ]);
    expect([...twins].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 1],
      [3, 1],
    ]);
  });
});
