import type { ScoreboardEvent } from '@oddspulse/shared';

export interface ScoreboardChanges {
  /** Games that are new or whose score, clock or status changed. */
  updated: ScoreboardEvent[];
  /**
   * Ids of the games the last scoreboard had and this one does not (the provider moved on to another day or week): a
   * page that only added and replaced kept them, a game left LIVE among them frozen as it was.
   */
  removed: string[];
  /** Games that turned final since the last scoreboard (or are final on the first one). */
  finals: ScoreboardEvent[];
  /** Games that went live since the last scoreboard: their odds have closed (CLV). */
  started: ScoreboardEvent[];
}

/** What a viewer sees change; last_update alone is not a change. */
function signature(game: ScoreboardEvent): string {
  const { last_update: _ignored, ...rest } = game;
  return JSON.stringify(rest);
}

/** Compares two scoreboards of one sport by game id. */
export function diffScoreboards(
  previous: readonly ScoreboardEvent[] | null,
  next: readonly ScoreboardEvent[],
): ScoreboardChanges {
  const before = new Map((previous ?? []).map((g) => [g.id, g]));
  const updated: ScoreboardEvent[] = [];
  const finals: ScoreboardEvent[] = [];
  const started: ScoreboardEvent[] = [];
  for (const game of next) {
    const old = before.get(game.id);
    before.delete(game.id);
    if (!old || signature(old) !== signature(game)) updated.push(game);
    if (game.status === 'final' && old?.status !== 'final') finals.push(game);
    if (game.status === 'in_progress' && old?.status === 'scheduled') started.push(game);
  }
  return { updated, removed: [...before.keys()], finals, started };
}
