import { isPaid } from '../account/account-api';
import { api } from '../api/client';
import { preloadBoards } from '../odds/odds-api';
import { appliedFiltersAtom } from '../odds/odds-state';
import { planAtom } from '../state/auth';
import { appStore } from '../state/store';

/**
 * A direct visit of /sportsbooks (straight bets, its default section) asks for its boards as soon as the plan is known
 * to be paid, while the screen's code and first render are still on their way, with the filters the screen will read
 * (issue 18: time to the first odds row). Free and signed-out users send nothing (their screen shows no boards; a free
 * user's odds calls are metered).
 */
export function startFirstBoards(): void {
  const check = () => {
    const plan = appStore.get(planAtom);
    if (plan.status !== 'ready') return;
    stop();
    if (!isPaid(plan.info) || !api.currentSession()) return;
    const filters = appStore.get(appliedFiltersAtom);
    preloadBoards({ mode: 'game', sports: filters.sports, markets: filters.markets });
  };
  const stop = appStore.sub(planAtom, check);
  check();
}
