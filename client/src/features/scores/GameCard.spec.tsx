import { renderToStaticMarkup } from 'react-dom/server';
import type { ScoreboardEvent } from '@oddspulse/shared';
import { scoreboardGame } from '@oddspulse/shared/testing';
import { GameCard } from './GameCard';

// New York Yankees @ Milwaukee Brewers, scheduled at 18:10 UTC
const scheduled = scoreboardGame();
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
