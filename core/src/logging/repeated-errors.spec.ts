import { REPEATED_ERRORS_MAX_KEYS, RepeatedErrors } from './repeated-errors';

// An outage logs its error once a minute, not on every retry.
describe('RepeatedErrors', () => {
  it('admits the first occurrence, counts repeats for a minute, then admits the next with the count', () => {
    const errors = new RepeatedErrors(60_000);
    expect(errors.admit('queue feeds: ECONNREFUSED', 0)).toEqual({ suppressed: 0 });
    expect(errors.admit('queue feeds: ECONNREFUSED', 1_000)).toBeNull();
    expect(errors.admit('queue feeds: ECONNREFUSED', 59_999)).toBeNull();
    expect(errors.admit('queue picks: ECONNREFUSED', 2_000)).toEqual({ suppressed: 0 });
    expect(errors.admit('queue feeds: ECONNREFUSED', 60_000)).toEqual({ suppressed: 2 });
    expect(errors.admit('queue feeds: ECONNREFUSED', 60_001)).toBeNull();
  });

  it('keeps at most REPEATED_ERRORS_MAX_KEYS keys: past it, the quiet ones go first, then the oldest', () => {
    const errors = new RepeatedErrors(60_000);
    for (let i = 0; i < REPEATED_ERRORS_MAX_KEYS; i++) errors.admit(`reason ${i}`, i < 10 ? 0 : 50_000);
    expect(errors.admit('reason new', 70_000)).toEqual({ suppressed: 0 });
    // the ten quiet since 0 went; the rest are still counted
    expect(errors.admit('reason 0', 70_001)).toEqual({ suppressed: 0 });
    expect(errors.admit('reason 10', 70_002)).toBeNull();
    for (let i = 0; i < 2 * REPEATED_ERRORS_MAX_KEYS; i++) errors.admit(`burst ${i}`, 80_000);
    expect(errors.admit(`burst ${2 * REPEATED_ERRORS_MAX_KEYS - 1}`, 80_001)).toBeNull();
  });
});
