import { CORE_SPORTS } from '@oddspulse/shared';
import { parseConfig } from '@oddspulse/core';
import { FeedError } from '../feeds/feed-errors';
import { MarketSimulator } from './market-simulator';
import { SimulatorProvider, SimulatorService } from './simulator.providers';

const NOW = Date.parse('2026-03-01T18:00:00Z');
const SEED = 7;
/** The answer's events as they come: the pipeline's intake is its own. */
const same = <T>(event: T): T => event;

function providers(env: Record<string, string>, now = NOW) {
  const service = new SimulatorService(parseConfig({ SIMULATOR_SEED: String(SEED), ...env }));
  const provider = new SimulatorProvider(service, () => now);
  return { service, odds: provider, scores: provider };
}

// SIMULATOR_SPORT_TIME_SCALES: one sport at a time scale of its own (e.g. NHL fast enough for a game to
// finish inside an end-to-end test), every other sport as SIMULATOR_TIME_SCALE plays it.
describe('SimulatorService', () => {
  it('plays the sports the configuration accepts: the core sports', () => {
    expect(MarketSimulator.sports().sort()).toEqual(CORE_SPORTS.map((s) => s.key).sort());
  });

  it('plays a sport named in SIMULATOR_SPORT_TIME_SCALES at its own scale: an NHL game over in 75 s at 120', async () => {
    const env = { SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=120' };
    const game = providers(env)
      .service.market('icehockey_nhl')
      .games('icehockey_nhl', NOW)
      .find((g) => g.commence > NOW)!;
    const at = async (ms: number) =>
      (await providers(env, game.commence + ms).scores.fetchScores('icehockey_nhl')).find((g) => g.id === game.id)!;
    // Games follow each other closely on the compressed clock (a simulated day, with one game per team, takes 12 minutes;
    // the longest wait is the night between two days' slates, under 150 s), and an NHL game's 150 simulated minutes take 75 s.
    expect(game.commence - NOW).toBeLessThan(150_000);
    expect((await at(-1000)).status).toBe('scheduled');
    expect(await at(30_000)).toMatchObject({ status: 'in_progress', live: true });
    expect(await at(76_000)).toMatchObject({ status: 'final', completed: true });
  });

  it('leaves the other sports to SIMULATOR_TIME_SCALE, game for game', async () => {
    const fast = providers({ SIMULATOR_SPORT_TIME_SCALES: 'icehockey_nhl=120' });
    const plain = new MarketSimulator(SEED, 1);
    for (const sport of ['basketball_nba', 'americanfootball_nfl']) {
      expect(JSON.stringify(await fast.odds.fetchOdds(sport, null, same))).toBe(
        JSON.stringify(plain.oddsBoard(sport, NOW)),
      );
      expect(JSON.stringify(await fast.scores.fetchScores(sport))).toBe(JSON.stringify(plain.scoreboard(sport, NOW)));
    }
    expect(JSON.stringify(await fast.odds.fetchOdds('icehockey_nhl', null, same))).not.toBe(
      JSON.stringify(plain.oddsBoard('icehockey_nhl', NOW)),
    );
    // Without the variable every sport keeps SIMULATOR_TIME_SCALE.
    const none = providers({ SIMULATOR_TIME_SCALE: '60' });
    expect(JSON.stringify(await none.scores.fetchScores('icehockey_nhl'))).toBe(
      JSON.stringify(new MarketSimulator(SEED, 60).scoreboard('icehockey_nhl', NOW)),
    );
  });

  it('refuses a sport it does not simulate as a feed error, not a crash', async () => {
    const { odds } = providers({});
    await expect(odds.fetchOdds('cricket_ipl', null, same)).rejects.toThrow(FeedError);
  });
});
