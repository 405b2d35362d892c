import { LIVE_WINDOW_MS } from '../engine/lines/locked-market';

/**
 * How often an event's odds are polled depends on where the event stands (spec 001 §9, "Generic cache": live TTL
 * 5 s; a game starting within an hour 10 s, within two hours 20 s; upcoming 30 s; final 300 s).
 */
export type EventPollClass = 'live' | 'within_1h' | 'within_2h' | 'upcoming' | 'final';

export const EVENT_POLL_INTERVAL_MS: Readonly<Record<EventPollClass, number>> = {
  live: 5_000,
  within_1h: 10_000,
  within_2h: 20_000,
  upcoming: 30_000,
  final: 300_000,
};

/**
 * The longest an odds poll's events wait for their next poll: the slowest class's interval. A poll whose tick is older
 * has been followed by a newer one for every class it served (pollOutlived).
 */
export const ODDS_POLL_LONGEST_MS = Math.max(...Object.values(EVENT_POLL_INTERVAL_MS));

/** Most urgent first: the order in which the credit budget gives classes up, from the end. */
export const EVENT_POLL_CLASSES: readonly EventPollClass[] = ['live', 'within_1h', 'within_2h', 'upcoming', 'final'];

/** Classes whose events are live or about to start: what the credits go to once the balance is below the reserve. */
const URGENT: ReadonlySet<EventPollClass> = new Set(['live', 'within_1h', 'within_2h']);

/** Every interval of the table is a multiple of this one: the scheduler plans one odds poll per sport per slot. */
export const ODDS_POLL_SLOT_MS = EVENT_POLL_INTERVAL_MS.live;

const HOUR_MS = 3_600_000;

/** What the scheduler knows of an event from the sport's last odds poll. */
export interface ScheduledEvent {
  id: string;
  /** Start time, ms since the epoch (NaN when the feed's was unreadable: treated as started, as the engine does). */
  start: number;
  completed: boolean;
}

/** The class of an event at `now`; a game past the live window (spec 001 §9: 3.5 h after start) counts as final. */
export function eventPollClass(event: ScheduledEvent, now: number): EventPollClass {
  if (event.completed) return 'final';
  if (Number.isNaN(event.start)) return 'live';
  const untilStart = event.start - now;
  if (untilStart <= 0) return -untilStart <= LIVE_WINDOW_MS ? 'live' : 'final';
  if (untilStart <= HOUR_MS) return 'within_1h';
  if (untilStart <= 2 * HOUR_MS) return 'within_2h';
  return 'upcoming';
}

/**
 * The start of the slot of `intervalMs` that holds `now`. Slots are aligned to the epoch, shifted by `phaseMs`, so
 * ticks never drift.
 */
export function slotStart(now: number, intervalMs: number, phaseMs = 0): number {
  return Math.floor((now - phaseMs) / intervalMs) * intervalMs + phaseMs;
}

/**
 * Where in each slot a sport's odds polls fall: the sports share the slot evenly, in the order given. Polled on one
 * tick, every sport's diff, store and scan queue behind each other on the worker, and the last sport's diff reaches
 * the browser after all of them; a poll a little later in the slot is no older when it is answered, since the books
 * move at their own times.
 */
export function oddsPollPhaseMs(sports: readonly string[], sport: string): number {
  const place = sports.indexOf(sport);
  return place <= 0 ? 0 : Math.floor((place * ODDS_POLL_SLOT_MS) / sports.length);
}

/** Per class, the slot start of the last poll the scheduler planned for it. */
export type PlannedSlots = Partial<Record<EventPollClass, number>>;

export interface OddsPollPlan {
  sport: string;
  /** The slot this plan is for; with the sport it makes the job id, so every scheduler run within it plans one job. */
  slot: number;
  jobId: string;
  /** Null: the whole sport (it finds new games and drops gone ones); else these events only. */
  eventIds: string[] | null;
  /** The classes this poll brings up to date, for the next plan's `planned`. */
  classes: EventPollClass[];
}

export interface OddsPollDecision {
  poll: OddsPollPlan | null;
  /** Classes that were due but that the credit budget kept off (what the operations page reports). */
  held: Array<{ class: EventPollClass; events: number }>;
}

export interface OddsPollOptions {
  /** The balance is below the reserve: credits go to live and about-to-start games only (no whole-sport sweeps). */
  urgentOnly: boolean;
  /** Where in each slot this sport's polls fall (`oddsPollPhaseMs`). */
  phaseMs?: number;
}

/**
 * The odds poll of a sport due at `now`, if any. Each class is polled once per slot of its interval: a class is due
 * when the slot of its interval that holds `now` has not been planned yet. The whole sport is swept at the
 * upcoming cadence (30 s), which finds newly listed games, and each sweep brings every class up to date; between
 * sweeps, the events of the due classes are polled by id (The Odds API takes `eventIds` at the price of a
 * whole-sport call, and one call for every due class costs less than one per class). A sport whose board holds
 * finals only is swept at the final cadence, and one never polled is swept at once.
 */
export function oddsPollPlan(
  sport: string,
  events: readonly ScheduledEvent[] | null,
  planned: PlannedSlots,
  now: number,
  options: OddsPollOptions,
): OddsPollDecision {
  const byClass = new Map<EventPollClass, string[]>();
  for (const event of events ?? []) {
    const cls = eventPollClass(event, now);
    const ids = byClass.get(cls);
    if (ids) ids.push(event.id);
    else byClass.set(cls, [event.id]);
  }
  const phaseMs = options.phaseMs ?? 0;
  const isDue = (cls: EventPollClass) =>
    (planned[cls] ?? -Infinity) < slotStart(now, EVENT_POLL_INTERVAL_MS[cls], phaseMs);
  const sweepClass: EventPollClass =
    byClass.size > 0 && [...byClass.keys()].every((c) => c === 'final') ? 'final' : 'upcoming';
  const present = EVENT_POLL_CLASSES.filter((c) => byClass.has(c) || c === sweepClass);
  const due = present.filter(isDue);
  const held = (classes: readonly EventPollClass[]) =>
    classes.map((c) => ({ class: c, events: byClass.get(c)?.length ?? 0 }));
  const slot = slotStart(now, ODDS_POLL_SLOT_MS, phaseMs);
  const plan = (eventIds: string[] | null, classes: EventPollClass[]): OddsPollPlan => ({
    sport,
    slot,
    jobId: `odds-${sport}-${ODDS_POLL_SLOT_MS}-${slot}`,
    eventIds,
    classes,
  });

  if (!options.urgentOnly && due.includes(sweepClass)) return { poll: plan(null, present), held: [] };
  const polled = due.filter((c) => byClass.has(c) && (!options.urgentOnly || URGENT.has(c)));
  const kept = options.urgentOnly ? held(due.filter((c) => !URGENT.has(c))) : [];
  if (!polled.length) return { poll: null, held: kept };
  return {
    poll: plan(
      polled.flatMap((c) => byClass.get(c) ?? []),
      polled,
    ),
    held: kept,
  };
}

/** The shortest interval a sport's odds are polled at now: its most urgent class's, or its sweeps' (for the operations page). */
export function oddsCadenceMs(events: readonly ScheduledEvent[] | null, now: number): number {
  const classes = new Set((events ?? []).map((e) => eventPollClass(e, now)));
  const sweep = classes.size > 0 && [...classes].every((c) => c === 'final') ? 'final' : 'upcoming';
  return Math.min(EVENT_POLL_INTERVAL_MS[sweep], ...[...classes].map((c) => EVENT_POLL_INTERVAL_MS[c]));
}
