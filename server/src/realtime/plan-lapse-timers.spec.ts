import { MAX_TIMER_DELAY_MS, PlanLapseTimers } from './plan-lapse-timers';

// DECISIONS 4: a gifted month ends by itself; the gateway times it per user
describe('PlanLapseTimers', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-11-21T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('fires once at the lapse, and the latest word on the plan wins', () => {
    const lapsed: string[] = [];
    const timers = new PlanLapseTimers((user) => lapsed.push(user));
    timers.set('u1', new Date(Date.now() + 5000));
    timers.set('u1', new Date(Date.now() + 8000)); // renewed before the end
    jest.advanceTimersByTime(7999);
    expect(lapsed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(lapsed).toEqual(['u1']);
    expect(timers.due('u1')).toBeNull();
    jest.advanceTimersByTime(60_000);
    expect(lapsed).toEqual(['u1']);
  });

  it('drops a timer when nothing is due any more, or the user has gone', () => {
    const lapsed: string[] = [];
    const timers = new PlanLapseTimers((user) => lapsed.push(user));
    timers.set('u1', new Date(Date.now() + 1000));
    timers.set('u1', null);
    timers.set('u2', new Date(Date.now() + 1000));
    timers.clear('u2');
    jest.advanceTimersByTime(5000);
    expect(lapsed).toEqual([]);
  });

  it('waits out a period longer than one timer can, in steps', () => {
    const lapsed: string[] = [];
    const timers = new PlanLapseTimers((user) => lapsed.push(user));
    const end = Date.now() + 31 * 86_400_000;
    timers.set('u1', new Date(end));
    jest.advanceTimersByTime(MAX_TIMER_DELAY_MS);
    expect(lapsed).toEqual([]);
    jest.advanceTimersByTime(end - Date.now() - 1);
    expect(lapsed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(lapsed).toEqual(['u1']);
  });

  it('fires at once for a lapse already past', () => {
    const lapsed: string[] = [];
    new PlanLapseTimers((user) => lapsed.push(user)).set('u1', new Date(Date.now() - 1));
    jest.advanceTimersByTime(0);
    expect(lapsed).toEqual(['u1']);
  });
});
