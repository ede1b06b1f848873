// GET /feeds/screens/{token}/ - a saved screen's alerts as an Atom feed (the address is the secret: feed readers send no key)
import { alertStoreFor } from "@/lib/alerts/alert-store-for";
import { atomFeed } from "@/lib/alerts/atom-feed";
import { apiState } from "@/lib/db/api-state";

/** The latest entries a feed lists. */
const FEED_ENTRIES = 50;

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const text = (status: number, message: string) => new Response(`${message}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
  let feed: Awaited<ReturnType<ReturnType<typeof alertStoreFor>["feed"]>>;
  try {
    feed = /^fd_[0-9A-Za-z]{1,60}$/.test(token) ? await alertStoreFor(apiState()).feed(token, FEED_ENTRIES) : null;
  } catch {
    return text(503, "The feed's store is unavailable; retry shortly.");
  }
  if (feed === null) return text(404, "No feed has this address: alerts were turned off, or the screen deleted.");
  const url = new URL(request.url);
  return new Response(atomFeed(feed.screen, feed.events, url.href, url.origin), {
    headers: { "content-type": "application/atom+xml; charset=utf-8", "cache-control": "private, max-age=300" },
  });
}
