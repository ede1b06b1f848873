import { describe, expect, it } from "vitest";
import { atomFeed } from "./atom-feed";

const event = {
  id: "evt_1",
  screen_id: "scr_1",
  as_of: "2016-05-10",
  full_ticker: "NYSE:HD",
  change: "left" as const,
  rules: [{ filter: "peRatio", reason: "P/E rose from 24.82 to 25.05, above the maximum 25.00 <&>" }],
  created_at: "2016-05-11T01:00:00.000Z",
};

describe("a screen's Atom feed", () => {
  it("escapes the data as XML text and drops what XML 1.0 cannot hold", () => {
    const name = "Value \u0001tilt\u001b & <friends> \ud800\ud83d\udcc8";
    const xml = atomFeed({ id: "scr_1", name }, [event], "https://screener.example/feeds/screens/fd_1/", "https://screener.example");
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(xml).toContain("<title>NYSE:HD left Value tilt &amp; &lt;friends&gt; \ud83d\udcc8 on 2016-05-10</title>");
    expect(xml).toContain("<summary>P/E rose from 24.82 to 25.05, above the maximum 25.00 &lt;&amp;&gt;</summary>");
    expect(xml).toContain("<updated>2016-05-11T01:00:00.000Z</updated>");
    // No lone surrogate left: encoding one as UTF-8 throws.
    expect(() => encodeURIComponent(xml)).not.toThrow();
  });
});
