import { renderToStaticMarkup } from 'react-dom/server';
import type { Sport } from '@oddspulse/shared';
import { StaleBanner } from './OddsNotices';

const SPORTS = [
  { key: 'basketball_nba', title: 'NBA' },
  { key: 'icehockey_nhl', title: 'NHL' },
] as Sport[];
const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

// A bettor must not act on old prices without being told how old, nor be told a cause that is not the one: a failing
// feed says since when (as the scores banner does), and live updates cut off say so, not that the feed is down.
describe('the odds stale banner', () => {
  it('says since when each failing feed has not answered', () => {
    const html = renderToStaticMarkup(
      <StaleBanner
        staleSports={[
          { sport: 'basketball_nba', since: '2026-12-02T12:03:00Z' },
          { sport: 'icehockey_nhl', since: '2026-12-02T11:41:00Z' },
        ]}
        sports={SPORTS}
      />,
    );
    expect(html).toContain('data-testid="stale-banner"');
    expect(html).toContain(
      `Prices for NBA (since ${time('2026-12-02T12:03:00Z')}), NHL (since ${time('2026-12-02T11:41:00Z')}) are stale: the odds feed is not answering. Showing the last prices received.`,
    );
  });

  it('says live updates are interrupted, not that the feed fails, while only the connection is down', () => {
    const html = renderToStaticMarkup(
      <StaleBanner staleSports={[{ sport: 'icehockey_nhl', since: null }]} sports={SPORTS} />,
    );
    expect(html).toContain('Prices for NHL may have moved: live updates are interrupted until the connection is back.');
    expect(html).not.toContain('the odds feed is not answering');
  });

  it('shows nothing while every price is current', () => {
    expect(renderToStaticMarkup(<StaleBanner staleSports={[]} sports={SPORTS} />)).toBe('');
  });
});
