import { renderToStaticMarkup } from 'react-dom/server';
import { ScoresStaleBanner } from './ScoresStaleBanner';

// A scoreboard nobody polls is shown as stale, as the odds board is: the pushed `board.status` sets or clears it.
describe('the scores stale banner', () => {
  it('says which sport is stale and since when while the pushed status has a stale mark', () => {
    const html = renderToStaticMarkup(<ScoresStaleBanner sportTitle="NHL" staleSince="2025-03-11T02:08:10Z" />);
    expect(html).toContain('data-testid="scores-stale"');
    expect(html).toContain('role="status"');
    expect(html).toContain('Scores for NHL are stale: the scores feed has not answered since');
    expect(html).toContain(
      new Date('2025-03-11T02:08:10Z').toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
    );
  });

  it('shows nothing once the status says the feed recovered', () => {
    expect(renderToStaticMarkup(<ScoresStaleBanner sportTitle="NHL" staleSince={null} />)).toBe('');
  });
});
