"use client";

import { publicApiRequest } from "@/lib/api/public-api-request";
import { CopyButton } from "./copy-button";

/** The public /api/v1 request that reproduces what is on screen: endpoint, JSON body and curl. */
export function ApiRequestPanel({ path, body }: { path: string; body: unknown }) {
  const request = publicApiRequest(window.location.origin, path, body);
  return (
    <section aria-label="API request" className="border-t border-zinc-200 bg-zinc-50 px-3 py-2 text-xs dark:border-zinc-800 dark:bg-zinc-900/60">
      <div className="flex flex-wrap items-center gap-x-2">
        <code className="font-mono break-all" data-testid="api-endpoint">
          {request.method} {request.url}
        </code>
        <span className="text-zinc-600 dark:text-zinc-400" data-testid="api-key-hint">
          with <code className="font-mono">Authorization: Bearer $API_KEY</code>. Keys are issued by whoever runs this site (its operator); see{" "}
          <a href="/docs#authentication" className="text-sky-800 underline dark:text-sky-300">
            how to get and use a key
          </a>
          .
        </span>
      </div>
      {/* min-w-0: on a phone a long line scrolls inside its <pre> instead of widening the page. */}
      <div className="mt-2 grid gap-2 lg:grid-cols-2">
        <div className="min-w-0">
          <div className="flex items-center justify-between text-zinc-500">
            JSON body <CopyButton variant="ghost" text={request.json} label="Copy body" />
          </div>
          <pre data-testid="api-body" className="max-h-56 overflow-auto rounded border border-zinc-200 bg-white p-2 font-mono text-[11px] dark:border-zinc-800 dark:bg-zinc-950">
            {request.json}
          </pre>
        </div>
        <div className="min-w-0">
          <div className="flex items-center justify-between text-zinc-500">
            curl <CopyButton variant="ghost" text={request.curl} label="Copy curl" />
          </div>
          <pre data-testid="api-curl" className="max-h-56 overflow-auto rounded border border-zinc-200 bg-white p-2 font-mono text-[11px] whitespace-pre-wrap break-all dark:border-zinc-800 dark:bg-zinc-950">
            {request.curl}
          </pre>
        </div>
      </div>
    </section>
  );
}
