/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider, createStore } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RealtimeEnvelope } from '@oddspulse/shared';
import { steamAlert } from '@oddspulse/shared/testing';
import { fakeLiveSocket, type FakeTransport } from '../../../test-support/fake-live-socket';
import { liveSocketAtom } from '../../realtime/socket';
import type { SteamItem } from './steam-feed';
import { useSteamFeed } from './useSteamFeed';

// The app's API client reads the browser's storage when loaded; GET /api/steam is answered by the test.
let answer: (body: unknown) => void = () => undefined;
jest.mock('../../api/client', () => ({
  api: {},
  typedApi: { GET: () => new Promise((resolve) => (answer = (data) => resolve({ data }))) },
}));

const NBA = 'basketball_nba';
const alert = steamAlert({ sport: NBA });
/** What is under way settles: the query's notifications to React come a task later. */
const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const expired = (seq: number): RealtimeEnvelope => ({
  seq,
  epoch: 'e1',
  channel: 'steam',
  key: NBA,
  at: alert.timeFound,
  type: 'steam:expired',
  data: { alert: { ...alert, status: 'expired', expiry: 'caught_up' } },
});

// DECISIONS 34: the Steam list's first load over REST, then each change over the socket; docs/realtime.md: the room is
// joined from where the answer read its channel, so an alert that ended while the answer was on its way is shown ended
describe('the Steam list whose first load is under way when an alert expires', () => {
  let root: Root;
  let transport: FakeTransport;
  let items: SteamItem[] = [];

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => act(() => root.unmount()));

  it('shows the alert expired, not active', async () => {
    const live = fakeLiveSocket();
    transport = live.transport;
    transport.connect();
    const store = createStore();
    store.set(liveSocketAtom, live.socket);
    function Probe() {
      items = useSteamFeed(NBA).items;
      return null;
    }
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () =>
      root.render(
        <Provider store={store}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <Probe />
          </QueryClientProvider>
        </Provider>,
      ),
    );
    await act(async () => {
      transport.accept(`steam:${NBA}`, 7);
      // the server read the alert at seq 7; it expired at seq 8, pushed before the answer landed
      transport.push(expired(8));
      await flush();
    });
    await act(async () => {
      answer({ alerts: [alert], generated_at: alert.timeFound, positions: { [NBA]: { seq: 7, epoch: 'e1' } } });
      await flush();
    });
    expect(transport.sent.at(-1)).toEqual({ channel: 'steam', sport: NBA, lastSeq: 7, epoch: 'e1' });
    await act(async () => {
      transport.push(expired(8));
      transport.accept(`steam:${NBA}`, 8);
      await flush();
    });
    expect(items.map((item) => [item.alert.id, item.status])).toEqual([[alert.id, 'expired']]);
  });
});
