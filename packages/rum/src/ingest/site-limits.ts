// Each site's beacons_per_minute, counted in this API process (per replica, as the issue asks: no
// shared counter to reach on every beacon). A fixed window per wall-clock minute.

export class SiteLimits {
  readonly #windows = new Map<string, { minute: number; n: number }>();

  /** Counts one beacon of `siteId`; false once the site is past `perMinute` this minute. */
  take(siteId: string, perMinute: number, now = Date.now()): boolean {
    const minute = Math.floor(now / 60_000);
    const window = this.#windows.get(siteId);
    if (!window || window.minute !== minute) {
      // A new minute: old windows of other sites are swept now and then, so the map stays small.
      if (this.#windows.size > 10_000)
        for (const [id, w] of this.#windows) if (w.minute !== minute) this.#windows.delete(id);
      this.#windows.set(siteId, { minute, n: 1 });
      return perMinute >= 1;
    }
    window.n++;
    return window.n <= perMinute;
  }
}
