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
