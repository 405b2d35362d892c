/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RealtimeEnvelope } from '@oddspulse/shared';
import { fakeLiveSocket, type FakeTransport } from '../../../test-support/fake-live-socket';
import { liveSocketAtom } from '../../realtime/socket';
import type { FeedItem, Opportunity } from './opportunity-feed';
import { useScannerFeed, type NotifyContext } from './useScannerFeed';

// The app's API client reads the browser's storage when loaded; GET /api/arbitrage is answered by each test.
let answer: (body: unknown) => void = () => undefined;
jest.mock('../../api/client', () => ({
  api: {},
  typedApi: { GET: () => new Promise((resolve) => (answer = (data) => resolve({ data }))) },
}));

const NBA = 'basketball_nba';
const at = '2026-01-01T00:00:00Z';
/** What is under way settles: the query's notifications to React come a task later. */
const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const gone = (seq: number, id: string): RealtimeEnvelope => ({
  seq,
  epoch: 'e1',
  channel: 'arbitrage',
  key: NBA,
  at,
  type: 'opportunities',
  data: { updates: [{ action: 'gone', id, event_id: 'e1', board: 'odds', time_found: at, expires_in: 0 }] },
});

// spec 001 §5: the scanner's first load over REST, then every update after it over the socket; docs/realtime.md: the
// room is joined from where the answer read its channel, so an update published meanwhile is replayed on top of it
describe('a scanner feed whose first load is under way when an update is pushed', () => {
  let root: Root;
  let transport: FakeTransport;
  let feed: FeedItem<Opportunity>[] = [];
  /** Notifications off: the hook reads its settings through this ref, the same one each render. */
  const notify = {
    current: { inputs: {}, bankroll: 1000, books: [], notify: { on: false } } as unknown as NotifyContext,
  };

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(async () => {
    const live = fakeLiveSocket();
    transport = live.transport;
    transport.connect();
    const store = createStore();
    store.set(liveSocketAtom, live.socket);
    function Probe() {
      feed = useScannerFeed('arbitrage', NBA, notify).feed;
      return null;
    }
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () =>
      root.render(
        <Provider store={store}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <MemoryRouter>
              <Probe />
            </MemoryRouter>
          </QueryClientProvider>
        </Provider>,
      ),
    );
    // the room joined "from now" at seq 4 while the answer is on its way
    await act(async () => {
      transport.accept(`arbitrage:${NBA}`, 4);
      await flush();
    });
  });
  afterEach(() => act(() => root.unmount()));

  const shown = () => feed.map((item) => [item.opportunity.id, item.status]);
  const load = (seq: number) =>
    act(async () => {
      answer({
        opportunities: [{ id: 'X', sport: NBA, eventId: 'e1' }],
        boards: [],
        unavailable: [],
        generated_at: at,
        positions: { [NBA]: { seq, epoch: 'e1' } },
      });
      await flush();
    });

  it('shows an arbitrage closed while its answer was on the way as gone, not live', async () => {
    // the server read X at seq 4; X closed at seq 5, pushed before the answer landed
    await act(async () => {
      transport.push(gone(5, 'X'));
      await flush();
    });
    await load(4);
    // the room catches up from the answer's position: the gateway replays seq 5 on top of it
    expect(transport.sent.at(-1)).toEqual({ channel: 'arbitrage', sport: NBA, lastSeq: 4, epoch: 'e1' });
    await act(async () => {
      transport.push(gone(5, 'X'));
      transport.accept(`arbitrage:${NBA}`, 5);
      await flush();
    });
    expect(shown()).toEqual([['X', 'gone']]);
  });

  it('asks for nothing again when the answer already holds what was pushed', async () => {
    await load(4);
    expect(transport.sent).toHaveLength(1);
    // the next update applies on top of the answer
    await act(async () => {
      transport.push(gone(5, 'X'));
      await flush();
    });
    expect(shown()).toEqual([['X', 'gone']]);
  });
});
