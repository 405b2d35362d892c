/**
 * `npm run bench:steam`: from a sharp move's arrival to its `steam:alert` on the socket's channel (DECISIONS 34; goal
 * p99 ≤ 500 ms). The real poll path runs on the real Redis (REDIS_URL, under a throw-away prefix removed at the end):
 * the simulator's NBA board with one more game whose moneyline the bench moves, polled through OddsPipelineService
 * (diff, board and diff published in one step, detection with steam first). Each trial is three polls 10 s apart: the
 * game at −150 everywhere, Pinnacle at −175, then Circa at −180, which confirms the move; the time is taken from the
 * third poll's answer leaving the provider to the alert heard on the steam channel by a subscriber of its own, as the
 * gateway hears it. Prints the figures and the last line `bench:steam trials=… p50=…ms p99=…ms max=…ms goal=500ms`.
 */
import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import IORedis from 'ioredis';
import { americanToDecimal, type BoardEvent, type RealtimeEnvelope } from '@oddspulse/shared';
import {
  AlertsOutboxRepository,
  deleteKeysWithPrefix,
  FeedBackoffRepository,
  type JobQueueService,
  LiveStateRepository,
  MetricsService,
  OddsHistoryOutboxRepository,
  OpportunityCountersRepository,
  parseConfig,
  RealtimePublisher,
  RedisService,
  SteamStateRepository,
} from '@oddspulse/core';
import { AlertBatches } from '../alerts/alert-batches';
import { DetectionService } from '../detection/detection.service';
import { PollSummary } from '../feeds/poll-summary';
import { FeedGate } from '../feeds/feed-gate';
import type { OddsProvider } from '../feeds/providers';
import { OddsPipelineService } from '../odds/odds-pipeline.service';
import { MarketSimulator } from '../simulator/market-simulator';
import { SteamDetectionService } from '../steam/steam-detection.service';

const SPORT = 'basketball_nba';
const TRIALS = Number(process.env.BENCH_STEAM_TRIALS ?? 60);
const POLL_MS = 10_000;
const GOAL_MS = 500;

/** The bench's own game: each book's [home, away] moneyline, quoted at `at`. */
function benchGame(id: string, at: number, prices: Record<string, [number, number]>): BoardEvent {
  const updated = new Date(at).toISOString();
  return {
    id,
    sport_key: SPORT,
    sport_title: 'NBA',
    commence_time: new Date(at + 6 * 3_600_000).toISOString(),
    home_team: `Home ${id}`,
    away_team: `Away ${id}`,
    bookmakers: Object.entries(prices).map(([key, [home, away]]) => ({
      key,
      title: key,
      last_update: updated,
      markets: [
        {
          key: 'h2h',
          last_update: updated,
          outcomes: [
            { name: `Home ${id}`, price: americanToDecimal(home) },
            { name: `Away ${id}`, price: americanToDecimal(away) },
          ],
        },
      ],
    })),
  };
}

const SOFT: Record<string, [number, number]> = {
  draftkings: [-150, 130],
  fanduel: [-155, 135],
  betmgm: [-150, 130],
  williamhill_us: [-152, 132],
};

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  // the pipeline's log line per poll is not what is measured
  Logger.overrideLogger(false);
  const config = { ...parseConfig(process.env), FEED_SPORTS: [SPORT] };
  const prefix = `oddspulse-bench-${randomBytes(4).toString('hex')}`;
  const redis = new RedisService({ ...config, REDIS_PREFIX: prefix });
  const publisher = new RealtimePublisher(redis);
  const state = new LiveStateRepository(redis);
  const metrics = new MetricsService();
  const simulator = new MarketSimulator(config.SIMULATOR_SEED, 1);
  // the alerts queue is not what is measured: the hand-off through the alerts outbox is
  const batches = new AlertBatches(
    { add: async () => undefined } as unknown as JobQueueService,
    new AlertsOutboxRepository(redis),
    new OpportunityCountersRepository(redis),
    metrics,
  );
  const steam = new SteamDetectionService(new SteamStateRepository(redis), publisher, batches, metrics);
  const detection = new DetectionService(state, publisher, config, batches, steam);
  let now = Date.now();
  const clock = () => now;
  let game: BoardEvent | null = null;
  let answered = 0n;
  const provider: OddsProvider = {
    name: 'simulator',
    fetchOdds: async () => {
      const board = simulator.oddsBoard(SPORT, now);
      answered = process.hrtime.bigint();
      return game ? [...board, game] : board;
    },
    fetchProps: async () => [],
  };
  const pipeline = new OddsPipelineService(
    provider,
    clock,
    state,
    new OddsHistoryOutboxRepository(redis),
    publisher,
    detection,
    metrics,
    new FeedGate(new FeedBackoffRepository(redis), config, clock),
    new PollSummary(),
    config,
  );

  const heard = new Map<string, bigint>();
  let diffHeard = 0n;
  const listener = new IORedis(config.REDIS_URL);
  const steamChannel = publisher.channelName('steam', SPORT);
  listener.on('message', (channel, text) => {
    const at = process.hrtime.bigint();
    if (channel !== steamChannel) {
      diffHeard = at;
      return;
    }
    const message = JSON.parse(text) as RealtimeEnvelope<'steam'>;
    if (message.type === 'steam:alert') heard.set(message.data.alert.eventId, at);
  });
  await listener.subscribe(steamChannel, publisher.channelName('odds', SPORT));

  const latencies: number[] = [];
  const diffs: number[] = [];
  const polls: number[] = [];
  const poll = async () => {
    const t = process.hrtime.bigint();
    await pipeline.poll('odds', SPORT, (intake) => provider.fetchOdds(SPORT, null, intake));
    polls.push(Number(process.hrtime.bigint() - t) / 1e6);
    now += POLL_MS;
  };
  try {
    await poll();
    for (let trial = 0; trial < TRIALS; trial++) {
      const id = `bench-steam-${trial}`;
      game = benchGame(id, now, { pinnacle: [-150, 140], circasports: [-150, 140], ...SOFT });
      await poll();
      game = benchGame(id, now, { pinnacle: [-175, 160], circasports: [-150, 140], ...SOFT });
      await poll();
      game = benchGame(id, now, { pinnacle: [-175, 160], circasports: [-180, 160], ...SOFT });
      await poll();
      const arrival = answered;
      const deadline = Date.now() + 5000;
      while (!heard.has(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      const at = heard.get(id);
      if (at === undefined) throw new Error(`trial ${trial}: no steam:alert for ${id} within 5 s`);
      latencies.push(Number(at - arrival) / 1e6);
      diffs.push(Number(diffHeard - arrival) / 1e6);
    }
  } finally {
    await listener.quit();
    await deleteKeysWithPrefix(redis.client, prefix);
    await redis.client.quit();
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const fmt = (x: number) => x.toFixed(1);
  const row = (values: readonly number[]) => {
    const ordered = [...values].sort((a, b) => a - b);
    const at = (p: number) => fmt(percentile(ordered, p));
    return { p50: at(50), p90: at(90), p99: at(99), max: fmt(ordered.at(-1)!) };
  };
  // where the time goes: the board's diff on its channel first (the poll's own step), then steam
  console.table({
    'arrival → board.diff (ms)': row(diffs),
    'arrival → steam:alert (ms)': row(latencies),
    'whole poll (ms)': row(polls),
  });
  console.log(
    `bench:steam trials=${sorted.length} p50=${fmt(percentile(sorted, 50))}ms p99=${fmt(percentile(sorted, 99))}ms ` +
      `max=${fmt(sorted.at(-1)!)}ms goal=${GOAL_MS}ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
