/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider, createStore } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { evBet } from '@oddspulse/shared/testing';
import { typedApi } from '../../api/client';
import { authAtom } from '../../state/auth';
import { DEFAULT_DEVIG_CHOICE } from '../../state/devig-choice';
import { devigChoiceAtom } from '../../state/display-settings';
import { EvAlertTarget } from './EvAlertTarget';

// the typed client's calls, answered below
jest.mock('../../api/client', () => ({ api: {}, typedApi: { GET: jest.fn() } }));

const get = typedApi.GET as unknown as jest.Mock;
type Query = Record<string, string | undefined>;
const COMMISSION = 'betfair_ex_us:0.02';

/**
 * GET /api/ev as the server answers it: the alert's bet at 1.20 % by the default method, at 2.50 % by the power method
 * net of the user's 2 % at Betfair, and not +EV by the power method at the default rates; GET /api/preferences with
 * the user's Betfair rate.
 */
function answer(path: string, options?: { params: { query: Query } }) {
  if (path === '/api/preferences')
    return Promise.resolve({ data: { bankroll: 1000, commissions: { betfair_ex_us: 0.02 } } });
  const query = options!.params.query;
  const power = query.method === 'power';
  const own = query.commission === COMMISSION;
  if (power && !own) return Promise.resolve({ data: [] });
  return Promise.resolve({ data: [evBet({ id: 'ev:alert', evPct: power ? 2.5 : 1.2 })] });
}

// The user's de-vig method (one of DECISIONS 10's) is one choice for every EV shown (state/devig-choice.ts). An
// alert's +EV link focuses the bet's row in the table, priced by the user's method and net of their commission rates;
// the banner beside it said "still +EV: 1.20% now" by the default method whatever the row showed, or "gone" while the
// user's method still had it +EV.
describe('the +EV alert banner', () => {
  let root: Root;
  let store: ReturnType<typeof createStore>;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation(answer);
    store = createStore();
    store.set(authAtom, {
      status: 'signedIn',
      session: { expires_in: 3600, expires_at: 0, token_type: 'bearer', user: { id: 'u1', email: 'u1@example.com' } },
      user: { id: 'u1', email: 'u1@example.com' },
    });
    store.set(devigChoiceAtom, { ...DEFAULT_DEVIG_CHOICE, method: 'power' });
    root = createRoot(document.body.appendChild(document.createElement('div')));
    act(() =>
      root.render(
        <Provider store={store}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <EvAlertTarget id="ev:alert" />
          </QueryClientProvider>
        </Provider>,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    localStorage.clear();
  });

  const banner = async () => {
    // the preferences, then the EV call, each answered on a later turn
    for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return document.querySelector('[data-testid=alert-target]')?.textContent ?? null;
  };
  const evCalls = () =>
    get.mock.calls
      .filter(([path]) => path === '/api/ev')
      .map(([, options]) => (options as { params: { query: Query } }).params.query);

  it('says the EV by the user’s de-vig method, net of their commission rates', async () => {
    expect(await banner()).toContain('is still +EV: 2.50% now');
    expect(evCalls()).toHaveLength(1);
    expect(evCalls()[0]).toMatchObject({ method: 'power', commission: COMMISSION });
  });

  it('asks again when the user chooses another method', async () => {
    await banner();
    act(() => store.set(devigChoiceAtom, DEFAULT_DEVIG_CHOICE));
    expect(await banner()).toContain('is still +EV: 1.20% now');
    expect(evCalls()).toHaveLength(2);
  });
});
