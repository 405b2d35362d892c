import type { BoardEvent, ScoreboardEvent } from '@oddspulse/shared';
import { joinToOdds, reactionKeyMoves } from './odds-join';

const game = (id: string, fields: Partial<ScoreboardEvent> = {}): ScoreboardEvent => ({
  id,
  sport_key: 'basketball_nba',
  league: 'NBA',
  commence_time: '2026-01-01T00:00:00Z',
  home_team: 'Boston Celtics',
  away_team: 'Miami Heat',
  scores: { home: 10, away: 8 },
  home_score: 10,
  away_score: 8,
  completed: false,
  live: true,
  status: 'in_progress',
  status_type: { name: 'STATUS_IN_PROGRESS', detail: '5:00 - 1st', completed: false },
  clock: '5:00',
  period: 1,
  source: 'espn',
  last_update: '2026-01-01T00:10:00Z',
  ...fields,
});

const boardEvent = (id: string, books: string[], fields: Partial<BoardEvent> = {}): BoardEvent => ({
  id,
  sport_key: 'basketball_nba',
  sport_title: 'NBA',
  commence_time: '2026-01-01T00:05:00Z',
  home_team: 'Boston Celtics',
  away_team: 'Miami Heat',
  bookmakers: books.map((key) => ({ key, title: key, last_update: '2026-01-01T00:00:00Z', markets: [] })),
  ...fields,
});

// spec 002 §3 game fields event_id and bookmakers, §5 team matching, §7 the line-movement request's bookmakers
describe('joinToOdds', () => {
  it('gives a game of another provider the odds event id found by team names, and the books pricing it', () => {
    const [joined] = joinToOdds(
      [game('espn-1')],
      [
        boardEvent('other', ['fanduel'], { home_team: 'Denver Nuggets' }),
        boardEvent('odds-1', ['draftkings', 'fanduel']),
      ],
      null,
    );
    expect(joined).toMatchObject({ id: 'espn-1', event_id: 'odds-1', bookmakers: ['draftkings', 'fanduel'] });
  });

  it('takes the books of the event a provider sharing the odds ids already names', () => {
    const [joined] = joinToOdds(
      [game('odds-1', { event_id: 'odds-1', source: 'theoddsapi' })],
      [boardEvent('odds-1', ['betmgm'])],
      null,
    );
    expect(joined).toMatchObject({ event_id: 'odds-1', bookmakers: ['betmgm'] });
  });

  // spec 002 §7: the modal asks the history for the game's books; one that took the game down keeps its line movement
  it('keeps the books that priced the game when they leave the board, and adds those that come', () => {
    const before = joinToOdds([game('espn-1')], [boardEvent('odds-1', ['draftkings', 'fanduel'])], null);
    expect(joinToOdds([game('espn-1')], [boardEvent('odds-1', ['fanduel', 'caesars'])], before)[0].bookmakers).toEqual([
      'draftkings',
      'fanduel',
      'caesars',
    ]);
  });

  it('keeps the event id and books of a game the board has dropped (a final), and adds nothing to an unknown game', () => {
    const before = joinToOdds([game('espn-1')], [boardEvent('odds-1', ['draftkings'])], null);
    const final = game('espn-1', { status: 'final', completed: true, live: false });
    expect(joinToOdds([final, game('espn-2', { home_team: 'Utah Jazz' })], [], before)).toEqual([
      { ...final, event_id: 'odds-1', bookmakers: ['draftkings'] },
      game('espn-2', { home_team: 'Utah Jazz' }),
    ]);
    expect(joinToOdds([final], null, before)[0]).toMatchObject({ event_id: 'odds-1', bookmakers: ['draftkings'] });
  });

  // DECISIONS 24: an odds event id decides a pick's game, so a final must never take the same teams' next game's
  describe('a doubleheader (the same teams twice in a day)', () => {
    const first = game('espn-1', { commence_time: '2026-01-01T17:10:00Z' });
    const second = game('espn-2', { commence_time: '2026-01-01T23:10:00Z', live: false, status: 'scheduled' });
    const e1 = boardEvent('odds-1', ['draftkings'], { commence_time: '2026-01-01T17:10:00Z' });
    const e2 = boardEvent('odds-2', ['fanduel'], { commence_time: '2026-01-01T23:10:00Z' });

    it('keeps the first game on its own event once the board drops it final, not the second game still listed', () => {
      const before = joinToOdds([first, second], [e1, e2], null);
      expect(before.map((g) => g.event_id)).toEqual(['odds-1', 'odds-2']);
      const final = { ...first, status: 'final' as const, completed: true, live: false };
      expect(joinToOdds([final, second], [e2], before).map((g) => [g.event_id, g.bookmakers])).toEqual([
        ['odds-1', ['draftkings']],
        ['odds-2', ['fanduel']],
      ]);
    });

    it('gives the one event listed to the game closer to it, never to both, the first time they are seen', () => {
      const final = { ...first, status: 'final' as const, completed: true, live: false };
      expect(joinToOdds([final, second], [e2], null).map((g) => g.event_id)).toEqual([undefined, 'odds-2']);
    });
  });

  it('does not carry books over to a game whose provider now names another event', () => {
    const before = [game('g', { event_id: 'odds-1', bookmakers: ['draftkings'] })];
    expect(joinToOdds([game('g', { event_id: 'odds-2' })], [], before)[0]).toEqual(game('g', { event_id: 'odds-2' }));
  });
});

// DECISIONS 22: a game's reactions are keyed by its event id once it has one, by the documents' gameKey before
describe('reactionKeyMoves', () => {
  const KEY = 'Miami Heat_Boston Celtics_2026-01-01T00:00:00Z';

  it("moves a game's gameKey reactions to the event id the scoreboard first gives it", () => {
    const before = [game('espn-1')];
    const joined = joinToOdds(before, [boardEvent('odds-1', ['draftkings'])], before);
    expect(reactionKeyMoves(before, joined)).toEqual([{ from: [KEY], to: 'odds-1' }]);
    // the next poll shows it with the same event id: nothing more to move
    expect(reactionKeyMoves(joined, joinToOdds(before, null, joined))).toEqual([]);
    expect(reactionKeyMoves(before, before)).toEqual([]);
  });

  it('moves those made under the gameKey it showed before its start moved, too', () => {
    const moved = game('espn-1', { commence_time: '2026-01-01T01:00:00Z', event_id: 'odds-1' });
    expect(reactionKeyMoves([game('espn-1')], [moved])).toEqual([
      { from: ['Miami Heat_Boston Celtics_2026-01-01T01:00:00Z', KEY], to: 'odds-1' },
    ]);
  });

  // a scoreboard lost with Redis, or a game new to it: reactions may be kept under its gameKey all the same
  it('moves those of a game the last scoreboard did not have', () => {
    expect(reactionKeyMoves(null, [game('espn-1', { event_id: 'odds-1' })])).toEqual([{ from: [KEY], to: 'odds-1' }]);
  });
});
