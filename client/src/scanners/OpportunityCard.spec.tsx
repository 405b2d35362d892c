import { renderToStaticMarkup } from 'react-dom/server';
import { findArbitrage } from '@oddspulse/shared';
import { NOW } from '../../../shared/src/testing/board-builder';
import { bookAgainstExchange } from '../../../shared/src/testing/exchange-arbitrage';
import { OpportunityCard } from './OpportunityCard';

// An exchange's leg is priced net of its commission: the card says so beside its price, and a book's leg says nothing
describe('an opportunity card with a leg at an exchange', () => {
  it('shows "net of 5 % commission" beside the exchange leg’s price only', () => {
    const board = bookAgainstExchange();
    const [o] = findArbitrage(board, { minProfitPct: 0 }, NOW);
    const html = renderToStaticMarkup(
      <OpportunityCard
        item={{ opportunity: o, status: 'new', since: NOW }}
        kind="arbitrage"
        now={NOW}
        onExecute={() => undefined}
        onCalculate={() => undefined}
      />,
    );
    const labels = [...html.matchAll(/data-testid="leg-commission">([^<]*)<\/span>/g)].map((m) => m[1].trim());
    expect(labels).toEqual(['net of 5 % commission']);
  });
});
