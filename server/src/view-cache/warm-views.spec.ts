import { Logger } from '@nestjs/common';
import type { LiveVersions } from './live-versions';
import { MAX_WARM_VIEWS, SETTLE_MS, WARM_FOR_MS, WarmViews } from './warm-views';

/** LiveVersions as WarmViews hears it: notices told by the test. */
function notices() {
  const listeners = new Set<(what: string) => void>();
  const versions = {
    onChange: (listener: (what: string) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as LiveVersions;
  return {
    versions,
    hear: (what: string) => listeners.forEach((listener) => listener(what)),
    listening: () => listeners.size,
  };
}

// Views asked for are rebuilt ahead when their data changes, so a first load after a change is a cache hit
describe('WarmViews', () => {
  let now: number;
  let bus: ReturnType<typeof notices>;
  let warm: WarmViews;

  beforeEach(() => {
    jest.useFakeTimers();
    now = Date.now();
    jest.setSystemTime(now);
    bus = notices();
    warm = new WarmViews(bus.versions);
    warm.onModuleInit();
  });

  const ask = (key: string, notices: string[], rebuild: () => Promise<unknown>, at: number) =>
    warm.asked(key, () => ({ notices, rebuild }), at);

  afterEach(async () => {
    await warm.onApplicationShutdown();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('rebuilds a view once for the notices of one tick, and only the views built from what changed', async () => {
    const nfl = jest.fn().mockResolvedValue(undefined);
    const nba = jest.fn().mockResolvedValue(undefined);
    ask('boards|nfl+ncaaf', ['board:odds:nfl', 'board:odds:ncaaf'], nfl, now);
    ask('boards|nba', ['board:odds:nba'], nba, now);
    bus.hear('board:odds:nfl');
    bus.hear('board:odds:ncaaf');
    expect(nfl).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(nfl).toHaveBeenCalledTimes(1);
    expect(nba).not.toHaveBeenCalled();
    bus.hear('board:odds:nba');
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(nba).toHaveBeenCalledTimes(1);
    expect(nfl).toHaveBeenCalledTimes(1);
  });

  it('keeps a rebuild that is due when the view is asked for again before it runs', async () => {
    const rebuild = jest.fn().mockResolvedValue(undefined);
    const describe = jest.fn(() => ({ notices: ['board:odds:nfl'], rebuild }));
    warm.asked('odds|nfl', describe, now);
    bus.hear('board:odds:nfl');
    warm.asked('odds|nfl', describe, now + 1);
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(rebuild).toHaveBeenCalledTimes(1);
    // a view kept is not described again
    expect(describe).toHaveBeenCalledTimes(1);
  });

  it('stops rebuilding a view nobody asked for within WARM_FOR_MS', async () => {
    const rebuild = jest.fn().mockResolvedValue(undefined);
    ask('odds|nfl', ['board:odds:nfl'], rebuild, now);
    jest.setSystemTime(now + WARM_FOR_MS + 1);
    bus.hear('board:odds:nfl');
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(rebuild).not.toHaveBeenCalled();
    expect(warm.size).toBe(0);
  });

  it('keeps the most recently asked for views, MAX_WARM_VIEWS at most', async () => {
    const rebuilds = Array.from({ length: MAX_WARM_VIEWS + 1 }, () => jest.fn().mockResolvedValue(undefined));
    rebuilds.forEach((rebuild, i) => ask(`view ${i}`, ['board:odds:nfl'], rebuild, now + i));
    // asked again: the first is the most recent now, so the second is the one let go
    ask('view 0', ['board:odds:nfl'], rebuilds[0], now + MAX_WARM_VIEWS + 1);
    expect(warm.size).toBe(MAX_WARM_VIEWS);
    bus.hear('board:odds:nfl');
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(rebuilds.map((rebuild) => rebuild.mock.calls.length)).toEqual([
      1,
      0,
      ...Array<number>(MAX_WARM_VIEWS - 1).fill(1),
    ]);
  });

  it('logs a rebuild that failed as a warning and goes on hearing', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const rebuild = jest.fn().mockRejectedValueOnce(new Error('Redis is away')).mockResolvedValue(undefined);
    ask('odds|nfl', ['board:odds:nfl'], rebuild, now);
    bus.hear('board:odds:nfl');
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ view: 'odds|nfl', err: 'Redis is away' }));
    bus.hear('board:odds:nfl');
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(rebuild).toHaveBeenCalledTimes(2);
  });

  it('stops hearing notices when the server shuts down, once the rebuilds under way have ended', async () => {
    let finish = () => undefined as void;
    const rebuild = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    ask('odds|nfl', ['board:odds:nfl'], rebuild, now);
    bus.hear('board:odds:nfl');
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(rebuild).toHaveBeenCalledTimes(1);
    let closed = false;
    const shutdown = warm.onApplicationShutdown().then(() => (closed = true));
    expect(bus.listening()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(closed).toBe(false);
    finish();
    await shutdown;
    expect(closed).toBe(true);
  });
});
