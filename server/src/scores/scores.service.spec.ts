import { documentsGameKey, type ScoreboardEvent, type SportScoreboard } from '@oddspulse/shared';
import { scoreboardGame } from '@oddspulse/shared/testing';
import type { AppConfig, GameResultsRepository, LiveStateRepository, RealtimeBus } from '@oddspulse/core';
import { ViewCache } from '../view-cache/view-cache';
import { LiveVersions } from '../view-cache/live-versions';
import { SCOREBOARD_SPORTS, ScoresService } from './scores.service';

const MLB = 'baseball_mlb';

const game = (id: string, over: Partial<ScoreboardEvent> = {}): ScoreboardEvent => scoreboardGame({ id, ...over });

/** The scoreboards in "Redis", each with its revision; `scoreboard` is the read (GET and JSON.parse) a spy counts. */
function setup() {
  const boards = new Map<string, { revision: string; board: SportScoreboard }>();
  const save = (board: SportScoreboard) =>
    boards.set(board.sport_key, { revision: String(Number(boards.get(board.sport_key)?.revision ?? 0) + 1), board });
  const repository = {
    scoreboard: jest.fn(async (sport: string) => structuredClone(boards.get(sport)?.board ?? null)),
    scoreboardRevisions: jest.fn(async (sports: string[]) => sports.map((s) => boards.get(s)?.revision ?? null)),
  };
  const results = { findByReactionKey: jest.fn(async () => undefined) } as unknown as GameResultsRepository;
  const state = repository as unknown as LiveStateRepository;
  const service = new ScoresService(
    state,
    results,
    { FEED_SPORTS: [] as string[] } as AppConfig,
    new ViewCache(),
    new LiveVersions(state, {} as RealtimeBus),
  );
  return { service, repository, save };
}

const board = (sport: string, games: ScoreboardEvent[]): SportScoreboard => ({
  sport_key: sport,
  fetched_at: '2022-09-17T12:00:00.000Z',
  games,
});

// A reaction's POST finds its game (DECISIONS 22: by event id or the documents' gameKey) under the game's lock; it read
// and parsed every scoreboard to do so, each time.
describe('ScoresService.gameByReactionKey: the scoreboards are read once per revision', () => {
  it('a second reaction on unchanged boards reads no board; a board saved anew is read again, alone', async () => {
    const { service, repository, save } = setup();
    for (const sport of SCOREBOARD_SPORTS) save(board(sport, []));
    const brewers = game('401356378', { event_id: 'ev-1' });
    save(board(MLB, [game('401356377'), brewers]));

    expect(await service.gameByReactionKey('ev-1')).toEqual(brewers);
    expect(repository.scoreboard).toHaveBeenCalledTimes(SCOREBOARD_SPORTS.length);

    repository.scoreboard.mockClear();
    expect(await service.gameByReactionKey('ev-1')).toEqual(brewers);
    expect(await service.gameByReactionKey(documentsGameKey(brewers))).toEqual(game('401356377'));
    expect(repository.scoreboard).not.toHaveBeenCalled();
    expect(repository.scoreboardRevisions).toHaveBeenCalledTimes(3);

    // the pipeline saves MLB's board (a new revision): the next reaction reads that board, and sees it
    const moved = game('401356378', { event_id: 'ev-2' });
    save(board(MLB, [moved]));
    expect(await service.gameByReactionKey('ev-2')).toEqual(moved);
    expect(await service.gameByReactionKey('ev-1')).toBeNull();
    expect(repository.scoreboard.mock.calls).toEqual([[MLB]]);
  });

  it('a board written before revisions were counted is read every time', async () => {
    const { service, repository } = setup();
    repository.scoreboardRevisions.mockImplementation(async (sports: string[]) => sports.map(() => null));
    repository.scoreboard.mockImplementation(async (sport: string) =>
      sport === MLB ? board(MLB, [game('1', { event_id: 'ev-1' })]) : null,
    );
    await service.gameByReactionKey('ev-1');
    await service.gameByReactionKey('ev-1');
    expect(repository.scoreboard).toHaveBeenCalledTimes(2 * SCOREBOARD_SPORTS.length);
  });
});
