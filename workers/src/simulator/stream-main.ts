import { JsonLogger, parseConfig } from '@oddspulse/core';
import { MarketSimulator } from './market-simulator';
import { SimulatorStreamServer } from './sim-stream';
import { SimulatorService } from './simulator.providers';

/** The wait for a sport's next pass when no book moves sooner: games that came or went, books that suspended. */
const FULL_PASS_MS = 5_000;
/** The shortest sleep between two passes of a sport: moves closer than this go out together. */
const MIN_GAP_MS = 50;

/**
 * The simulator's odds stream as a process of its own (`npm start` runs it when ODDS_PROVIDER=stream): one stream for
 * however many workers, as a provider's would be. The markets are the workers' (same seed, scales and clock).
 */
async function main() {
  const config = parseConfig(process.env);
  const logger = new JsonLogger('simulator-stream', config.LOG_LEVEL);
  const simulator = new SimulatorService(config);
  const markets = new Map(
    config.FEED_SPORTS.filter((sport) => MarketSimulator.sports().includes(sport)).map(
      (sport) => [sport, simulator.market(sport)] as const,
    ),
  );
  const server = new SimulatorStreamServer(markets, {
    pingMs: config.ODDS_STREAM_PING_MS,
    replayMs: config.ODDS_STREAM_REPLAY_MS,
    fullMs: FULL_PASS_MS,
    minGapMs: MIN_GAP_MS,
    clock: Date.now,
  });
  const port = await server.listen(config.SIMULATOR_STREAM_PORT);
  logger.log({ msg: `Simulator odds stream on http://127.0.0.1:${port}/api/v3`, sports: [...markets.keys()] });
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
}

main().catch((error: Error) => {
  process.stderr.write(`The simulator's stream did not start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
