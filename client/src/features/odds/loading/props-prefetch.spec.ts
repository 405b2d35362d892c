import { diffBoards, type RealtimeEnvelope, type SportBoard } from '@oddspulse/shared';
import { fakeLiveSocket } from '../../../../test-support/fake-live-socket';
import type { LiveMessage } from '../../../realtime/live-socket';
import {
  followPropsRoom,
  PROPS_PREFETCH_DELAY_MS,
  PROPS_PREFETCH_TTL_MS,
  PropsPrefetch,
  type PrefetchedBoards,
  type PrefetchQuery,
} from './props-prefetch';

const T0 = Date.parse('2030-01-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

function board(price: number): SportBoard {
  return {
    sport_key: 'basketball_nba',
    fetched_at: iso(T0),
    events: [
      {
        id: 'e1',
        sport_key: 'basketball_nba',
        sport_title: 'NBA',
        commence_time: iso(T0 + 3_600_000),
        home_team: 'Home',
        away_team: 'Away',
        bookmakers: [
          {
            key: 'draftkings',
            title: 'DraftKings',
            last_update: iso(T0),
            markets: [
              {
                key: 'player_points',
                last_update: iso(T0),
                outcomes: [{ name: 'Over', description: 'A Player', price, point: 20.5 }],
              },
            ],
          },
        ],
      },
    ],
  };
}

const query: PrefetchQuery = { sports: ['basketball_nba'], markets: ['player_points'] };
const priceOf = (taken: PrefetchedBoards | null) =>
  taken?.boards.basketball_nba.events[0].bookmakers[0].markets[0].outcomes[0].price;
/** Where the load read the NBA props channel. */
const READ_AT = { seq: 5, epoch: 'e1' };
/** The diff the props room publishes next: the Over from 1.9 to `price`. */
const nextDiff = (price: number, seq = 6): Extract<RealtimeEnvelope, { channel: 'props' }> => ({
  seq,
  epoch: 'e1',
  channel: 'props',
  key: 'basketball_nba',
  at: iso(T0),
  type: 'board.diff',
  data: diffBoards(board(1.9), board(price)).diff!,
});

// spec 001 §4, §9: props prefetch starts after 300 ms, 10 s TTL
describe('props prefetch', () => {
  let load: jest.Mock;
  let listeners: Map<string, (e: LiveMessage<'props'>) => void>;
  let followedFrom: Map<string, unknown>;
  let prefetch: PropsPrefetch;

  beforeEach(() => {
    jest.useFakeTimers({ now: T0 });
    load = jest.fn(async () => ({ boards: { basketball_nba: board(1.9) }, positions: { basketball_nba: READ_AT } }));
    listeners = new Map();
    followedFrom = new Map();
    prefetch = new PropsPrefetch({
      load,
      follow: (sport, from, onMessage) => {
        listeners.set(sport, onMessage);
        followedFrom.set(sport, from);
        return () => listeners.delete(sport);
      },
      now: () => Date.now(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
  });
  afterEach(() => jest.useRealTimers());

  it('starts 300 ms after the intent, not before, and not at all when cancelled first', async () => {
    expect(PROPS_PREFETCH_DELAY_MS).toBe(300);
    const cancel = prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(299);
    expect(load).not.toHaveBeenCalled();
    cancel();
    await jest.advanceTimersByTimeAsync(10);
    expect(load).not.toHaveBeenCalled();

    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(300);
    expect(load).toHaveBeenCalledWith(query);
  });

  it('gives the boards to the section within 10 s, once, and only for the same query', async () => {
    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(300);
    expect(prefetch.take({ ...query, markets: ['player_assists'] })).toBeNull();
    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(300);
    expect(priceOf(prefetch.take(query))).toBe(1.9);
    expect(prefetch.take(query)).toBeNull();
  });

  it('is not used once 10 s old', async () => {
    expect(PROPS_PREFETCH_TTL_MS).toBe(10_000);
    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(300);
    await jest.advanceTimersByTimeAsync(PROPS_PREFETCH_TTL_MS);
    expect(prefetch.take(query)).toBeNull();
  });

  it('follows the props rooms while held, so the section gets current prices, and lets go after', async () => {
    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(300);
    // each room followed from where the load read it, so a diff published before the join is replayed
    expect(followedFrom.get('basketball_nba')).toEqual(READ_AT);
    listeners.get('basketball_nba')!(nextDiff(2.05));
    const taken = prefetch.take(query);
    expect(priceOf(taken)).toBe(2.05);
    // with the position its boards now stand at: the section joins from there, applying nothing twice
    expect(taken?.positions).toEqual({ basketball_nba: { seq: 6, epoch: 'e1' } });
    // still followed a moment, so the section joins the room before the prefetch leaves it
    expect(listeners.has('basketball_nba')).toBe(true);
    await jest.advanceTimersByTimeAsync(PROPS_PREFETCH_DELAY_MS);
    expect(listeners.has('basketball_nba')).toBe(false);
  });

  it('stops following when the TTL passes untaken', async () => {
    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(300);
    expect(listeners.size).toBe(1);
    await jest.advanceTimersByTimeAsync(PROPS_PREFETCH_TTL_MS);
    expect(listeners.size).toBe(0);
  });

  it('does not load again while a fresh prefetch of the same query is held', async () => {
    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(300);
    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(300);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed prefetch to the section, which loads by itself', async () => {
    load.mockRejectedValueOnce(new Error('HTTP 503: Service Unavailable'));
    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(300);
    expect(prefetch.take(query)).toBeNull();
    expect(listeners.size).toBe(0);
  });
});

// docs/realtime.md: a first load joins its rooms from the position it was read at; the prefetch is such a load
describe('props prefetch on the live socket', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps a diff published between the read and the join', async () => {
    jest.useFakeTimers({ now: T0 });
    const { transport, socket } = fakeLiveSocket();
    const prefetch = new PropsPrefetch({
      load: async () => ({ boards: { basketball_nba: board(1.9) }, positions: { basketball_nba: READ_AT } }),
      follow: (sport, from, onMessage) => followPropsRoom(socket, sport, from, onMessage),
      now: () => Date.now(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
    prefetch.schedule(query);
    await jest.advanceTimersByTimeAsync(PROPS_PREFETCH_DELAY_MS);
    // the Over moved 1.9 → 2.2 at seq 6, before the socket joined: the join asks from seq 5 and the gateway replays it
    transport.connect();
    expect(transport.sent).toEqual([{ channel: 'props', sport: 'basketball_nba', lastSeq: 5, epoch: 'e1' }]);
    transport.push(nextDiff(2.2));
    transport.accept('props:basketball_nba', 6);
    await Promise.resolve();
    expect(priceOf(prefetch.take(query))).toBe(2.2);
  });
});
