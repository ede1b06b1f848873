import type { AlertEvent } from "./alert-store";

/**
 * A saved screen's alerts as an Atom feed (RFC 4287): an entry per company that entered or left,
 * newest first, its title the company and the change, its summary the reasons. Everything from
 * the data is escaped as XML text, without the characters XML 1.0 cannot hold at all (control
 * characters a screen's name may carry, lone surrogates), which would make the whole feed unreadable.
 */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escape = (text: string) => text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function atomFeed(screen: { id: string; name: string }, events: readonly AlertEvent[], selfUrl: string, origin: string): string {
  const updated = events[0]?.created_at ?? new Date(0).toISOString();
  const entries = events.map((e) => {
    const title = `${e.full_ticker} ${e.change} ${screen.name} on ${e.as_of}`;
    const summary = e.rules.length > 0 ? e.rules.map((r) => r.reason).join("; ") : `The data of ${e.as_of} changed.`;
    return [
      "  <entry>",
      `    <id>urn:filing-screener:alert:${escape(e.id)}</id>`,
      `    <title>${escape(title)}</title>`,
      `    <updated>${escape(e.created_at)}</updated>`,
      `    <link href="${escape(`${origin}/company/${e.full_ticker}/`)}"/>`,
      `    <summary>${escape(summary)}</summary>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>urn:filing-screener:screen:${escape(screen.id)}</id>`,
    `  <title>${escape(`${screen.name}: who entered and left`)}</title>`,
    `  <updated>${escape(updated)}</updated>`,
    `  <link rel="self" href="${escape(selfUrl)}"/>`,
    "  <author><name>Filing Screener alerts</name></author>",
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
