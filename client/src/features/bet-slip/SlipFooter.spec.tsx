/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { EMPTY_SLIP, type BetSlipState } from './bet-slip';
import { BetSlipPanel } from './BetSlipPanel';
import { betSlipAtom } from './bet-slip-state';
import { SlipFooter } from './SlipFooter';

jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));

const slip: BetSlipState = {
  ...EMPTY_SLIP,
  open: true,
  items: [
    {
      id: 'a',
      matchup: 'A @ B',
      selection: 'A',
      market: 'h2h',
      americanOdds: 150,
      decimal: 2.5,
      bookmaker: 'DraftKings',
      sport: 'basketball_nba',
      league: 'NBA',
      edge: 3,
      gameTime: '2030-01-01T00:00:00Z',
      stakeCents: 600_000,
    },
  ],
};

// every screen shows money by one rule (formatMoney): "$6,000.00", as the picks and the scanners do
describe("the bet slip's amounts", () => {
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

  it('are thousands separated in the totals and the cap message (its words spec 001 §5)', () => {
    act(() =>
      root.render(
        <MemoryRouter>
          <SlipFooter slip={slip} setSlip={() => undefined} bankrollCents={2_500_000} />
        </MemoryRouter>,
      ),
    );
    expect(document.querySelector('[data-testid="slip-total"]')?.textContent).toBe('$6,000.00');
    expect(document.querySelector('[data-testid="slip-potential-payout"]')?.textContent).toBe('$15,000.00');
    expect(document.body.textContent).toContain('Exceeds 20% of bankroll ($5,000.00)');
  });

  it('are thousands separated in the bankroll line', () => {
    const store = createStore();
    store.set(betSlipAtom, slip);
    act(() =>
      root.render(
        <Provider store={store}>
          <QueryClientProvider client={new QueryClient()}>
            <MemoryRouter>
              <BetSlipPanel />
            </MemoryRouter>
          </QueryClientProvider>
        </Provider>,
      ),
    );
    expect(document.body.textContent).toMatch(/Bankroll \$1,000\.00/);
  });
});
