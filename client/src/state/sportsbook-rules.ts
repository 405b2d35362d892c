import { SPORTSBOOKS, type Sportsbook } from '@oddspulse/shared';

export interface BookGroups {
  popular: Sportsbook[];
  dfs: Sportsbook[];
  other: Sportsbook[];
}

/** The my-sportsbooks groups (spec 000 §2): popular, DFS apps and "Other Sportsbooks". */
export function groupSportsbooks(books: readonly Sportsbook[] = SPORTSBOOKS): BookGroups {
  return {
    popular: books.filter((b) => b.popular && !b.isDFS),
    dfs: books.filter((b) => b.isDFS),
    other: books.filter((b) => !b.popular && !b.isDFS),
  };
}
