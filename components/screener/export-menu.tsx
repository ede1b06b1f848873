"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/controls";
import { downloadCsvFile, downloadFile } from "@/components/ui/download-file";
import { Popover } from "@/components/ui/popover";
import type { Screen } from "@/lib/screener/screen-url";
import { pageFields, screenRequestBody } from "@/lib/screener/screen-url";
import { collectAllPages, csvRecords } from "@/lib/screener/export-pages";
import type { RowsResponse, TickersResponse } from "@/lib/screener/response-schema";
import { formatCount } from "@/lib/screener/value-format";
import { runScreenRequest } from "./screen-api";

/**
 * Copy or download every matching company, not just the page on screen: tickers as .txt, rows as
 * CSV with the chosen columns (and rule-derived ones). Pages through the UI endpoint at the API's
 * max page size, with progress and a cancel button.
 */
export function ExportMenu({
  mode,
  screen,
  fields,
  total,
  maxLimit,
  asOf,
  labels,
}: {
  /** Field labels, for the CSV header. */
  labels: Readonly<Record<string, string>>;
  mode: "basic" | "advanced";
  screen: Screen;
  /** The chosen columns; null for the API's default fields. */
  fields: string[] | null;
  total: number;
  maxLimit: number;
  asOf: string;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const fetchAll = async <T,>(format: "rows" | "tickers", pick: (page: RowsResponse & TickersResponse) => T[]) => {
    const controller = new AbortController();
    abort.current = controller;
    return collectAllPages(
      async (offset, limit) => {
        // The rows carry today's name and symbol beside the company name, as the table shows them.
        const body = screenRequestBody({ ...screen, page: { limit, offset } }, pageFields(fields, screen.filters), format);
        const page = (await runScreenRequest(mode, body, {
          signal: controller.signal,
          onWait: (s) => setStatus(`Rate limit reached; continuing in ${s} s…`),
        })) as RowsResponse & TickersResponse;
        return { total: page.total, items: pick(page) };
      },
      { pageSize: maxLimit, signal: controller.signal, onProgress: (done, all) => setStatus(`Fetched ${formatCount(done)} of ${formatCount(all)}…`) },
    );
  };

  const start = async (job: () => Promise<string>) => {
    setRunning(true);
    setStatus("Starting…");
    try {
      setStatus(await job());
    } catch (error) {
      setStatus(abort.current?.signal.aborted ? "Cancelled." : `Export failed: ${(error as Error).message}`);
    } finally {
      setRunning(false);
    }
  };

  const tickers = () => fetchAll("tickers", (page) => page.tickers);
  const copyTickers = async () => {
    const list = await tickers();
    await navigator.clipboard.writeText(list.join("\n"));
    return `Copied ${formatCount(list.length)} tickers.`;
  };
  const downloadTickers = async () => {
    const list = await tickers();
    downloadFile(`screen-tickers-${asOf}.txt`, `${list.join("\n")}\n`, "text/plain");
    return `Downloaded ${formatCount(list.length)} tickers.`;
  };
  const downloadCsv = async () => {
    let columns: string[] = [];
    const rows = await fetchAll("rows", (page) => {
      columns = [...page.loaded_fields, ...page.temporary_columns.map((t) => t.name)];
      return page.rows;
    });
    await downloadCsvFile(`screen-${asOf}.csv`, csvRecords(rows, columns, labels));
    return `Downloaded ${formatCount(rows.length)} rows.`;
  };

  return (
    <Popover label="Export" align="end" className="w-72" trigger={<Button>Export</Button>}>
      <div className="space-y-1">
        <p className="px-1 pb-1 text-xs text-zinc-500">All {formatCount(total)} matching companies, not just this page.</p>
        <Button variant="ghost" className="w-full justify-start" onClick={() => start(copyTickers)} disabled={running || total === 0}>
          Copy tickers
        </Button>
        <Button variant="ghost" className="w-full justify-start" onClick={() => start(downloadTickers)} disabled={running || total === 0}>
          Download tickers (.txt)
        </Button>
        <Button variant="ghost" className="w-full justify-start" onClick={() => start(downloadCsv)} disabled={running || total === 0}>
          Download rows (.csv, chosen columns, today&apos;s names and staleness)
        </Button>
        {status && (
          <div className="flex items-center gap-2 border-t border-zinc-200 px-1 pt-1.5 text-xs dark:border-zinc-700" role="status" data-testid="export-status">
            <span className="flex-1">{status}</span>
            {running && (
              <Button variant="ghost" className="h-6 text-xs" onClick={() => abort.current?.abort()}>
                Cancel
              </Button>
            )}
          </div>
        )}
        <p className="px-1 text-[11px] text-zinc-500">CSV values are the API&apos;s to 12 significant digits: decimals for ratios (0.1 = 10%), raw dollars.</p>
      </div>
    </Popover>
  );
}
