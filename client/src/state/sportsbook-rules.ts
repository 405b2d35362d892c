import { SPORTSBOOKS, type Plan, type Sportsbook } from '@oddspulse/shared';

/** Bankroll presets and limits (spec 000 §2, §5, §9). */
export const BANKROLL_PRESETS = [100, 250, 500, 1000, 2500, 5000, 10000, 25000] as const;
export const BANKROLL_MAX = 1_000_000;

/** The bankroll messages of spec 000 §5; null when the value is acceptable. */
export function bankrollProblem(value: number): string | null {
  if (!Number.isFinite(value)) return 'Bankroll must be a valid number';
  if (value < 0) return 'Bankroll cannot be negative';
  if (value > BANKROLL_MAX) return 'Bankroll cannot exceed $1,000,000';
  return null;
}

/** Spec 000 §5: free and gold toggle only the popular books; Platinum any; DFS apps always. */
export function canToggleBook(book: Sportsbook, plan: Plan, unlimited: boolean): boolean {
  if (book.isDFS) return true;
  if (plan === 'platinum' || unlimited) return true;
  return book.popular;
}

export interface BookGroups {
  popular: Sportsbook[];
  dfs: Sportsbook[];
  other: Sportsbook[];
}

export function groupSportsbooks(books: readonly Sportsbook[] = SPORTSBOOKS): BookGroups {
  return {
    popular: books.filter((b) => b.popular && !b.isDFS),
    dfs: books.filter((b) => b.isDFS),
    other: books.filter((b) => !b.popular && !b.isDFS),
  };
}
