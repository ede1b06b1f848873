import { headers } from "next/headers";
import { issuePageToken } from "@/lib/api/route";
import { UI_TOKEN_META } from "@/lib/api/ui-client";

/**
 * The page's token for its own endpoints (`/api/ui/...`), issued while the server renders the
 * page for this client (lib/auth/ui-token.ts); lib/api/ui-client.ts sends it with each call.
 */
export async function UiTokenMeta() {
  return <meta name={UI_TOKEN_META} content={issuePageToken(await headers())} />;
}
