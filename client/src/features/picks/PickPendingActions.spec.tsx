import { renderToStaticMarkup } from 'react-dom/server';
import type { UserPick } from '@oddspulse/shared';
import { PickPendingActions } from './PickPendingActions';
import type { PickActions } from './usePickActions';

const pick = { id: 'p1', stakeCents: 2000, potentialCents: 3818 } as UserPick;
const actions = (payout: string): PickActions => ({
  payout,
  setPayout: () => undefined,
  stake: '',
  setStakeText: () => undefined,
  busy: false,
  error: '',
  settle: async () => undefined,
  saveStake: async () => undefined,
  remove: async () => undefined,
});

// spec 002 §4, §9: the actual payout of a win is a whole number; the field steps by cents, so the card says so
describe('PickPendingActions: the actual payout field', () => {
  it('says a payout is kept to whole dollars, tied to the field, and what the one typed records', () => {
    const html = renderToStaticMarkup(<PickPendingActions pick={pick} actions={actions('190.60')} />).replace(
      /<!-- -->/g,
      '',
    );
    expect(html).toContain('aria-describedby="payout-hint-p1"');
    expect(html).toMatch(/id="payout-hint-p1"[^>]*>Kept to whole dollars: recorded as \$191\.00</);
  });
});
