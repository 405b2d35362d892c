import { SENDING_WAIT_MS, sendingEarly, startEarly, takeEarly, takeEarlyOnceSent } from './early-data';

// A direct visit's first request sent early is taken once, by the call that would have sent it
describe('early requests', () => {
  const NOW = 1_700_000_000_000;

  it('hands the early answer to the first matching call only', async () => {
    const send = jest.fn(() => Promise.resolve({ boards: [] }));
    startEarly('/api/boards?a', send, NOW);
    expect(send).toHaveBeenCalledTimes(1);
    expect(takeEarly('/api/boards?b', NOW)).toBeNull();
    await expect(takeEarly('/api/boards?a', NOW + 100)).resolves.toEqual({ boards: [] });
    expect(takeEarly('/api/boards?a', NOW + 200)).toBeNull();
  });

  it('keeps an answer a minute, and drops one nobody took by then', () => {
    startEarly('kept', () => Promise.resolve(1), NOW);
    expect(takeEarly('kept', NOW + 59_000)).not.toBeNull();
    startEarly('k', () => Promise.resolve(1), NOW);
    expect(takeEarly('k', NOW + 60_001)).toBeNull();
  });

  it('a screen that asks while the code sending its early request still downloads waits for it, and takes its answer', async () => {
    let download!: () => void;
    const send = jest.fn(() => Promise.resolve('early answer'));
    sendingEarly(
      new Promise<void>((resolve) => {
        download = resolve;
      }).then(() => startEarly('/api/boards?late', send)),
    );
    const taken = takeEarlyOnceSent('/api/boards?late');
    expect(send).not.toHaveBeenCalled();
    download();
    await expect(taken).resolves.toBe('early answer');
    expect(send).toHaveBeenCalledTimes(1);
    await expect(takeEarlyOnceSent('/api/boards?late')).resolves.toBeNull();
  });

  it("gives the taker the request's error, and only says why when nobody took it", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    startEarly('taken', () => Promise.reject(new Error('HTTP 503')), NOW);
    await expect(takeEarly('taken', NOW)).rejects.toThrow('HTTP 503');
    startEarly('left', () => Promise.reject(new Error('HTTP 500')), NOW);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('left');
    warn.mockRestore();
  });

  it('a screen waits at most SENDING_WAIT_MS for that code: a download that hangs leaves it to ask for itself', async () => {
    jest.useFakeTimers();
    try {
      sendingEarly(new Promise<void>(() => undefined));
      const taken = takeEarlyOnceSent('/api/boards?never');
      await jest.advanceTimersByTimeAsync(SENDING_WAIT_MS);
      await expect(taken).resolves.toBeNull();
    } finally {
      sendingEarly(Promise.resolve());
      jest.useRealTimers();
    }
  });
});
