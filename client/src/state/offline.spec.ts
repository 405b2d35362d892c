import {
  applyWorkerMessage,
  FIRST_RECHECK_MS,
  MAX_RECHECK_MS,
  nextRecheckMs,
  OFFLINE_NOT_LOADED,
  retryToast,
} from './offline';

// The offline banner says from when the kept data is, never fresher than its oldest part.
describe('applyWorkerMessage', () => {
  it('shows the oldest receipt time among the kept reads answered', () => {
    let state = applyWorkerMessage(null, { type: 'offline-data', savedAt: '2026-11-23T05:10:00.000Z' });
    state = applyWorkerMessage(state, { type: 'offline-data', savedAt: '2026-11-23T05:00:00.000Z' });
    state = applyWorkerMessage(state, { type: 'offline-data', savedAt: '2026-11-23T05:20:00.000Z' });
    expect(state).toEqual({ savedAt: '2026-11-23T05:00:00.000Z' });
  });

  it('keeps a known time over an unknown one, and clears once the server answers again', () => {
    const state = applyWorkerMessage({ savedAt: null }, { type: 'offline-data', savedAt: '2026-11-23T05:10:00.000Z' });
    expect(state).toEqual({ savedAt: '2026-11-23T05:10:00.000Z' });
    expect(applyWorkerMessage(state, { type: 'online-data' })).toBeNull();
  });

  // Under a full e2e suite's load, a read that failed while offline was reported after the connection came back, and
  // the banner it brought back stayed: nothing read afterwards went through the worker to clear it.
  it('ignores a read that failed before the connection came back, and heeds one that failed after', () => {
    const backOnlineAt = Date.parse('2026-11-23T05:30:00.000Z');
    const failure = (failedAt: string) =>
      ({ type: 'offline-data', savedAt: '2026-11-23T05:10:00.000Z', failedAt: Date.parse(failedAt) }) as const;
    expect(applyWorkerMessage(null, failure('2026-11-23T05:29:59.000Z'), backOnlineAt)).toBeNull();
    expect(applyWorkerMessage(null, failure('2026-11-23T05:30:01.000Z'), backOnlineAt)).toEqual({
      savedAt: '2026-11-23T05:10:00.000Z',
    });
    expect(
      applyWorkerMessage(null, { type: 'offline-data', savedAt: '2026-11-23T05:10:00.000Z' }, backOnlineAt),
    ).toEqual({ savedAt: '2026-11-23T05:10:00.000Z' });
  });
});

// Offline /picks stacked three "Retrying in 1 seconds" toasts over an empty page
describe('retryToast', () => {
  it('says the connection is away while offline, and the client’s retry online', () => {
    expect(retryToast('Temporarily unavailable. Retrying in 1 seconds... (1/3)', true)).toBe(
      'Temporarily unavailable. Retrying in 1 seconds... (1/3)',
    );
    expect(retryToast('Temporarily unavailable. Retrying in 1 seconds... (1/3)', false)).toBe(OFFLINE_NOT_LOADED);
  });
});

describe('nextRecheckMs', () => {
  it('doubles the wait from the first try and stops at the longest', () => {
    const waits = [FIRST_RECHECK_MS];
    for (let i = 0; i < 6; i += 1) waits.push(nextRecheckMs(waits[waits.length - 1]));
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(nextRecheckMs(MAX_RECHECK_MS)).toBe(MAX_RECHECK_MS);
  });
});
