import type { FeedKind, FeedStatus } from '../domain/health';

export interface Cadence {
  propsMs: number;
  scoresLiveMs: number;
  scoresIdleMs: number;
}

export interface DuePoll {
  kind: FeedKind;
  sport: string;
  intervalMs: number;
  /** The start of the poll's time slot; with the interval it makes the job id. */
  tick: number;
  jobId: string;
}

/**
 * The sport-wide polls of one scheduler run (spec 002 §4: scores every 15 s while any game is live, else 60 s; props
 * on their own cadence); odds are planned per event class (`oddsPollPlan`). A sport counts as live when its last odds
 * or scores poll saw a live game. The job id names the sport, kind and time slot, so every scheduler run within a
 * slot (from any process) enqueues the same job once.
 */
export function duePolls(
  sports: readonly string[],
  statuses: readonly FeedStatus[],
  cadence: Cadence,
  now: number,
): DuePoll[] {
  const live = new Set(
    statuses.filter((s) => (s.kind === 'odds' || s.kind === 'scores') && s.live > 0).map((s) => s.sport),
  );
  const polls: DuePoll[] = [];
  for (const sport of sports) {
    const isLive = live.has(sport);
    const intervals: Array<[FeedKind, number]> = [
      ['props', cadence.propsMs],
      ['scores', isLive ? cadence.scoresLiveMs : cadence.scoresIdleMs],
    ];
    for (const [kind, intervalMs] of intervals) {
      const tick = Math.floor(now / intervalMs) * intervalMs;
      polls.push({ kind, sport, intervalMs, tick, jobId: `${kind}-${sport}-${intervalMs}-${tick}` });
    }
  }
  return polls;
}

/**
 * Why a feed poll of `tick` is not to be run at `now`, or null to run it. Once its tick is older than the cadence it
 * serves (`cadenceMs`), the scheduler has planned a newer poll of everything it would fetch, so asking the provider
 * again only pays for prices already superseded: a failed poll retried from the queue console days later, a job that
 * waited out a backlog. A retry of BullMQ's own, seconds after the failure, still runs.
 */
export function pollOutlived(tick: number, cadenceMs: number, now: number): string | null {
  const age = now - tick;
  if (age <= cadenceMs) return null;
  return `Not polled: its tick ${new Date(tick).toISOString()} is ${Math.round(age / 1000)} s old, past its cadence of ${cadenceMs / 1000} s, and newer polls have been planned`;
}
