/**
 * `npm run bench:stream-message`: one message of the odds stream, one price moved, through the path the worker takes it
 * (OddsStreamService → OddsPipelineService's batch → DetectionService), on boards of real size: each recorded board of
 * `../shared/fixtures` (`v4_odds_*`, 16–55 games) is one sport's board, given to the stream as OpticOdds' odds (the
 * simulator's stream form) and taken in from its snapshot. Per message, the stages as the worker runs them, with
 * Redis's own work left out: read (the message applied to the stream's state, the changed game made again from it,
 * its books whose odds did not move taken as made before, the others' links settled and unmoved markets kept: the
 * pipeline's intake) → diff (the game merged into the board and
 * diffed, the locked-market rule included) → store (the fields the step would write) → prepare (detection's kept
 * board brought up to the new board) → scan (the changed game) → publish (the diff's message serialised). Prints the CPU
 * of each stage and of the whole path per message, how many of the rounds' messages changed the board (each moves the
 * price its odd was last sent at: a message that restates a held price is another case, which costs far less), and the
 * last line `bench:stream-message cpu-ms=<per message> goal=0.05`. `--one-sport N` makes every recorded game, N times
 * over, one sport's board. It asserts nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  applyStreamMessage,
  diffBoards,
  lockedMarketReader,
  newestUpdate,
  normaliseOddsApiV4,
  snapshotState,
  streamBoard,
  streamBoardEvents,
  type BoardEvent,
  type OddsStreamState,
  type SportBoard,
  type StreamOdd,
} from '@oddspulse/shared';
import { LiveStateRepository, parseConfig, RedisService } from '@oddspulse/core';
import { PreparedBoards } from '../detection/prepared-boards';
import { answerIntake, mergeAnswer } from '../odds/held-boards';
import { streamSnapshot } from '../simulator/sim-stream';
import { StreamReadings } from '../odds/stream/stream-readings';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const GOAL_MS = 0.05;
const WARM = 20_000;
const MESSAGES = 20_000;
const ROUNDS = 5;
const STAGES = ['read', 'diff', 'store', 'prepare', 'scan', 'publish'] as const;
type Stage = (typeof STAGES)[number];

interface Sport {
  key: string;
  label: string;
  state: OddsStreamState;
  odds: StreamOdd[];
  board: SportBoard;
  /** The newest price time of the recording: the bench's clock runs on from it, a millisecond a message. */
  now: number;
  readings: StreamReadings;
}

const cpuNow = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};

/**
 * The sports' boards: each recorded board one sport's, or with `--one-sport N` every recorded game N times over (under
 * ids of its copy) as one sport's board, to show what a message costs as a board grows.
 */
function boards(): Array<{ label: string; events: BoardEvent[]; now: number }> {
  const recorded: Array<{ label: string; events: BoardEvent[]; now: number }> = [];
  for (const file of readdirSync(FIXTURES).sort()) {
    if (!file.startsWith('v4_odds_')) continue;
    const { events } = normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as unknown);
    const now = newestUpdate(events);
    if (events.length && now !== null) recorded.push({ label: file, events, now });
  }
  const at = process.argv.indexOf('--one-sport');
  if (at < 0) return recorded;
  const copies = Number(process.argv[at + 1]);
  if (!Number.isInteger(copies) || copies < 1) throw new Error('--one-sport takes how many times over, 1 or more');
  const events = Array.from({ length: copies }, (_, copy) =>
    recorded.flatMap((board) => board.events.map((event) => ({ ...event, id: `${event.id}-${copy}` }))),
  ).flat();
  return [{ label: `every recorded game ${copies} times over`, events, now: Math.max(...recorded.map((b) => b.now)) }];
}

async function main(): Promise<void> {
  // boardWrites only names keys: the connection is made, never written to
  const redis = new RedisService({ ...parseConfig(process.env), REDIS_PREFIX: 'bench-stream-message' });
  const state = new LiveStateRepository(redis);
  const prepared = new PreparedBoards();
  const sports: Sport[] = [];
  for (const { label, events, now } of boards()) {
    const key = `recorded_${sports.length}`;
    const snapshot = streamSnapshot(events);
    const odds = snapshot.data.flatMap((game) => game.odds);
    const stream = snapshotState({ sport: key, sportTitle: key, oddsFormat: 'decimal' }, snapshot, `${now}-0`);
    if (typeof stream === 'string') throw new Error(`${label}: ${stream}`);
    const board: SportBoard = {
      sport_key: key,
      fetched_at: new Date(now).toISOString(),
      events: streamBoard(stream).map(answerIntake(null, new Set())),
    };
    await prepared.sync('odds', board, [], null);
    sports.push({ key, label, state: stream, odds, board, now, readings: new StreamReadings() });
  }

  const spent: Record<Stage, number> = { read: 0, diff: 0, store: 0, prepare: 0, scan: 0, publish: 0 };
  let lapFrom = 0;
  const lap = (stage: Stage) => {
    const at = cpuNow();
    spent[stage] += at - lapFrom;
    lapFrom = at;
  };
  let sent = 0;
  /** The messages whose board diff was not empty: each message moves a price, and the bench says so rather than trusts it. */
  let moves = 0;
  /** How many times each odd was sent: its price alternates a cent above and below the recorded one, so each moves it. */
  const sends = new Map<string, number>();
  /**
   * The next message: one odd of the next sport, its price moved from the one it was last sent at (a cent above the
   * recorded price, then a cent below, by turns), newer than any before.
   */
  const nextMessage = (): { sport: Sport; data: string; now: number } => {
    const sport = sports[sent % sports.length];
    const odd = sport.odds[(sent * 7_919) % sport.odds.length];
    const times = (sends.get(odd.id) ?? 0) + 1;
    sends.set(odd.id, times);
    sent++;
    const now = sport.now + sent;
    const moved: StreamOdd = { ...odd, price: odd.price + (times % 2 ? 0.01 : -0.01), timestamp: now / 1000 };
    return { sport, now, data: JSON.stringify({ entry_id: `${now}-0`, type: 'odds', data: [moved] }) };
  };

  const message = async ({ sport, data, now }: ReturnType<typeof nextMessage>, timed: boolean): Promise<number> => {
    if (timed) lapFrom = cpuNow();
    const applied = applyStreamMessage(sport.state, 'odds', data);
    if (applied.kind !== 'applied') throw new Error(`a message was not applied: ${applied.kind}`);
    const previous = sport.board;
    // as the stream's batch reads its games (OddsStreamService): a book whose odds did not move is not made again
    const reading = sport.readings.reading(applied.changed, answerIntake(previous.events, new Set()));
    const answer = streamBoardEvents(sport.state, applied.changed, reading);
    reading.keep();
    if (timed) lap('read');
    const next: SportBoard = {
      sport_key: sport.key,
      fetched_at: new Date(now).toISOString(),
      events: mergeAnswer(previous.events, new Set(applied.changed), answer),
    };
    const { diff, changedEventIds } = diffBoards(previous, next, { isLocked: lockedMarketReader(), now });
    if (timed) lap('diff');
    const writes = state.boardWrites('odds', next, previous);
    if (timed) lap('store');
    const { board } = await prepared.sync('odds', next, changedEventIds, previous.fetched_at);
    if (timed) lap('prepare');
    let found = 0;
    for (const id of changedEventIds) found += board.scanEvent(id, {}, now).ev.length;
    if (timed) lap('scan');
    const text = diff
      ? JSON.stringify({ channel: 'odds', key: sport.key, at: next.fetched_at, type: 'board.diff', data: diff })
      : '';
    if (timed) lap('publish');
    sport.board = next;
    if (diff) moves++;
    return text.length + found + writes.hashes.length;
  };

  for (let i = 0; i < WARM; i++) await message(nextMessage(), false);
  for (let i = 0; i < MESSAGES; i++) await message(nextMessage(), true);
  moves = 0;
  const wholes: Array<{ cpu: number; wall: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const messages = Array.from({ length: MESSAGES }, nextMessage);
    const cpu = cpuNow();
    const wall = performance.now();
    for (const m of messages) await message(m, false);
    wholes.push({ cpu: (cpuNow() - cpu) / 1000 / MESSAGES, wall: (performance.now() - wall) / MESSAGES });
  }
  await redis.client.quit();

  const cpu = wholes.map((w) => w.cpu).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const sport of sports)
    console.log(`  ${sport.label}: ${sport.board.events.length} games, ${sport.odds.length} odds on the stream`);
  console.log(
    `one stream message, one price moved (${MESSAGES} messages a round over ${sports.length} board(s)): CPU ${wholes
      .map((w) => `${w.cpu.toFixed(3)} ms`)
      .join(
        ', ',
      )} per message in ${ROUNDS} rounds (wall ${wholes.map((w) => w.wall.toFixed(3)).join(', ')} ms; goal ≤ ${GOAL_MS} ms)`,
  );
  console.log(`messages of the rounds that changed the board (a price moved): ${moves} of ${ROUNDS * MESSAGES}`);
  console.log(
    `CPU by stage (each stage's process.cpuUsage() read adds about a microsecond; the staged messages run before the rounds): ${STAGES.map(
      (stage) => `${stage} ${(spent[stage] / MESSAGES).toFixed(1)} µs`,
    ).join(', ')}`,
  );
  console.log(`bench:stream-message cpu-ms=${cpu.toFixed(3)} goal=${GOAL_MS}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
