/** Milliseconds since `started` (a `performance.now()` reading), to a tenth: a response's `timing_ms`. */
export const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;
