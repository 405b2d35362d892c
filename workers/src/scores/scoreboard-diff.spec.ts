import type { ScoreboardEvent } from '@oddspulse/shared';
import { diffScoreboards } from './scoreboard-diff';

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
  source: 'simulator',
  last_update: '2026-01-01T00:10:00Z',
  ...fields,
});

// Score changes published; a game turning final published as its own event.
describe('diffScoreboards', () => {
  it('ignores a new last_update alone', () => {
    expect(diffScoreboards([game('a')], [game('a', { last_update: '2026-01-01T00:11:00Z' })])).toEqual({
      updated: [],
      removed: [],
      finals: [],
      started: [],
    });
  });

  // A scoreboard that moved on (the next day, the next week) no longer lists the games it showed, live ones among them.
  it('names the games the last scoreboard had and this one does not', () => {
    const next = game('c', { live: false, status: 'scheduled', clock: null });
    const changes = diffScoreboards([game('a'), game('b', { status: 'final', completed: true })], [next]);
    expect(changes.removed).toEqual(['a', 'b']);
    expect(changes.updated).toEqual([next]);
    expect(diffScoreboards([game('a')], [game('a')]).removed).toEqual([]);
    expect(diffScoreboards(null, [game('a')]).removed).toEqual([]);
  });

  it('reports score and clock changes', () => {
    const next = game('a', { scores: { home: 12, away: 8 }, home_score: 12, clock: '4:31' });
    expect(diffScoreboards([game('a')], [next]).updated).toEqual([next]);
  });

  it('reports a game turning final once', () => {
    const final = game('a', { completed: true, live: false, status: 'final', clock: null });
    expect(diffScoreboards([game('a')], [final]).finals).toEqual([final]);
    expect(diffScoreboards([final], [final]).finals).toEqual([]);
  });

  // A game going live closes its odds; the closing line is recorded for CLV.
  it('reports a game going from scheduled to live once', () => {
    const scheduled = game('a', { live: false, status: 'scheduled', clock: null });
    const live = game('a');
    expect(diffScoreboards([scheduled], [live]).started).toEqual([live]);
    expect(diffScoreboards([live], [live]).started).toEqual([]);
    expect(diffScoreboards(null, [live]).started).toEqual([]);
  });
});
