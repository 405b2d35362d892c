import { LOADING_TIMINGS, LoadingScreen } from './loading-screen';

// spec 001 §4 loading screen, §9 odds loading maximum and props minimum loading
describe('odds table loading panel', () => {
  let changes: boolean[];
  const screen = (mode: 'game' | 'props') =>
    new LoadingScreen(LOADING_TIMINGS[mode], (showing) => changes.push(showing));

  beforeEach(() => {
    jest.useFakeTimers();
    changes = [];
  });
  afterEach(() => jest.useRealTimers());

  it('uses the spec constants: 15 s game, 45 s props, +10 s when props are empty, 2 s props minimum', () => {
    expect(LOADING_TIMINGS).toEqual({
      game: { maxMs: 15_000, emptyExtraMs: 0, minMs: 0 },
      props: { maxMs: 45_000, emptyExtraMs: 10_000, minMs: 2_000 },
    });
  });

  it('shows until data arrives in game mode', () => {
    const s = screen('game');
    s.start(true);
    expect(s.visible).toBe(true);
    jest.advanceTimersByTime(300);
    s.settled(true);
    expect(s.visible).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('gives up after 15 s in game mode while the request is still pending', () => {
    const s = screen('game');
    s.start(true);
    jest.advanceTimersByTime(14_999);
    expect(s.visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(s.visible).toBe(false);
    // the late answer changes nothing more
    s.settled(true);
    expect(changes).toEqual([true, false]);
  });

  it('gives up after 45 s in props mode', () => {
    const s = screen('props');
    s.start(true);
    jest.advanceTimersByTime(44_999);
    expect(s.visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(s.visible).toBe(false);
  });

  it('shows at least 2 s after props mode is entered, even when data is there at once', () => {
    const s = screen('props');
    s.start(true);
    jest.advanceTimersByTime(100);
    s.settled(true);
    expect(s.visible).toBe(true);
    jest.advanceTimersByTime(1_899);
    expect(s.visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(s.visible).toBe(false);
  });

  it('has no minimum on a later load of the same section', () => {
    const s = screen('props');
    s.start(false);
    s.settled(true);
    expect(s.visible).toBe(false);
  });

  it('waits 10 s more when a props load ends empty', () => {
    const s = screen('props');
    s.start(true);
    jest.advanceTimersByTime(3_000);
    s.settled(false);
    jest.advanceTimersByTime(9_999);
    expect(s.visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(s.visible).toBe(false);
  });

  it('ends the extra wait when pushed rows arrive, still honouring the 2 s minimum', () => {
    const s = screen('props');
    s.start(true);
    s.settled(false);
    jest.advanceTimersByTime(500);
    s.rows(false);
    expect(s.visible).toBe(true);
    s.rows(true);
    expect(s.visible).toBe(true);
    jest.advanceTimersByTime(1_500);
    expect(s.visible).toBe(false);
  });

  it('has no extra wait in game mode: an empty answer shows the empty state', () => {
    const s = screen('game');
    s.start(true);
    s.settled(false);
    expect(s.visible).toBe(false);
  });

  it('steps aside at once for an error, minimum or not', () => {
    const s = screen('props');
    s.start(true);
    s.failed();
    expect(s.visible).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('ignores pushed rows when it is not waiting for them', () => {
    const s = screen('game');
    s.start(true);
    s.rows(true);
    expect(s.visible).toBe(true);
    s.dispose();
    expect(jest.getTimerCount()).toBe(0);
  });
});
