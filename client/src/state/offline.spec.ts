import { applyWorkerMessage, OFFLINE_NOT_LOADED, retryToast } from './offline';

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
