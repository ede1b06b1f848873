/** Progress lines of the ingest and the syncs: `[ingest 12.3s] message`, `[sync 4.1s] message`. */
export type Progress = (message: string) => void;

export function consoleProgress(start = Date.now(), command: "ingest" | "sync" = "ingest"): Progress {
  return (message) => console.log(`[${command} ${((Date.now() - start) / 1000).toFixed(1).padStart(5)}s] ${message}`);
}

export const silentProgress: Progress = () => {};
