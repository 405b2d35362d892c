/**
 * Runs `work` one at a time for callers who each need a run that STARTS after their call (a relay barrier proves
 * only what was published before it was sent). Callers arriving while a run is under way share the next one, so
 * a crowd of callers costs a couple of runs instead of one each.
 */
export class SharedTurns {
  /** The run still taking callers (not started yet). */
  private next: Promise<void> | null = null;
  /** The latest run, started or not. */
  private last: Promise<void> | null = null;

  constructor(private readonly work: () => Promise<void>) {}

  run(): Promise<void> {
    if (this.next) return this.next;
    const previous = this.last;
    // read inside its own body, after the first await
    let turn!: Promise<void>;
    turn = (async () => {
      // the previous run's failure is its own callers' to report: this one only waits for it to end (and always
      // yields first, so `turn` is stored before it stops taking callers)
      await previous?.then(ended, ended);
      if (this.next === turn) this.next = null;
      await this.work();
    })();
    this.next = turn;
    this.last = turn;
    return turn;
  }
}

function ended(): void {}
