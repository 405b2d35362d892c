import { renderToStaticMarkup } from 'react-dom/server';
import type { ScoreboardEvent } from '@oddspulse/shared';
import { GameCard } from './GameCard';

/** New York Yankees @ Milwaukee Brewers (MLB 2022-09-17) as the ESPN mapper gives it, scheduled at 18:10 UTC. */
const scheduled: ScoreboardEvent = {
  id: '401356378',
  sport_key: 'baseball_mlb',
  league: 'MLB',
  commence_time: '2022-09-17T18:10:00.000Z',
  home_team: 'Milwaukee Brewers',
  away_team: 'New York Yankees',
  scores: { home: null, away: null },
  home_score: null,
  away_score: null,
  completed: false,
  live: false,
  status: 'scheduled',
  status_type: { name: 'STATUS_SCHEDULED', detail: '9/17 - 2:10 PM EDT', completed: false },
  clock: null,
  period: null,
  source: 'espn',
  last_update: '2022-09-17T12:00:00.000Z',
};
const card = (game: ScoreboardEvent) =>
  renderToStaticMarkup(<GameCard game={game} onOpen={() => undefined} />).replace(/<!-- -->/g, '');

// spec 002 §2: LIVE and FINAL badges only; a game ESPN postponed stays without a badge but shows its status, not the
// start time of a game still to be played
describe('GameCard status of a game off its schedule', () => {
  it('a postponed game reads "Postponed" in place of its start time, with no badge', () => {
    const html = card({
      ...scheduled,
      status_type: { name: 'STATUS_POSTPONED', detail: 'Postponed', completed: false },
    });
    expect(html).toMatch(/data-testid="game-off-schedule"[^>]*>Postponed</);
    expect(html).not.toContain('game-badge');
    expect(html).not.toContain('Sat, Sep 17');
  });

  it('a game to be played as listed shows its start time', () => {
    const html = card(scheduled);
    expect(html).not.toContain('game-off-schedule');
    expect(html).toContain('Sep 17');
  });
});
