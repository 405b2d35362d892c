import { startingSportsbooks } from '@oddspulse/shared';
import { preferencesQuery } from '../state/session-api';
import { api } from '../api/client';
import { queryClient } from '../api/query-client';
import { straightBetsQuery } from '../features/odds/loading/boards-request';
import { rowSelection } from '../features/odds/loading/first-load';
import { preloadBoards } from '../features/odds/odds-api';
import { appliedFiltersAtom } from '../features/odds/odds-state';
import { devigChoiceAtom } from '../state/display-settings';
import { lastSeenPaid } from '../state/paid-plan-hint';
import { browserStorage } from '../state/stored-value';
import { appStore } from '../state/store';

/**
 * A direct visit of /sportsbooks (straight bets, its default section) asks for its boards as the app starts, with the
 * filters the screen will read, while the plan, the screen's code and its first render are still on their way (the
 * time to the first odds row). The plan is not waited for when this browser last saw it paid
 * (state/paid-plan-hint.ts): a free or operations account, or one not seen yet, sends nothing and its screen asks
 * once the plan allows it. Should the plan have lapsed since, the request says require=paid, so the server refuses it
 * without metering it. The table's rows are built as the
 * boards arrive, with the books, markets and de-vig the screen will read. Signed-out visitors send nothing. The page's
 * boot script has usually sent this very request already (features/odds/loading/first-boards-ahead.ts); the API client takes its answer.
 */
export function startFirstBoards(): void {
  const session = api.currentSession();
  if (!session || !lastSeenPaid(browserStorage(), session.user.id)) return;
  const filters = appStore.get(appliedFiltersAtom);
  // The screen's books are the user's saved books (DECISIONS 36): asked for now too, so the table starts on them
  const preferences = preferencesQuery(session.user.id);
  void queryClient.prefetchQuery(preferences);
  const books = startingSportsbooks(queryClient.getQueryData(preferences.queryKey)?.sportsbooks);
  preloadBoards(
    straightBetsQuery(filters),
    rowSelection('game', books, filters.markets, appStore.get(devigChoiceAtom)),
  );
}
