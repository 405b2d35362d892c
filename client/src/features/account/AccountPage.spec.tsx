/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { typedApi } from '../../api/client';
import { FALLBACK_PLAN, type PlanInfo } from '../../state/session-api';
import { billingOverviewPage, controls, goldSubscription } from '../../../test-support/billing-overview';
import { renderSignedIn } from '../../../test-support/signed-in';
import { AccountPage } from './AccountPage';

// the typed client's calls: the billing overview is answered below, nothing else ever is
jest.mock('../../api/client', () => ({
  api: { get: () => new Promise(() => undefined) },
  typedApi: { GET: jest.fn(), POST: jest.fn() },
}));
let planInfo: PlanInfo = FALLBACK_PLAN;
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: planInfo }),
}));
// the page's other sections read and write their own things
jest.mock('./UsernameSection', () => ({ UsernameSection: () => null }));
jest.mock('./SecuritySection', () => ({ SecuritySection: () => null }));
jest.mock('./CloseAccountSection', () => ({ CloseAccountSection: () => null }));
jest.mock('./SecurityActivitySection', () => ({ SecurityActivitySection: () => null }));
jest.mock('./AccessibilitySection', () => ({ AccessibilitySection: () => null }));

const gold: PlanInfo = { ...FALLBACK_PLAN, plan: 'gold', remaining: null, limit: null };

// spec 000 §2, §4: cancel and resume act on the subscription. A paid plan held without one (a gift, an admin grant,
// the demo account) has nothing to cancel: /billing/cancel would say so.
describe("the account page's subscription card", () => {
  const page = billingOverviewPage(typedApi.GET as unknown as jest.Mock);
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(page.unmount);

  it('offers no cancel or resume to a gifted Platinum or a Gold without a subscription', async () => {
    planInfo = { ...gold, plan: 'platinum', is_gifted: true };
    await page.render(<AccountPage />, 'platinum', null);
    expect(controls()).not.toContain('Cancel subscription');
    planInfo = { ...gold, cancel_at_period_end: true };
    await page.render(<AccountPage />, 'gold', null);
    expect(controls()).not.toContain('Resume subscription');
    expect(controls()).not.toContain('Cancel subscription');
  });

  it("offers a subscriber's cancel, or the resume of a cancelled one", async () => {
    planInfo = gold;
    await page.render(<AccountPage />, 'gold', goldSubscription);
    expect(controls()).toContain('Cancel subscription');
    await page.render(<AccountPage />, 'gold', { ...goldSubscription, cancel_at_period_end: true });
    expect(controls()).toContain('Resume subscription');
    expect(controls()).not.toContain('Cancel subscription');
  });
});

// docs/security.md: keys are revocable on any plan; the account page leads a user off Platinum to the keys still there.
describe("the account page's API keys card", () => {
  const get = typedApi.GET as unknown as jest.Mock;
  const key = {
    id: 'key-1',
    name: 'bot',
    prefix: 'op_abcdefg',
    created_at: '2030-01-01T00:00:00.000Z',
    scopes: ['read'],
  };
  const shown = async (keys: (typeof key)[]) => {
    get.mockReset().mockImplementation(async (path: string) => ({ data: path === '/api/api-keys' ? keys : null }));
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await renderSignedIn(root, <AccountPage />);
    const links = controls();
    act(() => root.unmount());
    document.body.innerHTML = '';
    return links;
  };

  it('links a Gold user to the keys made on Platinum, to revoke them, and offers Platinum', async () => {
    planInfo = gold;
    expect(await shown([key])).toEqual(expect.arrayContaining(['See or revoke your keys', 'Upgrade to Platinum']));
    expect(await shown([])).not.toContain('See or revoke your keys');
  });
});
