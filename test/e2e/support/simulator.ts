/**
 * The sports the stack's simulator plays fast: scripts/test.mjs sets SIMULATOR_SPORT_TIME_SCALES (NHL at 120, a game
 * in 75 s) for the server and workers and hands the same environment to Playwright.
 */
export function fastSports(): string[] {
  return (process.env.SIMULATOR_SPORT_TIME_SCALES ?? '')
    .split(',')
    .map((pair) => pair.split('=')[0].trim())
    .filter(Boolean);
}

/**
 * A time zone whose clock reads about six in the morning now. The dashboard recommends today's games (the browser's
 * day) and the simulator spreads a day's games evenly over it, so a browser on UTC late in the evening has none left
 * to recommend: a spec about recommendations runs in this zone, whatever hour the suite runs at.
 */
export function morningTimeZone(now = new Date()): string {
  const ahead = ((6 - now.getUTCHours() + 36) % 24) - 12; // hours ahead of UTC, -12..+11 (Etc/GMT signs run backwards)
  return ahead === 0 ? 'Etc/GMT' : ahead > 0 ? `Etc/GMT-${ahead}` : `Etc/GMT+${-ahead}`;
}
