import { budgetDecision, creditsFromHeaders, oddsCallCost } from './credit-budget';

const rules = { reserve: 100, prioritySports: ['americanfootball_nfl'] };

// Budget credits per sport; below the reserve only priority sports and live or about-to-start games are polled.
describe('The Odds API credit budget', () => {
  it('costs one credit per market per region', () => {
    expect(oddsCallCost(3, 3)).toBe(9);
    expect(oddsCallCost(0, 0)).toBe(1);
  });

  it('allows every sport while the balance is unknown or above the reserve', () => {
    expect(budgetDecision({ remaining: null, used: null, last: null }, rules, 'icehockey_nhl', 9)).toEqual({
      allowed: true,
    });
    expect(budgetDecision({ remaining: 500, used: 0, last: 0 }, rules, 'icehockey_nhl', 9)).toEqual({ allowed: true });
  });

  it('pauses low-priority sports once a call would dip below the reserve, and says why', () => {
    const decision = budgetDecision({ remaining: 105, used: 395, last: 9 }, rules, 'icehockey_nhl', 9);
    expect(decision).toEqual({
      allowed: false,
      reason: '105 credits left, below the reserve of 100: low-priority sport paused',
    });
    expect(budgetDecision({ remaining: 105, used: 395, last: 9 }, rules, 'americanfootball_nfl', 9)).toEqual({
      allowed: true,
    });
  });

  it('keeps paying for live and about-to-start games below the reserve', () => {
    expect(budgetDecision({ remaining: 105, used: 395, last: 9 }, rules, 'icehockey_nhl', 9, true)).toEqual({
      allowed: true,
    });
    expect(budgetDecision({ remaining: 5, used: 495, last: 9 }, rules, 'icehockey_nhl', 9, true)).toMatchObject({
      allowed: false,
    });
  });

  it('stops every sport when the balance cannot pay for the call', () => {
    expect(budgetDecision({ remaining: 5, used: 495, last: 9 }, rules, 'americanfootball_nfl', 9)).toMatchObject({
      allowed: false,
    });
  });

  it('reads the usage headers, and nothing from a response without them', () => {
    const headers = new Headers({ 'x-requests-remaining': '474', 'x-requests-used': '26', 'x-requests-last': '1' });
    expect(creditsFromHeaders(headers)).toEqual({ remaining: 474, used: 26, last: 1 });
    expect(creditsFromHeaders(new Headers())).toBeNull();
  });
});
