/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider, createStore } from 'jotai';
import type { SportBoard } from '@oddspulse/shared';
import { fakeLiveSocket, type FakeTransport } from '../../../../test-support/fake-live-socket';
import { liveSocketAtom } from '../../../realtime/socket';
import { useLiveOdds, type StaleSport } from './useLiveOdds';

// The app's API client reads the browser's storage when loaded; the boards come from the hook's own `load`.
jest.mock('../../../api/client', () => ({ api: {}, typedApi: {} }));

const NBA = 'basketball_nba';
const NHL = 'icehockey_nhl';
const at = '2026-01-01T00:00:00Z';
const empty = (sport: string, staleSince?: string): SportBoard => ({
  sport_key: sport,
  fetched_at: at,
  ...(staleSince ? { stale_since: staleSince } : {}),
  events: [],
});

// spec 001 §4: a sport whose prices are not current says so (the stale banner), whatever told the table so
describe('the odds table’s stale sports', () => {
  let root: Root;
  let transport: FakeTransport;
  let stale: StaleSport[] = [];

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(async () => {
    const live = fakeLiveSocket();
    transport = live.transport;
    transport.connect();
    const store = createStore();
    store.set(liveSocketAtom, live.socket);
    const load = async () => ({ [NBA]: empty(NBA), [NHL]: empty(NHL) });
    function Probe() {
      stale = useLiveOdds({
        mode: 'game',
        sports: [NBA, NHL],
        markets: ['h2h'],
        books: ['draftkings'],
        live: true,
        enabled: true,
        timings: { maxMs: 0, emptyExtraMs: 0, minMs: 0 },
        load,
      }).staleSports;
      return null;
    }
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () =>
      root.render(
        <Provider store={store}>
          <Probe />
        </Provider>,
      ),
    );
    await act(async () => {
      transport.accept(`odds:${NBA}`, 1);
      transport.accept(`odds:${NHL}`, 1);
      await Promise.resolve();
    });
  });
  afterEach(() => act(() => root.unmount()));

  it('follows a snapshot’s stale_since, which stands for the status pushes it replaced', async () => {
    await act(async () =>
      transport.push({
        seq: 2,
        epoch: 'e1',
        channel: 'odds',
        key: NBA,
        at,
        type: 'board.status',
        data: { fetched_at: at, stale_since: at },
      }),
    );
    expect(stale).toEqual([{ sport: NBA, since: at }]);
    // Redis restarted (a new epoch): each room is sent its board; NBA's feed has recovered, NHL's has failed since
    await act(async () => {
      transport.snapshot({ channel: 'odds', key: NBA, seq: 3, epoch: 'e2', at, data: empty(NBA) });
      transport.snapshot({ channel: 'odds', key: NHL, seq: 3, epoch: 'e2', at, data: empty(NHL, at) });
    });
    expect(stale).toEqual([{ sport: NHL, since: at }]);
  });

  it('counts every sport stale while the connection is down, each until its room is caught up again', async () => {
    expect(stale).toEqual([]);
    await act(async () => transport.drop());
    // no feed failed: no stale_since to name, and the banner says the connection is the cause
    expect(stale).toEqual([
      { sport: NBA, since: null },
      { sport: NHL, since: null },
    ]);
    await act(async () => {
      transport.connect();
      transport.accept(`odds:${NBA}`, 1);
      await Promise.resolve();
    });
    expect(stale).toEqual([{ sport: NHL, since: null }]);
    await act(async () => {
      transport.accept(`odds:${NHL}`, 1);
      await Promise.resolve();
    });
    expect(stale).toEqual([]);
  });

  it('counts a sport stale while a catch-up after a gap is pending or refused', async () => {
    // seq 2 was missed: the room asks again from seq 1, and the gateway cannot serve it yet (Redis away)
    await act(async () =>
      transport.push({
        seq: 3,
        epoch: 'e1',
        channel: 'odds',
        key: NBA,
        at,
        type: 'board.status',
        data: { fetched_at: at, stale_since: null },
      }),
    );
    expect(stale).toEqual([{ sport: NBA, since: null }]);
    await act(async () => {
      transport.refuse();
      await Promise.resolve();
    });
    expect(stale).toEqual([{ sport: NBA, since: null }]);
  });
});
