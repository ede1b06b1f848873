/** Ingest progress lines: `[ingest 12.3s] message`. */
export type Progress = (message: string) => void;

export function consoleProgress(start = Date.now()): Progress {
  return (message) => console.log(`[ingest ${((Date.now() - start) / 1000).toFixed(1).padStart(5)}s] ${message}`);
}

export const silentProgress: Progress = () => {};
