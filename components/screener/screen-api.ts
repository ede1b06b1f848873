import { type PostOptions, postUi } from "@/lib/api/ui-client";
import type { RowsResponse, TickersResponse } from "@/lib/screener/response-schema";

/** Runs a screen through the screener page's own endpoint (`/api/ui/screener/{mode}/`). */
export const runScreenRequest = (mode: "basic" | "advanced", body: unknown, options?: PostOptions) =>
  postUi<RowsResponse | TickersResponse>(`/api/ui/screener/${mode}/`, body, options);
