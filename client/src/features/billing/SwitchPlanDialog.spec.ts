import { switchCostText } from './SwitchPlanDialog';

// The switch's confirmation says what it costs now, from Stripe's invoice preview, before the user confirms
describe('switchCostText', () => {
  const preview = (amount_due_cents: number, total_cents: number) => ({
    plan: 'platinum' as const,
    amount_due_cents,
    total_cents,
    currency: 'usd',
  });

  it('says what is charged now', () => {
    expect(switchCostText(preview(1500, 1500))).toBe('You pay $15.00 now for the rest of this billing period.');
  });

  it('says what is credited when the switch is down', () => {
    expect(switchCostText(preview(0, -750))).toBe('$7.50 is credited to your next invoices.');
  });

  it('says nothing is charged when a balance covers it', () => {
    expect(switchCostText(preview(0, 1500))).toBe('Nothing is charged now.');
  });
});
