import { OPPORTUNITY_EXPIRY_SECONDS } from '@oddspulse/shared';
import { canExecute, expiredLast, opportunityExpiresIn, expiryLabel } from './opportunity-expiry';

// spec 001 §3 time_found / expires_in, §9 opportunity expiry shown: 30 min
describe('opportunity expiry on the scanner cards', () => {
  const found = Date.parse('2030-01-01T12:00:00Z');
  const o = { timeFound: '2030-01-01T12:00:00Z', expiresIn: 1800 };

  it('counts 30 minutes down from when the opportunity was first found', () => {
    expect(OPPORTUNITY_EXPIRY_SECONDS).toBe(30 * 60);
    expect(opportunityExpiresIn(o, found)).toBe(1800);
    expect(opportunityExpiresIn(o, found + 1000)).toBe(1799);
    expect(opportunityExpiresIn(o, found + 29 * 60_000 + 55_000)).toBe(5);
  });

  it('counts from time_found, not from the expires_in a push carried (an update keeps its time_found)', () => {
    // pushed ten minutes after it was found: expires_in 1200 then, and the card goes on from there
    const pushed = { timeFound: o.timeFound, expiresIn: 1200 };
    expect(opportunityExpiresIn(pushed, found + 10 * 60_000)).toBe(1200);
    expect(opportunityExpiresIn(pushed, found + 10 * 60_000 + 61_000)).toBe(1139);
  });

  it('stops at 0 once expired, as detection does', () => {
    expect(opportunityExpiresIn(o, found + 30 * 60_000)).toBe(0);
    expect(opportunityExpiresIn(o, found + 45 * 60_000)).toBe(0);
  });

  it('falls back to the expires_in it came with when time_found cannot be read', () => {
    expect(opportunityExpiresIn({ timeFound: 'soon', expiresIn: 600 }, found)).toBe(600);
  });

  it('shows minutes and seconds, then Expired', () => {
    expect(expiryLabel(1800)).toBe('Expires in 30:00');
    expect(expiryLabel(1781)).toBe('Expires in 29:41');
    expect(expiryLabel(5)).toBe('Expires in 0:05');
    expect(expiryLabel(0)).toBe('Expired');
  });
});

// Expired opportunities stayed listed with Execute enabled
describe('expired opportunity cards', () => {
  const found = Date.parse('2030-01-01T12:00:00Z');
  const early = { status: 'current', opportunity: { id: 'a', timeFound: '2030-01-01T11:00:00Z', expiresIn: 0 } };
  const fresh = { status: 'current', opportunity: { id: 'b', timeFound: '2030-01-01T11:59:00Z', expiresIn: 1740 } };
  const gone = { status: 'gone', opportunity: { id: 'c', timeFound: '2030-01-01T11:59:30Z', expiresIn: 1770 } };

  it('cannot be executed once expired or gone', () => {
    expect(canExecute(early, found)).toBe(false);
    expect(canExecute(fresh, found)).toBe(true);
    expect(canExecute(fresh, found + 29 * 60_000)).toBe(false);
    expect(canExecute(gone, found)).toBe(false);
  });

  it('are listed after the live ones, each part keeping its order', () => {
    expect(expiredLast([early, fresh, gone], found).map((i) => i.opportunity.id)).toEqual(['b', 'c', 'a']);
    const all = [fresh, gone];
    expect(expiredLast(all, found)).toEqual(all);
  });
});
