import { renderToStaticMarkup } from 'react-dom/server';
import type { EvBet } from '@oddspulse/shared';
import { RecommendedBetMeta } from './RecommendedBetMeta';

const NOW = Date.parse('2030-03-10T20:00:00Z');
const bet = (startHoursFromNow: number) =>
  ({
    game: 'Ravens @ Steelers',
    sportTitle: 'NFL',
    market: 'h2h',
    commenceTime: new Date(NOW + startHoursFromNow * 3_600_000).toISOString(),
  }) as EvBet;

// spec 001 §5 dashboard recommendations: a game in play is said to be live, as the tables say it
describe('a recommendation’s game line', () => {
  it('marks a game in its 4th quarter LIVE', () => {
    const html = renderToStaticMarkup(<RecommendedBetMeta bet={bet(-2.75)} now={NOW} />);
    expect(html).toContain('Ravens @ Steelers · NFL · Moneyline');
    expect(html).toMatch(/data-testid="live-marker"[^>]*>LIVE<\/span>/);
  });

  it('leaves a game before its start unmarked', () => {
    expect(renderToStaticMarkup(<RecommendedBetMeta bet={bet(2)} now={NOW} />)).not.toContain('LIVE');
  });
});
