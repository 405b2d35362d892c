import rows from './feed-teams.generated.json';
import { feedTeamRecords, type FeedTeamRecord } from './feed-team-record';

/**
 * The feeds' own team records per sport key (DECISIONS 24 team matching): `npm run generate:teams` writes the table
 * from the recorded feed responses (scripts/generate-team-directory.mjs), one row a team.
 */
export const FEED_TEAMS: Record<string, readonly FeedTeamRecord[]> = feedTeamRecords(rows);
