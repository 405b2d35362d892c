import { SharedTurns } from './shared-turns';

/** A run of work that ends when the test says. */
function controlledWork() {
  const runs: Array<{ startedAfter: number; end: (error?: Error) => void }> = [];
  let calls = 0;
  const work = () =>
    new Promise<void>((resolve, reject) => {
      runs.push({ startedAfter: calls, end: (error) => (error ? reject(error) : resolve()) });
    });
  return { runs, work, called: () => ++calls };
}

const tick = () => new Promise((r) => setImmediate(r));

// A relay barrier proves only what was published before it was sent, so a caller never shares one sent before its call
describe('SharedTurns (relay barriers shared by sockets subscribing at once)', () => {
  it('gives every caller a run that starts after its call, sharing runs among callers who wait together', async () => {
    const { runs, work, called } = controlledWork();
    const turns = new SharedTurns(work);
    called();
    const first = turns.run();
    await tick();
    expect(runs).toHaveLength(1);
    // two callers while the first run is under way: neither may share it; they share the next
    called();
    const second = turns.run();
    called();
    const third = turns.run();
    expect(third).toBe(second);
    await tick();
    expect(runs).toHaveLength(1);
    runs[0].end();
    await first;
    await tick();
    expect(runs).toHaveLength(2);
    expect(runs[1].startedAfter).toBe(3);
    runs[1].end();
    await Promise.all([second, third]);
  });

  it('passes a failed run to its own callers only', async () => {
    const { runs, work } = controlledWork();
    const turns = new SharedTurns(work);
    const failing = turns.run();
    await tick();
    const next = turns.run();
    runs[0].end(new Error('barrier not heard'));
    await expect(failing).rejects.toThrow('barrier not heard');
    await tick();
    runs[1].end();
    await expect(next).resolves.toBeUndefined();
  });
});
