/**
 * @jest-environment jsdom
 */
import { typedApi } from '../../api/client';
import { FALLBACK_PLAN, type PlanInfo } from '../../state/session-api';
import { billingOverviewPage, controls, goldSubscription } from '../../../test-support/billing-overview';
import { UsagePlanPage } from './UsagePlanPage';

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
jest.mock('./GiftPlatinum', () => ({ GiftPlatinum: () => null }));

const gold: PlanInfo = { ...FALLBACK_PLAN, plan: 'gold', remaining: null, limit: null };

// spec 000 §2, DECISIONS 3: the renewal, the amount and the cancel are the subscription's. A paid plan held without
// one (an admin grant, a gift, the demo account) has none: the server answers its cancel with NO_SUBSCRIPTION.
describe("/usage-plan's management card", () => {
  const page = billingOverviewPage(typedApi.GET as unknown as jest.Mock);
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(page.unmount);

  it('is not shown to a Gold account without a subscription', async () => {
    planInfo = gold;
    await page.render(<UsagePlanPage />, 'gold', null);
    expect(document.querySelector('[data-testid="usage-plan-card"]')?.textContent).toContain('Gold');
    expect(document.querySelector('[data-testid="subscription-management"]')).toBeNull();
    expect(controls()).not.toContain('Cancel subscription');
  });

  it("shows a subscriber's renewal, amount and cancel", async () => {
    planInfo = gold;
    await page.render(<UsagePlanPage />, 'gold', goldSubscription);
    const card = document.querySelector('[data-testid="subscription-management"]');
    expect(card?.textContent).toContain('Next renewal');
    expect(card?.textContent).toContain('March 1, 2030');
    expect(card?.textContent).toContain('$10/month');
    expect(controls()).toContain('Cancel subscription');
  });
});
