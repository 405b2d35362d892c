/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { typedApi } from '../../api/client';
import type { BrowserSession } from '../../api/session';
import { authAtom } from '../../state/auth';
import { FALLBACK_PLAN, type PlanInfo } from '../../state/session-api';
import { startCheckout } from './billing-api';
import { AUTOSTART_DELAY_MS, PricingPage } from './PricingPage';
import { goldSubscription } from '../../../test-support/billing-overview';

// the typed client's calls: the switch's preview is answered below; the site's settings never are (the cards show the
// default quota)
jest.mock('../../api/client', () => ({
  api: { get: () => new Promise(() => undefined) },
  typedApi: { GET: jest.fn(), POST: jest.fn() },
}));
const get = typedApi.GET as unknown as jest.Mock;
// checkout leaves for Stripe: the call itself is what these tests look at
jest.mock('./billing-api', () => ({ ...jest.requireActual('./billing-api'), startCheckout: jest.fn() }));
const checkout = startCheckout as jest.Mock;
let planInfo: PlanInfo = FALLBACK_PLAN;
jest.mock('../../state/session-state', () => ({ usePlan: () => ({ status: 'ready', info: planInfo }) }));

const gold: PlanInfo = { ...FALLBACK_PLAN, plan: 'gold', remaining: 0, limit: 0 };
/** The billing overview's subscription, as GET /api/billing/subscription answers it. */
let subscription: typeof goldSubscription | null = null;

// spec 000 §4: /pricing?intent=upgrade&autostart=1 (where signing in with the upgrade intent leads) starts checkout
// after 1 s for a user who is not Platinum. For a Gold subscriber that call switches the live subscription and
// charges the prorated amount at once: they are asked first, with the amount, as the plan cards ask.
describe('the pricing page opened to auto-start the upgrade', () => {
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    jest.useFakeTimers();
    checkout.mockReset().mockResolvedValue(undefined);
    get.mockReset().mockImplementation((path: string) =>
      Promise.resolve({
        data:
          path === '/api/billing/subscription'
            ? { mode: 'stripe', plan: 'gold', subscription, gift: null, can_manage_billing: true }
            : { plan: 'platinum', amount_due_cents: 1500, total_cents: 1500, currency: 'usd' },
      }),
    );
    window.localStorage.clear();
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    act(() => root.unmount());
    jest.useRealTimers();
  });

  const render = async (path: string) => {
    const store = createStore();
    store.set(authAtom, {
      status: 'signedIn',
      session: {} as BrowserSession,
      user: { id: 'user-1', email: 'a@example.com' },
    });
    await act(async () =>
      root.render(
        <Provider store={store}>
          <QueryClientProvider client={new QueryClient()}>
            <MemoryRouter initialEntries={[path]}>
              <PricingPage />
            </MemoryRouter>
          </QueryClientProvider>
        </Provider>,
      ),
    );
    // the billing overview read, past the auto-start's delay, the lazy dialog loaded and the preview answered
    for (let step = 0; step < 2; step++)
      await act(async () => {
        await jest.advanceTimersByTimeAsync(AUTOSTART_DELAY_MS + 100);
      });
  };
  const dialog = () => document.querySelector('[data-testid=switch-plan]');

  it('asks a Gold subscriber to confirm the switch, with its amount, and charges nothing until they do', async () => {
    planInfo = gold;
    subscription = goldSubscription;
    await render('/pricing?intent=upgrade&autostart=1');
    expect(checkout).not.toHaveBeenCalled();
    expect(dialog()?.textContent).toContain('Switch to Platinum?');
    expect(document.querySelector('[data-testid=switch-cost]')?.textContent).toBe(
      'You pay $15.00 now for the rest of this billing period.',
    );
    await act(async () => {
      [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'Switch to Platinum')!.click();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(checkout).toHaveBeenCalledWith('platinum');
  });

  it('starts checkout after 1 s for a free user, as before', async () => {
    planInfo = FALLBACK_PLAN;
    subscription = null;
    await render('/pricing?intent=upgrade&autostart=1&plan=gold');
    expect(dialog()).toBeNull();
    expect(checkout).toHaveBeenCalledWith('gold');
  });

  // A Gold plan held without a subscription (an admin grant, a gift, the demo account): the server has nothing to
  // switch (its preview answers NO_SUBSCRIPTION) and opens a new checkout, so they are not told their subscription
  // changes; they choose a plan as anyone without one does.
  it('starts checkout for a Gold account without a subscription, never offering a switch', async () => {
    planInfo = gold;
    subscription = null;
    await render('/pricing?intent=upgrade&autostart=1');
    expect(dialog()).toBeNull();
    expect(checkout).toHaveBeenCalledWith(undefined);
    const buttons = [...document.querySelectorAll('.plan-cards button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Choose Platinum']);
  });

  it('offers a Gold subscriber the switch on the cards', async () => {
    planInfo = gold;
    subscription = goldSubscription;
    await render('/pricing');
    const buttons = [...document.querySelectorAll('.plan-cards button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Switch to Platinum']);
  });
});
