import { renderToStaticMarkup } from 'react-dom/server';
import { findArbitrage } from '@oddspulse/shared';
import { book, bookAgainstExchange, bookAgainstLay, event, NOW } from '@oddspulse/shared/testing';
import { OpportunityCard } from './OpportunityCard';

// An exchange's back leg is priced net of its commission: the card shows the price it pays net beside the quoted one
// (commission.ts priceWithNet), and a book's leg its price alone
describe('an opportunity card with a leg at an exchange', () => {
  it('shows the exchange leg as "+110 (+105 net)" at Betfair’s 5 %, and the book’s leg as "+110"', () => {
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
    // +110 is 2.10; at 5 % it pays 1 + 1.10 × 0.95 = 2.045, +104.5, half-up to the whole number as American odds are shown
    const odds = [...html.matchAll(/data-testid="leg-odds">([^<]*)<\/span>/g)].map((m) =>
      m[1].replace(/<!-- -->/g, ''),
    );
    expect(odds.sort()).toEqual(['+110', '+110 (+105 net)']);
    expect(html).not.toContain('leg-commission');
  });
});

/*
 * DECISIONS 25: the shown profit is the profit of the rounded stakes. By hand: $100 at 2.06 (+106) / 2.18 (+118) splits
 * 51.415 / 48.585 → $51.42 + $48.58, paying 10,592.52 → $105.93 and 10,590.44 → $105.90: $5.90 on $100.00, 5.90 %. The
 * prices alone make 1 / (1/2.06 + 1/2.18) − 1 = 5.915 %, which the card showed beside the $5.90 ("5.92% profit · $5.90").
 */
describe('an opportunity card’s headline', () => {
  it('gives the profit % of the rounded stakes beside their profit', () => {
    const board = event([
      book('draftkings', {
        h2h: [
          ['Home', 106],
          ['Away', -200],
        ],
      }),
      book('fanduel', {
        h2h: [
          ['Home', -200],
          ['Away', 118],
        ],
      }),
    ]);
    const [o] = findArbitrage(board, { minProfitPct: 0.1 }, NOW);
    const html = renderToStaticMarkup(
      <OpportunityCard
        item={{ opportunity: o, status: 'new', since: NOW }}
        kind="arbitrage"
        now={NOW}
        onExecute={() => undefined}
        onCalculate={() => undefined}
      />,
    );
    expect(html).toContain('5.90% profit · $5.90 on $100.00');
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
    // spec 001 §5: the $100 is the back stake and the liability together. 2.20 laid at 2.06 (2 %) holds 2.2 × 1.06 / 2.04
    // = $1.143 per dollar backed: $46.66 backed, lay stake $50.32, liability $53.34, $2.65 either way (back-lay.spec.ts)
    expect([...html.matchAll(/data-testid="leg-liability">([^<]*)</g)].map((m) => m[1])).toEqual([
      'Liability $53.34 at matchbook',
    ]);
    expect(html).toContain('2.65% profit · $2.65 on $100.00');
    expect(html).toContain('open-arb-calculator');
    expect(html).toContain('Adds the back bet to the bet slip; place the lay at the exchange');
  });
});
