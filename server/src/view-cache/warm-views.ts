import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { LiveVersions } from './live-versions';

/** A view is kept warm this long after it was last asked for. */
export const WARM_FOR_MS = 60_000;
/** Views kept warm at most, per process: the most recently asked for. */
export const MAX_WARM_VIEWS = 16;
/** The notices of one pipeline tick come one board after another: they are taken together, one rebuild per view. */
export const SETTLE_MS = 25;

interface WarmView {
  /** The live-state notices (LiveStateNotices names) of the data the view is built from. */
  notices: readonly string[];
  askedAt: number;
  rebuild: () => Promise<unknown>;
  due: boolean;
}

/**
 * Views rebuilt ahead: when the data behind a view asked for within the last minute changes, the view of
 * the new version is built and compressed as the change is heard, not by the next request. A first visit after a
 * board changed waited for the whole build (reading the boards, filtering, packing, compressing: 100–400 ms on a busy
 * machine); now it is served from the cache. A view is built once per version either way while it is being asked
 * for; one no longer asked for stops being rebuilt after WARM_FOR_MS.
 */
@Injectable()
export class WarmViews implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(WarmViews.name);
  private readonly views = new Map<string, WarmView>();
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<unknown>>();
  private stopListening: (() => void) | null = null;

  constructor(private readonly versions: LiveVersions) {}

  onModuleInit(): void {
    this.stopListening = this.versions.onChange((what) => this.changed(what));
  }

  /** Stops hearing notices and lets the rebuilds under way end, before the connections they use close. */
  async onApplicationShutdown(): Promise<void> {
    this.stopListening?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** Once no rebuild is due or under way. */
  async idle(): Promise<void> {
    while (this.timer || this.running.size) {
      if (this.timer) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      await Promise.allSettled([...this.running]);
    }
  }

  /**
   * A request asked for the view `key`: keep it warm, rebuilt by `rebuild` when one of `notices` is heard. A view kept
   * already is only marked as asked for now (what it is built from and how are the same for the same key), so a rebuild
   * it is due keeps; `describe` is called for a new one alone, sparing a cached request's hot path the allocations.
   */
  asked(
    key: string,
    describe: () => { notices: readonly string[]; rebuild: () => Promise<unknown> },
    now = Date.now(),
  ): void {
    const kept = this.views.get(key);
    this.views.delete(key);
    if (kept) {
      kept.askedAt = now;
      this.views.set(key, kept);
      return;
    }
    this.views.set(key, { ...describe(), askedAt: now, due: false });
    if (this.views.size > MAX_WARM_VIEWS) this.views.delete(this.views.keys().next().value!);
  }

  /** How many views are kept warm (for tests). */
  get size(): number {
    return this.views.size;
  }

  private changed(what: string, now = Date.now()): void {
    let due = false;
    for (const [key, view] of this.views) {
      if (now - view.askedAt > WARM_FOR_MS) this.views.delete(key);
      else if (view.notices.includes(what)) due = view.due = true;
    }
    if (due && !this.timer) {
      this.timer = setTimeout(() => this.rebuildDue(), SETTLE_MS);
      this.timer.unref();
    }
  }

  /**
   * The due views are rebuilt one after another: the views of one change mostly share its boards, and the first
   * rebuild's read leaves the changed board's content with LiveStateRepository for the others, where rebuilds side by
   * side each read it whole.
   */
  private rebuildDue(): void {
    this.timer = null;
    const due = [...this.views].filter(([, view]) => view.due);
    for (const [, view] of due) view.due = false;
    const rebuilds = (async () => {
      for (const [key, view] of due)
        // a failed rebuild leaves the view to be built by its next request, as before; worth a line, not an error
        await view
          .rebuild()
          .catch((error: Error) =>
            this.logger.warn({ msg: 'Could not rebuild a warm view ahead', view: key, err: error.message }),
          );
    })().finally(() => this.running.delete(rebuilds));
    this.running.add(rebuilds);
  }
}
