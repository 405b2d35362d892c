import { queryOptions } from '@tanstack/react-query';
import { typedApi } from '../../api/client';
import { answerOf } from '../../api/typed-client';
import { queryClient } from '../../api/query-client';
import { fetchAllPicks, picksKeys } from '../picks';
import type { PickDraft } from './bet-slip';

/** Placing bets and "Add to My Picks" save pending picks on the account (DECISIONS 18): POST /api/picks. */
export async function placePicks(picks: readonly PickDraft[]): Promise<void> {
  try {
    // clientId stays in the browser (the slip's item id); the server ignores fields it does not know.
    for (const pick of picks) await answerOf(typedApi.POST('/api/picks', { body: pick }));
  } finally {
    // My Picks opens on a fresh read, never on a cached list without the picks just saved (some may be, on a failure)
    void queryClient.resetQueries({ queryKey: picksKeys.all });
  }
}

/** A duplicate is the same game, market and selection (spec 001 §4). */
export const pickIdentity = (p: { game: string; market: string; selection: string }) =>
  `${p.game}\u0001${p.market}\u0001${p.selection}`;

/**
 * The user's picks of the last 90 days, to tell a duplicate before saving: read once per page load, and again after
 * a save (placePicks resets every picks query) or an import.
 */
export function savedPickIdentitiesQuery(userId: string) {
  return queryOptions({
    queryKey: [...picksKeys.user(userId), 'identities'],
    queryFn: async () =>
      new Set((await fetchAllPicks({ period: '90d', status: 'all', sort: 'date' })).map(pickIdentity)),
    staleTime: Infinity,
  });
}
