import {
  accessLapsesAt,
  allowedLiveFeeds,
  canToggleSportsbook,
  checkSportsbookSelection,
  currentAccess,
  effectivePlan,
  hasPaidPlan,
  hasPlatinum,
  isMetered,
  passesGate,
  PLAN_GATE_PANELS,
  PLAN_GATES,
  planBooksCopy,
  RENEWAL_GRACE_MS,
  seesEveryBook,
  selectableSportsbooks,
  sportsbooksAllowedNow,
  sportsbooksHiddenByPlan,
  sportsbooksToStore,
} from './entitlements';
import { SPORTSBOOKS } from '../books/sportsbooks';

const free = { plan: 'free', unlimited: false } as const;
const gold = { plan: 'gold', unlimited: false } as const;
const platinum = { plan: 'platinum', unlimited: false } as const;
const unlimitedFree = { plan: 'free', unlimited: true } as const;

// spec 000 §6 roles: paid-plan guard, Platinum (plan platinum or unlimited), DECISIONS 2 metering.
describe('plan checks', () => {
  it('gold and platinum pass the paid guard, only platinum or unlimited the Platinum guard', () => {
    expect([free, gold, platinum, unlimitedFree].map(hasPaidPlan)).toEqual([false, true, true, true]);
    expect([free, gold, platinum, unlimitedFree].map(hasPlatinum)).toEqual([false, false, true, true]);
    expect([free, gold, platinum, unlimitedFree].map(isMetered)).toEqual([true, false, false, false]);
  });

  // DECISIONS 14: live straight bets and props for Gold and Platinum; arbitrage and middles Platinum.
  it('maps plans to live feeds', () => {
    expect(allowedLiveFeeds(null)).toEqual(['scores', 'reactions']);
    expect(allowedLiveFeeds(free)).toEqual(['scores', 'reactions']);
    expect(allowedLiveFeeds(gold)).toEqual(['scores', 'reactions', 'odds', 'props']);
    expect(allowedLiveFeeds(platinum)).toEqual([
      'scores',
      'reactions',
      'odds',
      'props',
      'arbitrage',
      'middles',
      'steam',
    ]);
  });

  it("one plan-gate table: a scanner needs Platinum, odds and props a paid plan, with the spec's panels", () => {
    const passes = (feature: keyof typeof PLAN_GATES) =>
      [free, gold, platinum, unlimitedFree].map((a) => passesGate(a, PLAN_GATES[feature]));
    expect(passes('odds')).toEqual([false, true, true, true]);
    expect(passes('arbitrage')).toEqual([false, false, true, true]);
    expect(passes('analytics')).toEqual([false, false, true, true]);
    expect(PLAN_GATE_PANELS.platinum).toEqual({
      title: 'Platinum Plan Required',
      text: 'This feature requires a Platinum subscription.',
      action: 'Upgrade to Platinum',
      to: '/pricing',
    });
    expect(PLAN_GATE_PANELS.paid.text).toBe('This feature requires a Gold or Platinum subscription.');
  });
});

// DECISIONS 3–4: cancel at period end keeps access to the end; a gift lasts its month; spec 000 §1: billing renews.
describe('effectivePlan', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const state = (over: object) => ({
    plan: 'platinum' as const,
    status: 'active' as const,
    current_period_end: null,
    cancel_at_period_end: false,
    is_gifted: false,
    unlimited: false,
    ...over,
  });
  const ended = new Date('2026-11-21T11:00:00Z');

  it('is free without a row', () => {
    expect(effectivePlan(null, now)).toEqual(free);
  });

  it('keeps a cancelled subscription or a gift until the period ends, then falls back to free', () => {
    for (const kind of [{ cancel_at_period_end: true }, { is_gifted: true }]) {
      expect(effectivePlan(state({ ...kind, current_period_end: new Date('2026-12-01T00:00:00Z') }), now).plan).toBe(
        'platinum',
      );
      expect(effectivePlan(state({ ...kind, current_period_end: ended }), now).plan).toBe('free');
    }
  });

  // Stripe renews at the period end and reports it by webhook, or the reconciliation reads it later
  it('keeps a renewing subscription past its period end until its renewal is recorded, for the grace at most', () => {
    for (const status of ['active', 'trialing'] as const)
      expect(effectivePlan(state({ status, current_period_end: ended }), now).plan).toBe('platinum');
    const graceEnd = new Date(ended.getTime() + RENEWAL_GRACE_MS);
    expect(effectivePlan(state({ current_period_end: ended }), new Date(graceEnd.getTime() - 1)).plan).toBe('platinum');
    expect(effectivePlan(state({ current_period_end: ended }), graceEnd).plan).toBe('free');
  });

  it('gives no grace once Stripe reports the renewal failed or the subscription ended', () => {
    for (const status of ['past_due', 'canceled', 'incomplete'] as const)
      expect(effectivePlan(state({ status, current_period_end: ended }), now).plan).toBe('free');
  });

  it('drops a canceled or incomplete subscription, keeps a past-due one', () => {
    expect(effectivePlan(state({ status: 'canceled' }), now).plan).toBe('free');
    expect(effectivePlan(state({ status: 'incomplete' }), now).plan).toBe('free');
    expect(effectivePlan(state({ status: 'past_due' }), now).plan).toBe('platinum');
  });

  it('carries the unlimited flag', () => {
    expect(effectivePlan(state({ plan: 'free', unlimited: true }), now)).toEqual(unlimitedFree);
  });

  // DECISIONS 4: a gifted month (and any paid period) lapses at its end by itself
  it('says when the plan in force lapses by itself: the end of the period it holds by', () => {
    const end = new Date('2026-12-01T00:00:00Z');
    expect(accessLapsesAt(state({ is_gifted: true, current_period_end: end }), now)).toEqual(end);
    expect(accessLapsesAt(state({ cancel_at_period_end: true, current_period_end: end }), now)).toEqual(end);
    expect(accessLapsesAt(state({ status: 'past_due', current_period_end: end }), now)).toEqual(end);
    expect(accessLapsesAt(state({ current_period_end: null }), now)).toBeNull();
    // already lapsed, not in force, or free: nothing is due to change with time
    expect(accessLapsesAt(state({ is_gifted: true, current_period_end: ended }), now)).toBeNull();
    expect(accessLapsesAt(state({ status: 'canceled', current_period_end: end }), now)).toBeNull();
    expect(accessLapsesAt(state({ plan: 'free', current_period_end: end }), now)).toBeNull();
    expect(accessLapsesAt(null, now)).toBeNull();
  });

  it('times a renewing subscription to the end of its grace, not of its period', () => {
    const end = new Date('2026-12-01T00:00:00Z');
    expect(accessLapsesAt(state({ current_period_end: end }), now)).toEqual(new Date(end.getTime() + RENEWAL_GRACE_MS));
    expect(accessLapsesAt(state({ current_period_end: ended }), now)).toEqual(
      new Date(ended.getTime() + RENEWAL_GRACE_MS),
    );
  });
});

// DECISIONS 3–5: sessions, API keys and the plan service read the plan in force from the same row the same way
describe('currentAccess', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const end = new Date('2026-12-01T00:00:00Z');

  const row = (over: object) => ({
    plan: 'gold' as const,
    status: 'active' as const,
    current_period_end: end,
    cancel_at_period_end: false,
    is_gifted: false,
    unlimited: false,
    ...over,
  });

  it('is the free plan for a user who never had a plan row (a join gives nulls)', () => {
    const nulls = {
      plan: null,
      status: null,
      current_period_end: null,
      cancel_at_period_end: null,
      is_gifted: null,
      unlimited: null,
    };
    expect(currentAccess(nulls, now)).toEqual({ access: free, until: null });
    expect(currentAccess(undefined, now)).toEqual({ access: free, until: null });
  });

  it('gives the plan in force and when it lapses, from the row as stored', () => {
    expect(currentAccess(row({ cancel_at_period_end: true }), now)).toEqual({ access: gold, until: end });
    expect(currentAccess(row({}), now)).toEqual({ access: gold, until: new Date(end.getTime() + RENEWAL_GRACE_MS) });
    expect(currentAccess(row({ status: 'canceled', unlimited: null }), now)).toEqual({ access: free, until: null });
    expect(currentAccess(row({ plan: 'free', current_period_end: null, unlimited: true }), now)).toEqual({
      access: unlimitedFree,
      until: null,
    });
  });
});

// spec 000 §5 sportsbook selection, with DECISIONS 27: one rule for every screen.
describe('sportsbook selection rules', () => {
  const popularAndDfs = [
    'draftkings',
    'fanduel',
    'betmgm',
    'williamhill_us',
    'prizepicks',
    'underdog',
    'pick6',
    'dabble_au',
    'pointsbetus',
  ];

  it('free toggles only popular books and DFS apps', () => {
    expect(canToggleSportsbook(free, 'draftkings')).toBe(true);
    expect(canToggleSportsbook(free, 'caesars')).toBe(true);
    expect(canToggleSportsbook(free, 'prizepicks')).toBe(true);
    expect(canToggleSportsbook(free, 'pinnacle')).toBe(false);
    expect(canToggleSportsbook(free, 'bovada')).toBe(false);
    expect(selectableSportsbooks(free)).toEqual(popularAndDfs);
    expect(seesEveryBook(free)).toBe(false);
  });

  it('Gold and Platinum (and unlimited) see every book of the catalogue, as the plans are sold', () => {
    for (const access of [gold, platinum, unlimitedFree]) {
      expect(seesEveryBook(access)).toBe(true);
      expect(selectableSportsbooks(access)).toEqual(SPORTSBOOKS.map((b) => b.key));
      expect(canToggleSportsbook(access, 'pinnacle')).toBe(true);
      expect(canToggleSportsbook(access, 'bovada')).toBe(true);
      expect(canToggleSportsbook(access, 'nosuchbook')).toBe(false);
    }
  });

  it("words the plan's books for pricing from the same rule: 25+ for the paid plans", () => {
    expect(SPORTSBOOKS.length).toBeGreaterThanOrEqual(25);
    expect(planBooksCopy(gold)).toBe('25+ sportsbooks');
    expect(planBooksCopy(platinum)).toBe('25+ sportsbooks');
    expect(planBooksCopy(free)).toBe('Popular sportsbooks and DFS apps');
  });

  it('canonicalises, deduplicates and names unknown or disallowed keys', () => {
    expect(checkSportsbookSelection(free, ['caesars', 'williamhill_us', 'DraftKings', 'pinnacle', 'nope'])).toEqual({
      keys: ['williamhill_us', 'draftkings'],
      unknown: ['nope'],
      notAllowed: ['pinnacle'],
    });
    expect(checkSportsbookSelection(gold, ['pinnacle', 'nope'])).toEqual({
      keys: ['pinnacle'],
      unknown: ['nope'],
      notAllowed: [],
    });
  });

  it('hides books a downgrade to free no longer allows', () => {
    expect(sportsbooksAllowedNow(free, ['draftkings', 'pinnacle', 'underdog'])).toEqual(['draftkings', 'underdog']);
    expect(sportsbooksAllowedNow(gold, ['draftkings', 'pinnacle'])).toEqual(['draftkings', 'pinnacle']);
    expect(sportsbooksHiddenByPlan(free, ['draftkings', 'pinnacle', 'underdog', 'Novig', 'nope'])).toEqual([
      'pinnacle',
      'novig',
    ]);
    expect(sportsbooksHiddenByPlan(gold, ['draftkings', 'pinnacle'])).toEqual([]);
  });

  it('keeps the hidden books through a save of the allowed ones, and removes an allowed book left out', () => {
    const stored = ['draftkings', 'pinnacle', 'underdog', 'novig'];
    expect(sportsbooksToStore(free, ['draftkings', 'underdog'], stored)).toEqual([
      'draftkings',
      'underdog',
      'pinnacle',
      'novig',
    ]);
    expect(sportsbooksToStore(free, ['fanduel'], stored)).toEqual(['fanduel', 'pinnacle', 'novig']);
    expect(sportsbooksToStore(gold, ['draftkings'], stored)).toEqual(['draftkings']);
  });
});
