import { api } from '../api/client';
import { straightBetsQuery } from '../odds/loading/boards-request';
import { rowSelection } from '../odds/loading/first-load';
import { preloadBoards } from '../odds/odds-api';
import { appliedFiltersAtom, devigChoiceAtom } from '../odds/odds-state';
import { appStore } from '../state/store';

/**
 * A direct visit of /sportsbooks (straight bets, its default section) asks for its boards as the app starts, with the
 * filters the screen will read, while the plan, the screen's code and its first render are still on their way (issue
 * 18: time to the first odds row). The plan is not waited for: the request says require=paid, so the server refuses a
 * free plan's call without metering it (a free user's screen shows no boards). The table's rows are built as the
 * boards arrive, with the books, markets and de-vig the screen will read. Signed-out visitors send nothing. The page's
 * boot script has usually sent this very request already (odds/loading/first-boards-ahead.ts); the API client takes its answer.
 */
export function startFirstBoards(): void {
  if (!api.currentSession()) return;
  const filters = appStore.get(appliedFiltersAtom);
  preloadBoards(straightBetsQuery(filters), rowSelection('game', filters.books, filters.markets, appStore.get(devigChoiceAtom)));
}
