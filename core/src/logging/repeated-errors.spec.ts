import { RepeatedErrors } from './repeated-errors';

// #16 item 8: an outage logs its error once a minute, not on every retry.
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
});
