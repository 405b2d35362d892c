import { emptyReactions, type ScoreboardEvent, type UserPick } from '@oddspulse/shared';
import {
  applyReaction,
  gameBadge,
  IDLE_POLL_MS,
  LIVE_POLL_MS,
  mergeScoreUpdate,
  normaliseReactions,
  oddsHistoryQuery,
  ownReaction,
  picksOnGame,
  SCORE_SPORTS,
  scoresPollInterval,
  scoresUpdateText,
} from './scores-logic';

function game(overrides: Partial<ScoreboardEvent>): ScoreboardEvent {
  return {
    id: 'g1',
    sport_key: 'americanfootball_nfl',
    league: 'NFL',
    commence_time: '2026-11-21T18:00:00Z',
    home_team: 'Buffalo Bills',
    away_team: 'Kansas City Chiefs',
    scores: { home: null, away: null },
    home_score: null,
    away_score: null,
    completed: false,
    live: false,
    status: 'scheduled',
    status_type: { name: 'STATUS_SCHEDULED', detail: '', completed: false },
    clock: null,
    period: null,
    source: 'simulator',
    last_update: '2026-11-21T17:00:00Z',
    ...overrides,
  };
}

describe('status badges (spec 002 §2)', () => {
  it('shows LIVE only when in progress and live, FINAL for final games', () => {
    expect(gameBadge(game({ status: 'in_progress', live: true }))).toBe('LIVE');
    expect(gameBadge(game({ status: 'in_progress', live: false }))).toBeNull();
    expect(gameBadge(game({ status: 'scheduled', live: true }))).toBeNull();
    expect(gameBadge(game({ status: 'final', completed: true }))).toBe('FINAL');
    expect(gameBadge(game({ status: 'scheduled', completed: true }))).toBe('FINAL');
    expect(gameBadge(game({}))).toBeNull();
  });
});

describe('scores polling (spec 002 §4: 15 s with a live game, else 60 s)', () => {
  it('polls faster while a game is live', () => {
    expect(scoresPollInterval([game({}), game({ id: 'g2', status: 'in_progress', live: true })])).toBe(LIVE_POLL_MS);
    expect(LIVE_POLL_MS).toBe(15_000);
    expect(scoresPollInterval([game({ status: 'final', completed: true })])).toBe(IDLE_POLL_MS);
    expect(IDLE_POLL_MS).toBe(60_000);
  });
});

// "Refreshing every 15 seconds" and "Live updates every 30 seconds" were shown of one pushed page
describe('how the scores stay current, in words', () => {
  it('says live over the socket while it is connected, else how often it reads and why', () => {
    expect(scoresUpdateText(true, 'connected', LIVE_POLL_MS)).toBe(
      'Live: scores arrive over the live connection as they happen.',
    );
    expect(scoresUpdateText(true, 'reconnecting', LIVE_POLL_MS)).toBe(
      'Live connection lost, reconnecting: checking for new scores every 15 seconds meanwhile.',
    );
    expect(scoresUpdateText(true, 'connecting', IDLE_POLL_MS)).toBe(
      'Connecting to live updates: checking for new scores every 60 seconds meanwhile.',
    );
    expect(scoresUpdateText(false, 'idle', LIVE_POLL_MS)).toBe(
      'Checking for new scores every 15 seconds. Sign in for live updates.',
    );
  });
});

describe('live score updates', () => {
  it('replaces games by id, adds new ones in start order and ignores other sports', () => {
    const list = [
      game({ id: 'a', commence_time: '2026-11-21T18:00:00Z' }),
      game({ id: 'b', commence_time: '2026-11-21T20:00:00Z' }),
    ];
    const merged = mergeScoreUpdate(
      list,
      [
        game({ id: 'a', status: 'in_progress', live: true, scores: { home: 7, away: 3 } }),
        game({ id: 'c', commence_time: '2026-11-21T19:00:00Z' }),
        game({ id: 'x', sport_key: 'basketball_nba' }),
      ],
      'americanfootball_nfl',
    );
    expect(merged.map((g) => g.id)).toEqual(['a', 'c', 'b']);
    expect(merged[0].scores).toEqual({ home: 7, away: 3 });
  });

  // The scoreboard moved on (next week's games): the games it no longer lists leave the page, a LIVE one included.
  it('drops the games the update names as removed', () => {
    const list = [
      game({ id: 'a', status: 'in_progress', live: true }),
      game({ id: 'b', commence_time: '2026-11-21T20:00:00Z' }),
    ];
    const next = game({ id: 'c', commence_time: '2026-11-28T18:00:00Z' });
    expect(mergeScoreUpdate(list, [next], 'americanfootball_nfl', ['a', 'b']).map((g) => g.id)).toEqual(['c']);
    expect(mergeScoreUpdate(list, [], 'americanfootball_nfl', ['a']).map((g) => g.id)).toEqual(['b']);
  });
});

describe('reactions (spec 002 §4, DECISIONS 22)', () => {
  it('holds one reaction per user: adding replaces, removing takes it away', () => {
    const me = { userId: 'u1', username: 'me' };
    const other = { userId: 'u2', username: 'other' };
    let reactions = applyReaction(emptyReactions(), other, 'fire', 'add');
    reactions = applyReaction(reactions, me, 'fire', 'add');
    expect(reactions.fire).toHaveLength(2);
    reactions = applyReaction(reactions, me, 'money', 'add');
    expect(reactions.fire).toEqual([other]);
    expect(reactions.money).toEqual([me]);
    expect(ownReaction(reactions, 'u1')).toBe('money');
    reactions = applyReaction(reactions, me, 'money', 'remove');
    expect(ownReaction(reactions, 'u1')).toBeNull();
    expect(ownReaction(reactions, null)).toBeNull();
  });

  it('reads any shape into the six emojis, dropping unknown ones', () => {
    const reactions = normaliseReactions({
      fire: [{ userId: 'u1', username: 'a' }, 'junk'],
      rocket: [{ userId: 'u2' }],
    });
    expect(Object.keys(reactions)).toEqual(['fire', 'money', 'confident', 'thinking', 'nervous', 'electric']);
    expect(reactions.fire).toEqual([{ userId: 'u1', username: 'a' }]);
  });
});

describe("the user's picks on a game", () => {
  const base = {
    id: 'p',
    game: 'Kansas City Chiefs @ Buffalo Bills',
    eventId: null,
    commenceTime: null,
    dateAdded: '2026-11-21T12:00:00Z',
  } as UserPick;
  it('matches by event id, else by both teams within a day of the start', () => {
    const g = game({ event_id: 'evt1' });
    expect(picksOnGame([{ ...base, id: 'byEvent', game: 'x', eventId: 'evt1' }], g)).toHaveLength(1);
    expect(picksOnGame([{ ...base, id: 'otherEvent', eventId: 'evt2' }], g)).toHaveLength(0);
    expect(picksOnGame([{ ...base, id: 'byTeams' }], g)).toHaveLength(1);
    expect(picksOnGame([{ ...base, id: 'lastWeek', dateAdded: '2026-11-14T12:00:00Z' }], g)).toHaveLength(0);
    expect(picksOnGame([{ ...base, id: 'otherTeams', game: 'Jets @ Dolphins' }], g)).toHaveLength(0);
  });
});

// spec 002 §7 GET /api/odds-history: sport, eventId, markets (comma-joined h2h, spreads, totals), bookmakers (taken from the game)
describe('the line-movement request', () => {
  it('sends the books the game carries, comma-joined, with the three line-movement markets', () => {
    expect(
      oddsHistoryQuery({ sport: 'americanfootball_nfl', eventId: 'evt1', bookmakers: ['draftkings', 'fanduel'] }),
    ).toEqual({
      sport: 'americanfootball_nfl',
      eventId: 'evt1',
      markets: 'h2h,spreads,totals',
      bookmakers: 'draftkings,fanduel',
    });
  });

  it('leaves bookmakers out when the game has none, so every recorded book is shown', () => {
    expect(oddsHistoryQuery({ sport: 'americanfootball_nfl', eventId: 'evt1' })).not.toHaveProperty('bookmakers');
    expect(oddsHistoryQuery({ sport: 'americanfootball_nfl', eventId: 'evt1', bookmakers: [] })).not.toHaveProperty(
      'bookmakers',
    );
  });
});

describe('the scores page sports (spec 002 §2)', () => {
  it('lists NFL first, then NCAAF, NBA, NCAAB, NHL and MLB, each by its league name', () => {
    expect(SCORE_SPORTS.map((sport) => [sport.key, sport.title])).toEqual([
      ['americanfootball_nfl', 'NFL'],
      ['americanfootball_ncaaf', 'NCAAF'],
      ['basketball_nba', 'NBA'],
      ['basketball_ncaab', 'NCAAB'],
      ['icehockey_nhl', 'NHL'],
      ['baseball_mlb', 'MLB'],
    ]);
  });
});
