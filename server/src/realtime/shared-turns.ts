/**
 * Runs `work` one at a time for callers who each need a run that STARTS after their call (a relay barrier proves
 * only what was published before it was sent; a credential read, only what stood when it was made). Callers arriving
 * while a run is under way share the next one and its result, so a crowd of callers costs a couple of runs instead of
 * one each.
 */
export class SharedTurns<T = void> {
  /** The run still taking callers (not started yet). */
  private next: Promise<T> | null = null;
  /** The latest run, started or not. */
  private last: Promise<T> | null = null;

  constructor(private readonly work: () => Promise<T>) {}

  run(): Promise<T> {
    if (this.next) return this.next;
    const turn = this.turnAfter(this.last);
    this.next = turn;
    this.last = turn;
    return turn;
  }

  private async turnAfter(previous: Promise<T> | null): Promise<T> {
    // the previous run's failure is its own callers' to report: this one only waits for it to end (and always
    // yields first, so it is stored as `next` before it stops taking callers; nothing replaces `next` meanwhile)
    await previous?.then(ended, ended);
    this.next = null;
    return this.work();
  }
}

function ended(): void {}
