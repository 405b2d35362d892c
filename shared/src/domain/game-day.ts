/** Dates of games are US Eastern days, as the US books and scoreboards list them. */
const GAME_DAY_ZONE = 'America/New_York';
const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: GAME_DAY_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The game day (YYYY-MM-DD, US Eastern) of a time: what `date=` means on /api/odds, /api/player-props and /api/scores. */
export function gameDay(time: string | number | Date): string {
  return dayFormatter.format(new Date(time));
}
