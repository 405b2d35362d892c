/**
 * One team as a feed names it (feed-teams.ts): ESPN's displayName (name), location, name (nickname),
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
 * A FeedTeamRecord as the generated table (feed-teams.generated.json) stores it, one line a team: name, location,
 * nickname, abbreviation and short in this order, '' where a feed gave none, the empty ones at the end left off.
 */
export type FeedTeamRow = readonly string[];

const ROW_FIELDS = ['location', 'nickname', 'abbreviation', 'short'] as const;

/** The record a row stands for: only the fields the feed gave, as the generator merged them. */
export function feedTeamRecord(row: FeedTeamRow): FeedTeamRecord {
  const [name, ...values] = row;
  // The table is data read at start-up: a row without its name is a broken table, not a team.
  if (!name || values.length > ROW_FIELDS.length) throw new Error(`Not a feed team row: ${JSON.stringify(row)}`);
  const record: FeedTeamRecord = { name };
  ROW_FIELDS.forEach((field, i) => {
    const value = values[i];
    if (value) record[field] = value;
  });
  return record;
}

/** Each sport key's rows read into records. */
export function feedTeamRecords(
  rows: Readonly<Record<string, readonly FeedTeamRow[]>>,
): Record<string, readonly FeedTeamRecord[]> {
  return Object.fromEntries(Object.entries(rows).map(([sport, teams]) => [sport, teams.map(feedTeamRecord)]));
}
