import { canToggleSportsbook, type PlanAccess } from '@oddspulse/shared';
import {
  DEFAULT_PROP_MARKETS,
  DFS_DEFAULT_PROP_MARKETS,
  migratePropSelection,
  propSelectionForSports,
} from '../filters/prop-markets';

/**
 * The DFS page's books and markets. Its first load is the props boards of the chosen sports in one GET /api/boards,
 * as the odds page's (one variant A call per game spent 8 of a free user's calls on one view). The DFS
 * apps (prizepicks, underdog, pick6) are the books the page offers; the sportsbooks' prices on the boards stay only
 * to give the fair line the apps' −119 is measured against (spec 001 §5, DECISIONS 10).
 */
export const DFS_PAGE_BOOKS = ['prizepicks', 'underdog', 'pick6'] as const;

/**
 * The DFS apps the page starts from (DECISIONS 36): those of the user's starting books, or all three when those hold
 * none (a user who keeps sportsbooks only would otherwise open an empty page).
 */
export function dfsStartingBooks(starting: readonly string[]): readonly string[] {
  const kept = DFS_PAGE_BOOKS.filter((book) => starting.includes(book));
  return kept.length ? kept : DFS_PAGE_BOOKS;
}

/**
 * The DFS apps the plan allows (DECISIONS 27, the shared rule): what "Show all books" shows on /dfs, and what the apps
 * chosen there are counted against (DECISIONS 32).
 */
export function dfsPlanBooks(access: PlanAccess): readonly string[] {
  return DFS_PAGE_BOOKS.filter((app) => canToggleSportsbook(access, app));
}

/** The DFS page's markets for a sport: points, assists and rebounds (spec 001 §9), else the sport's props defaults. */
export function dfsMarketsForSport(sport: string): string[] {
  if (sport.startsWith('basketball_')) return [...DFS_DEFAULT_PROP_MARKETS];
  const defaults = migratePropSelection(DEFAULT_PROP_MARKETS, [sport]);
  return defaults.length ? defaults : propSelectionForSports([sport]);
}
