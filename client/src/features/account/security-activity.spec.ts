import { activityLabel, isWarning } from './security-activity';

// "Recent security activity" on /account reads as sentences, never as codes.
describe('activityLabel', () => {
  it('names the known actions with the detail that tells them apart', () => {
    expect(
      activityLabel({ action: 'api_key.created', details: { name: 'bot', prefix: 'op_x' }, by_operator: false }),
    ).toBe('API key created “bot”');
    expect(
      activityLabel({
        action: 'plan.changed',
        details: { plan: 'platinum', effective: 'platinum' },
        by_operator: true,
      }),
    ).toBe('Plan changed to Platinum (by OddsPulse support)');
    expect(activityLabel({ action: 'auth.signed_in', details: { method: 'oauth' }, by_operator: false })).toBe(
      'Signed in with Google or Apple',
    );
    expect(activityLabel({ action: 'auth.sign_in_failed', details: {}, by_operator: false })).toBe(
      'Failed sign-in (wrong password)',
    );
  });

  it('says a cancellation is one, with the access it keeps, and a resume is one', () => {
    expect(
      activityLabel({
        action: 'plan.subscription_cancelled',
        details: { plan: 'gold', access_until: '2027-03-05T12:00:00.000Z' },
        by_operator: false,
      }),
    ).toBe('Subscription cancelled (access until March 5, 2027)');
    expect(activityLabel({ action: 'plan.subscription_resumed', details: { plan: 'gold' }, by_operator: false })).toBe(
      'Subscription resumed',
    );
  });

  it('makes a readable line of an action another domain records', () => {
    expect(activityLabel({ action: 'billing.subscription_canceled', details: {}, by_operator: false })).toBe(
      'Billing: subscription canceled',
    );
  });

  it('flags failed sign-ins and sessions ended on token reuse', () => {
    expect(isWarning('auth.sign_in_failed')).toBe(true);
    expect(isWarning('auth.session_ended_token_reuse')).toBe(true);
    expect(isWarning('auth.signed_in')).toBe(false);
  });
});
