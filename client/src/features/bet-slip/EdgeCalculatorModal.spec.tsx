/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderSignedIn } from '../../../test-support/signed-in';
import { EdgeCalculatorModal } from './EdgeCalculatorModal';

jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));

// DECISIONS 10: a bet at an exchange pays net of its commission, and its card's EV is worked on that
describe('the edge calculator opened from a bet at an exchange', () => {
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.innerHTML = '';
  });

  const result = (term: string) =>
    [...document.querySelectorAll('[data-testid="edge-result"] dt')].find((dt) => dt.textContent === term)
      ?.nextElementSibling?.textContent;

  it("gives the card's edge net of the commission, and says so", async () => {
    // Betfair's 2.10 at 5 % pays 2.045: against p = 0.5, +2.25 %, where the gross price gave 5.00 % "Excellent edge"
    await renderSignedIn(
      root,
      <EdgeCalculatorModal
        initialBookOdds={110}
        initialFairOdds={100}
        exact={{ decimal: 2.1, fairProbability: 0.5 }}
        commission={0.05}
        onClose={() => undefined}
      />,
      { savedBooks: ['betfair_ex_uk'] },
    );
    expect(result('Edge')).toBe('2.25%');
    expect(result('Recommendation')).toBe('Marginal edge - bet small');
    expect(result('Kelly stake')).toBe('2.15% of bankroll');
    expect(document.querySelector('[data-testid="edge-commission"]')?.textContent).toBe(
      "The bookmaker odds are the exchange's: edge and stake are worked out net of 5 % commission.",
    );
  });
});
