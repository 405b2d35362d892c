/**
 * One team as a feed names it (feed-teams.generated.ts): ESPN's displayName (name), location, name (nickname),
 * abbreviation and shortDisplayName (short); The Odds API gives the name only.
 */
export interface FeedTeamRecord {
  name: string;
  location?: string;
  nickname?: string;
  abbreviation?: string;
  short?: string;
}

/**
 * A FeedTeamRecord as the generated table stores it, one line a team: the fields in this order, '' where a feed gave
 * none, the empty ones at the end left off.
 */
export type FeedTeamRow = readonly [
  name: string,
  location?: string,
  nickname?: string,
  abbreviation?: string,
  short?: string,
];

const ROW_FIELDS = ['location', 'nickname', 'abbreviation', 'short'] as const;

/** The record a row stands for: only the fields the feed gave, as the generator merged them. */
export function feedTeamRecord([name, ...values]: FeedTeamRow): FeedTeamRecord {
  const record: FeedTeamRecord = { name };
  ROW_FIELDS.forEach((field, i) => {
    const value = values[i];
    if (value) record[field] = value;
  });
  return record;
}

/** Each sport key's rows read into records. */
export function feedTeamRecords(
  rows: Record<string, readonly FeedTeamRow[]>,
): Record<string, readonly FeedTeamRecord[]> {
  return Object.fromEntries(Object.entries(rows).map(([sport, teams]) => [sport, teams.map(feedTeamRecord)]));
}
