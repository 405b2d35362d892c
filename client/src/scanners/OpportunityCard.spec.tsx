import { renderToStaticMarkup } from 'react-dom/server';
import { findArbitrage } from '@oddspulse/shared';
import { bookAgainstExchange, bookAgainstLay, NOW } from '@oddspulse/shared/testing';
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

// A back/lay's second leg is a lay at the exchange: the card says "Lay" and the liability the user must hold there
describe('an opportunity card of a back/lay arbitrage', () => {
  it('shows the lay leg as "Lay" with its liability at the exchange, and offers the back/lay calculator', () => {
    const board = bookAgainstLay();
    const o = findArbitrage(board, { minProfitPct: 0 }, NOW).find((a) => a.kind === 'back_lay')!;
    const html = renderToStaticMarkup(
      <OpportunityCard
        item={{ opportunity: o, status: 'new', since: NOW }}
        kind="arbitrage"
        now={NOW}
        onExecute={() => undefined}
        onCalculate={() => undefined}
      />,
    );
    expect([...html.matchAll(/data-testid="leg-lay"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['Lay']);
    // $100 backed at 2.20 laid at 2.06 (2 %): lay stake $107.84, liability $114.31
    expect([...html.matchAll(/data-testid="leg-liability">([^<]*)</g)].map((m) => m[1])).toEqual([
      'Liability $114.31 at matchbook',
    ]);
    expect(html).toContain('open-arb-calculator');
    expect(html).toContain('Adds the back bet to the bet slip; place the lay at the exchange');
  });
});
