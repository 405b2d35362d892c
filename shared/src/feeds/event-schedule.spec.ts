import {
  EVENT_POLL_INTERVAL_MS,
  eventPollClass,
  oddsPollPhaseMs,
  oddsPollPlan,
  type PlannedSlots,
  type ScheduledEvent,
} from './event-schedule';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.parse('2026-03-01T18:00:02Z');
const event = (id: string, startsIn: number, completed = false): ScheduledEvent => ({
  id,
  start: NOW + startsIn,
  completed,
});

// spec 001 §9 "Generic cache": live TTL 5 s; smart TTL 10 s if the game starts within an hour, 20 s within two
// hours; upcoming 30 s; final 300 s. Live window: 3.5 hours after start.
describe('eventPollClass and the intervals of spec 001 §9', () => {
  it.each([
    ['a game under way', event('a', -40 * MIN), 'live', 5_000],
    ['a game that started this instant', event('a', 0), 'live', 5_000],
    ['a game 3 h 29 min after its start', event('a', -(3.5 * HOUR - MIN)), 'live', 5_000],
    ['a game starting in 59 minutes', event('a', 59 * MIN), 'within_1h', 10_000],
    ['a game starting in exactly an hour', event('a', HOUR), 'within_1h', 10_000],
    ['a game starting in 1 h 30 min', event('a', 90 * MIN), 'within_2h', 20_000],
    ['a game starting in exactly two hours', event('a', 2 * HOUR), 'within_2h', 20_000],
    ['a game starting in two hours and a second', event('a', 2 * HOUR + 1_000), 'upcoming', 30_000],
    ['a game starting tomorrow', event('a', 26 * HOUR), 'upcoming', 30_000],
    ['a completed game', event('a', -2 * HOUR, true), 'final', 300_000],
    ['a game past the live window', event('a', -(3.5 * HOUR + MIN)), 'final', 300_000],
  ])('%s is %s, polled every %i ms', (_name, e, cls, interval) => {
    expect(eventPollClass(e, NOW)).toBe(cls);
    expect(EVENT_POLL_INTERVAL_MS[eventPollClass(e, NOW)]).toBe(interval);
  });

  it('treats an unreadable start time as started, as the engine does', () => {
    expect(eventPollClass({ id: 'a', start: NaN, completed: false }, NOW)).toBe('live');
  });
});

describe('oddsPollPlan', () => {
  const board = [
    event('live', -10 * MIN),
    event('soon', 30 * MIN),
    event('later', 90 * MIN),
    event('tomorrow', 24 * HOUR),
    event('done', -3 * HOUR, true),
  ];
  const open = { urgentOnly: false };

  it('sweeps a sport never polled at once, and a sweep brings every class up to date', () => {
    const { poll } = oddsPollPlan('basketball_nba', null, {}, NOW, open);
    expect(poll).toEqual({
      sport: 'basketball_nba',
      slot: NOW - 2_000,
      jobId: `odds-basketball_nba-5000-${NOW - 2_000}`,
      eventIds: null,
      classes: ['upcoming'],
    });
    expect(oddsPollPlan('basketball_nba', board, {}, NOW, open).poll?.classes).toEqual([
      'live',
      'within_1h',
      'within_2h',
      'upcoming',
      'final',
    ]);
  });

  /** Runs the scheduler every second for `seconds`, feeding each plan back as the next one's `planned`. */
  function run(seconds: number, events: readonly ScheduledEvent[]) {
    const planned: PlannedSlots = {};
    const polls = new Map<string, number[]>();
    const jobs = new Set<string>();
    for (let t = NOW; t < NOW + seconds * 1000; t += 1000) {
      const { poll } = oddsPollPlan('basketball_nba', events, planned, t, open);
      if (!poll) continue;
      jobs.add(poll.jobId);
      for (const cls of poll.classes) planned[cls] = poll.slot;
      const ids = poll.eventIds ?? events.map((e) => e.id);
      for (const id of ids) polls.set(id, [...(polls.get(id) ?? []), poll.slot]);
    }
    const spacing = (id: string) => {
      const at = polls.get(id) ?? [];
      return at.slice(1).map((t, i) => (t - at[i]) / 1000);
    };
    return { polls, jobs, spacing };
  }

  it('polls each event at its class interval, on slots aligned to the clock (no drift however long it runs)', () => {
    const { spacing, jobs } = run(600, board);
    expect(new Set(spacing('live'))).toEqual(new Set([5]));
    expect(new Set(spacing('soon'))).toEqual(new Set([10]));
    // Within two hours: the 20-s slots and the 30-s sweeps interleave, so never more than 20 s apart.
    expect(new Set(spacing('later'))).toEqual(new Set([10, 20]));
    expect(new Set(spacing('tomorrow'))).toEqual(new Set([30]));
    // A final rides along with the sweeps, which cost the same credits whatever they carry.
    expect(new Set(spacing('done'))).toEqual(new Set([30]));
    // One job per 5-s slot (18:00:00 to 18:10:00): a live game makes every slot's poll, and no slot has two.
    expect(jobs.size).toBe(121);
  });

  it('spreads the sports over the slot, each still on its class intervals', () => {
    const sports = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(sports.map((s) => oddsPollPhaseMs(sports, s))).toEqual([0, 625, 1250, 1875, 2500, 3125, 3750, 4375]);
    expect(oddsPollPhaseMs(sports, 'not configured')).toBe(0);
    const phased = { urgentOnly: false, phaseMs: 2_500 };
    const planned: PlannedSlots = {};
    const slots: number[] = [];
    // Every 100 ms for a minute from 18:00:00.
    for (let t = NOW - 2_000; t < NOW + 58_000; t += 100) {
      const { poll } = oddsPollPlan('basketball_nba', board, planned, t, phased);
      if (!poll) continue;
      for (const cls of poll.classes) planned[cls] = poll.slot;
      slots.push(poll.slot);
      expect(poll.slot).toBeLessThanOrEqual(t);
    }
    // 17:59:57.5 (the slot holding 18:00:00), then every 5 s on the half-slot: 18:00:02.5 … 18:00:57.5.
    expect(slots.map((s) => (s - (NOW - 2_000)) / 1000)).toEqual(Array.from({ length: 13 }, (_, i) => i * 5 - 2.5));
  });

  it('polls the due events by id between sweeps', () => {
    const planned: PlannedSlots = {
      live: NOW - 7_000,
      within_1h: NOW - 12_000,
      within_2h: NOW - 2_000,
      upcoming: NOW - 2_000,
      final: NOW - 2_000,
    };
    const { poll } = oddsPollPlan('basketball_nba', board, planned, NOW + 5_000, open);
    expect(poll?.eventIds).toEqual(['live', 'soon']);
    expect(poll?.classes).toEqual(['live', 'within_1h']);
  });

  it('sweeps a board of finals only every 300 s', () => {
    const { spacing } = run(1200, [event('done', -3 * HOUR, true)]);
    expect(new Set(spacing('done'))).toEqual(new Set([300]));
  });

  it('sweeps an empty board at the upcoming cadence, so new games are found', () => {
    // 18:00:02 to 18:02:01: the sweeps of 18:00:00, :30, 18:01:00, :30 and 18:02:00.
    const { jobs } = run(120, []);
    expect(jobs.size).toBe(5);
  });

  it('below the reserve polls only live and about-to-start games, and says what it held', () => {
    const decision = oddsPollPlan('basketball_nba', board, {}, NOW, { urgentOnly: true });
    expect(decision.poll?.eventIds).toEqual(['live', 'soon', 'later']);
    expect(decision.poll?.classes).toEqual(['live', 'within_1h', 'within_2h']);
    expect(decision.held).toEqual([
      { class: 'upcoming', events: 1 },
      { class: 'final', events: 1 },
    ]);
    const quiet = oddsPollPlan('basketball_nba', [event('tomorrow', 24 * HOUR)], {}, NOW, { urgentOnly: true });
    expect(quiet).toEqual({ poll: null, held: [{ class: 'upcoming', events: 1 }] });
  });
});
