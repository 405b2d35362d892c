/** setTimeout's longest delay (about 24.8 days); a longer wait is taken in steps. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * One timer per user with sockets on this process, set to the moment the user's plan lapses by itself (a gifted
 * month's end, a canceled subscription's period end, the renewal grace of one that renews: `accessLapsesAt`). Each gateway process times only its own users, so the work grows with
 * the process's sockets and no process depends on another (or on the workers) to evict its sockets.
 */
export class PlanLapseTimers {
  private readonly timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();

  constructor(
    private readonly onLapse: (userId: string) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Times the user's lapse at `until`; null: nothing to time. The latest word on the user's plan wins. */
  set(userId: string, until: Date | null): void {
    const at = until?.getTime() ?? null;
    const held = this.timers.get(userId);
    if (held?.at === at) return;
    if (held) clearTimeout(held.timer);
    if (at === null) this.timers.delete(userId);
    else this.schedule(userId, at);
  }

  clear(userId: string): void {
    const held = this.timers.get(userId);
    if (held) clearTimeout(held.timer);
    this.timers.delete(userId);
  }

  clearAll(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** When the user's lapse is timed (ms since the epoch), if it is. */
  due(userId: string): number | null {
    return this.timers.get(userId)?.at ?? null;
  }

  private schedule(userId: string, at: number): void {
    const timer = setTimeout(
      () => {
        if (this.clock() < at) return this.schedule(userId, at);
        this.timers.delete(userId);
        this.onLapse(userId);
      },
      Math.min(Math.max(0, at - this.clock()), MAX_TIMER_DELAY_MS),
    );
    // a timer alone must not keep a shutting-down process alive
    timer.unref();
    this.timers.set(userId, { at, timer });
  }
}
