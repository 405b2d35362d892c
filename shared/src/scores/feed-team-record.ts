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
