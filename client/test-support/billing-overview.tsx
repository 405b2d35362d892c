import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Plan } from '@oddspulse/shared';
import { renderSignedIn } from './signed-in';

/** A live Gold subscription as GET /api/billing/subscription answers it. */
export const goldSubscription = {
  id: 'sub_1',
  plan: 'gold',
  status: 'active',
  active: true,
  amount_cents: 1000,
  currency: 'usd',
  interval: 'month',
  current_period_end: '2030-03-01T00:00:00.000Z',
  cancel_at_period_end: false,
  payment_failed: false,
};

/**
 * Renders a page for a signed-in user whose billing overview `get` (the spec's mock of typedApi.GET) answers with
 * `subscription`, and waits for that answer. The page shown before is unmounted first.
 */
export function billingOverviewPage(get: jest.Mock) {
  let root: Root | null = null;
  const unmount = () => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  };
  const render = async (page: ReactNode, plan: Plan, subscription: typeof goldSubscription | null) => {
    get.mockReset().mockResolvedValue({
      data: { mode: 'stripe', plan, subscription, gift: null, can_manage_billing: false },
    });
    unmount();
    const shown = createRoot(document.body.appendChild(document.createElement('div')));
    root = shown;
    // the overview answered
    await renderSignedIn(shown, page);
    expect(get).toHaveBeenCalledWith('/api/billing/subscription');
  };
  return { render, unmount };
}

/** The page's links and buttons, by their text. */
export const controls = () => [...document.querySelectorAll('a, button')].map((c) => c.textContent);
