import { MemoryStorage } from '../../test-support/memory-storage';
import {
  callbackDestination,
  PRICING_INTENT_KEY,
  PRICING_INTENT_TTL_MS,
  readPricingIntent,
  safeReturnPath,
  savePricingIntent,
} from './pricing-intent';

const memory = () => new MemoryStorage();

describe('pricing intent', () => {
  // spec 000 §4: saved for 30 minutes (1,800,000 ms), then expires and is removed
  it('is kept for 30 minutes and removed once expired', () => {
    const store = memory();
    savePricingIntent(store, 'upgrade', '/subscribe', 1000);
    expect(readPricingIntent(store, 1000 + PRICING_INTENT_TTL_MS)).toEqual({
      intent: 'upgrade',
      returnTo: '/subscribe',
      ts: 1000,
    });
    expect(readPricingIntent(store, 1001 + PRICING_INTENT_TTL_MS)).toBeNull();
    expect(store.getItem(PRICING_INTENT_KEY)).toBeNull();
  });

  // spec 000 §4: the plan clicked while signed out is the one checkout auto-starts for
  it('keeps the plan chosen when the login page saves the intent again from its query', () => {
    const store = memory();
    savePricingIntent(store, 'upgrade', '/subscribe', 1000, 'gold');
    savePricingIntent(store, 'upgrade', '/subscribe', 2000);
    expect(readPricingIntent(store, 2000)).toEqual({
      intent: 'upgrade',
      returnTo: '/subscribe',
      ts: 2000,
      plan: 'gold',
    });
    savePricingIntent(store, 'start-free', '/app', 3000);
    expect(readPricingIntent(store, 3000)).toEqual({ intent: 'start-free', returnTo: '/app', ts: 3000 });
  });

  it('drops an unreadable stored value', () => {
    const store = memory();
    store.setItem('pricingIntent', '{nope');
    expect(readPricingIntent(store, 0)).toBeNull();
    expect(store.getItem(PRICING_INTENT_KEY)).toBeNull();
  });
});

// spec 000 §2 /auth/callback steps 3–6
describe('callbackDestination', () => {
  it('sends an upgrade intent to pricing with autostart', () => {
    expect(callbackDestination(new URLSearchParams('intent=upgrade'), null)).toBe(
      '/pricing?intent=upgrade&autostart=1',
    );
    expect(callbackDestination(new URLSearchParams(), { intent: 'upgrade', returnTo: '/subscribe', ts: 0 })).toBe(
      '/pricing?intent=upgrade&autostart=1',
    );
    expect(
      callbackDestination(new URLSearchParams(), { intent: 'upgrade', returnTo: '/subscribe', ts: 0, plan: 'gold' }),
    ).toBe('/pricing?intent=upgrade&autostart=1&plan=gold');
  });

  it('sends start-free to /app and anything else to returnTo, default /app', () => {
    expect(callbackDestination(new URLSearchParams('intent=start-free'), null)).toBe('/app');
    expect(callbackDestination(new URLSearchParams('returnTo=/account'), null)).toBe('/account');
    expect(callbackDestination(new URLSearchParams(), null)).toBe('/app');
  });

  it('never follows a return address off the site', () => {
    expect(callbackDestination(new URLSearchParams('returnTo=//evil.example'), null)).toBe('/app');
    expect(safeReturnPath('https://evil.example', '/')).toBe('/');
    expect(safeReturnPath('/picks?x=1', '/')).toBe('/picks?x=1');
  });
});
