import type { FieldError } from "@/lib/errors";

/** The app's pages calling their own same-origin endpoints (`/api/ui/...`). */

/** The request header that carries the page's token (lib/auth/ui-token.ts), and the answer header that renews it. */
export const UI_TOKEN_HEADER = "x-ui-token";
/** The `<meta name>` the server render writes the token into (components/ui-token-meta.tsx). */
export const UI_TOKEN_META = "ui-token";

const tokenMeta = () => document.querySelector<HTMLMetaElement>(`meta[name="${UI_TOKEN_META}"]`);

/** An error answer of the API (problem details), with its field errors when it is a 400. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(detail);
    this.name = "ApiProblem";
  }
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

export interface PostOptions {
  signal?: AbortSignal;
  /** Told how long a 429 makes the call wait. */
  onWait?: (seconds: number) => void;
  /** false: a 429 is an error to show, not a wait (a sign-in locked out for minutes). */
  waitOnLimit?: boolean;
}

/**
 * POSTs JSON to a UI endpoint with the page's token. A 429 waits as long as `Retry-After` says and tries again (exports
 * send many requests in a row); `onWait` tells the caller why it is slow.
 */
export async function postUi<T>(path: string, body: unknown, { signal, onWait, waitOnLimit = true }: PostOptions = {}): Promise<T> {
  for (;;) {
    const meta = tokenMeta();
    const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json", [UI_TOKEN_HEADER]: meta?.content ?? "" }, body: JSON.stringify(body), signal });
    // A token past half its life comes back renewed, so that a page in use never sees it expire.
    const renewed = response.headers.get(UI_TOKEN_HEADER);
    if (meta !== null && renewed !== null) meta.content = renewed;
    if (response.ok) return (await response.json()) as T;
    const problem = (await response.json().catch(() => ({}))) as { detail?: string; errors?: FieldError[] };
    const seconds = Number(response.headers.get("retry-after") ?? 5);
    // The minute's limit is waited out; the day's is reported.
    if (response.status === 429 && seconds <= 60 && waitOnLimit) {
      onWait?.(seconds);
      await wait(seconds * 1000, signal);
      continue;
    }
    throw new ApiProblem(response.status, problem.detail ?? `The server answered ${response.status}.`, problem.errors ?? []);
  }
}
