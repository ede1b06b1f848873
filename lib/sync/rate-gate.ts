/**
 * Spaces request starts at least 1/rate seconds apart (SEC's fair-access policy: at most 10
 * requests a second), however many callers wait on it at once.
 */
export class RateGate {
  private next = 0;

  constructor(private readonly perSecond: number) {}

  async wait(): Promise<void> {
    const interval = Math.ceil(1000 / this.perSecond);
    const now = Date.now();
    const start = Math.max(now, this.next);
    this.next = start + interval;
    if (start <= now) return;
    await new Promise((resolve) => setTimeout(resolve, start - now));
    // A timer that fires late (a busy machine) must not let the next request follow closer: space from the actual release.
    this.next = Math.max(this.next, Date.now() + interval);
  }
}
