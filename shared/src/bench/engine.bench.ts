import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { settleBookLinks } from '../domain/books/book-links';
import type { BoardEvent, SportBoard } from '../domain/odds';
import { PreparedBoard } from '../engine/prepared/prepared-board';
import { findArbitrageOnBoard } from '../engine/opportunities/finders';
import { newestUpdate, scanBoard, scanEvent, scanSettings } from '../engine/opportunities/scan';
import { prepareEvent } from '../engine/prepared/prepared-event';
import { scanPreparedEvent } from '../engine/prepared/prepared-scan';
import { normaliseOddsApiV4 } from '../feeds/odds-api-v4';
import { lockedMarketReader } from '../engine/lines/locked-market';
import { diffBoards } from '../realtime/board-diff';
import { syntheticBoard } from './synthetic-board';

/**
 * `npm run bench:engine`: one full pass of EV + arbitrage + middles over a synthetic board of
 * 1,000 events × 25 books × (h2h, spreads, totals and 4 alternate lines) plus 20,000 prop outcomes, the
 * re-scan of one changed event (and of an event read for one scan), and the counts found on each recorded board.
 * The detection worker keeps its boards prepared (read into columns once per changed event), so the full pass is
 * timed over a prepared board, with the cost of preparing the whole board printed beside it, and the one-event
 * re-scan includes preparing that event. It prints figures; it asserts nothing.
 */
const NOW = Date.parse('2026-01-10T18:00:00Z');
const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');

/** Wall time, and CPU time of this process (fairer when other processes share the machine), in ms. */
function timeIt(runs: number, fn: () => void): { median: number; min: number; cpuPerRun: number } {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)],
    min: times[0],
    cpuPerRun: (used.user + used.system) / 1000 / runs,
  };
}

const figures = (t: ReturnType<typeof timeIt>, digits: number) =>
  `wall median ${t.median.toFixed(digits)} ms, best ${t.min.toFixed(digits)} ms; CPU ${t.cpuPerRun.toFixed(digits)} ms`;

const recorded = readdirSync(FIXTURES)
  .filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'))
  .map((file) => {
    const payload = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as unknown;
    // The format the normaliser reads the prices in, so ArbitrageFinder is given the same decimal prices.
    return { file, payload, american: normaliseOddsApiV4(payload).oddsFormat === 'american' };
  });
const RECORDED_RUNS = 200;

/** The same payload with each book's first market only: what ArbitrageFinder reads of it (below). */
function firstMarkets(payload: unknown): unknown {
  const cut = (event: { bookmakers?: Array<{ markets: unknown[] }> }) => ({
    ...event,
    bookmakers: event.bookmakers?.map((book) => ({ ...book, markets: book.markets.slice(0, 1) })),
  });
  return Array.isArray(payload) ? payload.map(cut) : cut(payload as Parameters<typeof cut>[0]);
}

/**
 * As the pipeline takes a board in: normalised, the links settled, then scanned (the JSON parse is left out, as it is
 * on the other side of the comparison below). Timed before the synthetic board is built: a heap holding it makes every
 * collection slower. `scan`: the whole scan (EV, arbitrage and middles), arbitrage alone (what ArbitrageFinder finds), or
 * none (normalising and the links alone).
 */
function timeRecorded(payload: unknown, now: number, scan: (events: BoardEvent[]) => unknown): number {
  const read = () => settleBookLinks(normaliseOddsApiV4(payload).events);
  for (let i = 0; i < 20; i++) scan(read());
  return timeIt(RECORDED_RUNS, () => scan(read())).median;
}
const noScan = () => undefined;
const wholeScan = (now: number) => (events: BoardEvent[]) => scanBoard(events, {}, now);
const arbitrageScan = (now: number) => (events: BoardEvent[]) => findArbitrageOnBoard(events, {}, now);

const ours = new Map<string, { whole: number; first: number; firstArbitrage: number; firstRead: number }>();
const recordedLines: string[] = [];
for (const { file, payload } of recorded) {
  const events = normaliseOddsApiV4(payload).events;
  const now = newestUpdate(events);
  const result = now === null ? { arbitrage: [], middles: [], ev: [] } : scanBoard(events, {}, now);
  const flagged = result.arbitrage.filter((a) => a.flags.length > 0).length;
  const at = now ?? NOW;
  const itsMarkets = firstMarkets(payload);
  const timed = {
    whole: timeRecorded(payload, at, wholeScan(at)),
    first: timeRecorded(itsMarkets, at, wholeScan(at)),
    firstArbitrage: timeRecorded(itsMarkets, at, arbitrageScan(at)),
    // normalising and the links alone: what any scan of the feed's answer starts with
    firstRead: timeRecorded(itsMarkets, at, noScan),
  };
  ours.set(file, timed);
  recordedLines.push(
    `  ${file}: ${events.length} events → ${result.arbitrage.length} arbitrage (${flagged} flagged), ${result.middles.length} middles, ${result.ev.length} EV; normalise + links + scan ${timed.whole.toFixed(3)} ms median`,
  );
}

/**
 * The per-event path for one changed event of the recorded boards, in The Odds API's form and alone on its board (a
 * stream message as the worker takes it, on boards of real size, is bench:stream-message's): read (the event's
 * JSON parsed, normalised, its links settled) → diffed against the event as it was (one price moved) → prepared →
 * scanned → published (the diff's message serialised). Its CPU time per stage (each stage's process.cpuUsage() reads
 * add about a microsecond), then the whole path timed alone.
 */
type PathCase = { text: string; oddsFormat: 'american' | 'decimal'; previous: SportBoard; now: number };
const pathCases: PathCase[] = [];
for (const { file, payload } of recorded) {
  if (!file.startsWith('v4_odds_') || !Array.isArray(payload)) continue;
  const { events, oddsFormat } = normaliseOddsApiV4(payload);
  const now = newestUpdate(events);
  if (!oddsFormat || now === null) continue;
  for (const raw of payload as Array<{
    sport_key: string;
    bookmakers?: Array<{ markets: Array<{ outcomes: Array<{ price: number }> }> }>;
  }>) {
    const previous = settleBookLinks(normaliseOddsApiV4([raw], { oddsFormat }).events);
    if (!previous.length || !raw.bookmakers?.length) continue;
    const moved = structuredClone(raw);
    const outcome = moved.bookmakers![0].markets[0].outcomes[0];
    outcome.price += oddsFormat === 'decimal' ? 0.05 : outcome.price > 0 ? 10 : -10;
    pathCases.push({
      text: JSON.stringify([moved]),
      oddsFormat,
      previous: { sport_key: raw.sport_key, fetched_at: new Date(now - 5_000).toISOString(), events: previous },
      now,
    });
  }
}
const pathStages = { read: 0, diff: 0, prepare: 0, scan: 0, publish: 0 };
let pathNext = 0;
function eventPath(lap: (stage: keyof typeof pathStages) => void): number {
  const c = pathCases[pathNext++ % pathCases.length];
  const events = settleBookLinks(normaliseOddsApiV4(JSON.parse(c.text), { oddsFormat: c.oddsFormat }).events);
  lap('read');
  const next: SportBoard = { sport_key: c.previous.sport_key, fetched_at: new Date(c.now).toISOString(), events };
  const { diff } = diffBoards(c.previous, next, { isLocked: lockedMarketReader(), now: c.now });
  lap('diff');
  const prepared = prepareEvent(events[0]);
  lap('prepare');
  const found = scanPreparedEvent(prepared, scanSettings({}), c.now);
  lap('scan');
  const message = JSON.stringify({
    channel: 'odds',
    key: next.sport_key,
    at: next.fetched_at,
    type: 'board.diff',
    data: diff,
  });
  lap('publish');
  return message.length + found.ev.length;
}
let lapFrom = 0;
const cpuNow = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};
const staged = (stage: keyof typeof pathStages) => {
  const at = cpuNow();
  pathStages[stage] += at - lapFrom;
  lapFrom = at;
};
const PATH_RUNS = 20_000;
for (let i = 0; i < 3_000; i++) eventPath(() => undefined);
for (let i = 0; i < PATH_RUNS; i++) {
  lapFrom = cpuNow();
  eventPath(staged);
}
const wholePath = timeIt(PATH_RUNS, () => eventPath(() => undefined));
const pathLine = `one changed event of the recorded boards (${pathCases.length} events), read → diff → prepare → scan → publish: ${figures(wholePath, 3)} per event (goal ≤ 0.05 ms); CPU by stage ${Object.entries(
  pathStages,
)
  .map(([stage, us]) => `${stage} ${(us / PATH_RUNS).toFixed(1)} µs`)
  .join(', ')}`;

const board = syntheticBoard({ events: 1000, books: 25, propOutcomes: 20_000, seed: 2026, now: NOW });
const outcomes = board.reduce(
  (n, e) => n + e.bookmakers.reduce((m, b) => m + b.markets.reduce((k, mk) => k + mk.outcomes.length, 0), 0),
  0,
);
console.log(`synthetic board: ${board.length} events, 25 books, ${outcomes} outcomes`);

const prepared = new PreparedBoard();
for (let i = 0; i < 3; i++) prepared.load(board);
const prepare = timeIt(10, () => prepared.load(board));
console.log(`prepare the whole board (read every event into columns): ${figures(prepare, 1)} per board`);

for (let i = 0; i < 3; i++) prepared.scan({}, NOW);
const full = timeIt(10, () => prepared.scan({}, NOW));
const found = prepared.scan({}, NOW);
console.log(
  `full pass over the prepared board (EV + arbitrage + middles): ${figures(full, 1)} per pass (goal ≤ 15 ms)`,
);
console.log(
  `  found: ${found.arbitrage.length} arbitrage, ${found.middles.length} middles, ${found.ev.length} EV rows`,
);

// 10 minutes on, the lagging books' prices (2–10 min old at NOW) start to pass the 15-min locked-market age:
// the groups holding one are clustered and de-vigged at scan time instead of taken from the preparation
const LATER = NOW + 10 * 60_000;
const aged = board.filter((e) =>
  e.bookmakers.some((b) => b.markets.some((m) => LATER - Date.parse(m.last_update) > 15 * 60_000)),
).length;
for (let i = 0; i < 3; i++) prepared.scan({}, LATER);
const later = timeIt(10, () => prepared.scan({}, LATER));
const laterFound = prepared.scan({}, LATER);
console.log(
  `full pass 10 min later (${aged} of ${board.length} events hold a price past the 15-min age): ${figures(later, 1)} per pass`,
);
console.log(
  `  found: ${laterFound.arbitrage.length} arbitrage, ${laterFound.middles.length} middles, ${laterFound.ev.length} EV rows`,
);

// the worst case: one book of every event stopped updating 16 minutes ago, so nearly every line holds a price
// past the age and is made again (clustered, de-duplicated, de-vigged) at scan time
const stopped = new Date(NOW - 16 * 60_000).toISOString();
const oneBookStopped = board.map((e) => ({
  ...e,
  bookmakers: e.bookmakers.map((b, i) =>
    i === 0 ? { ...b, markets: b.markets.map((m) => ({ ...m, last_update: stopped })) } : b,
  ),
}));
const stoppedBoard = new PreparedBoard();
stoppedBoard.load(oneBookStopped);
for (let i = 0; i < 3; i++) stoppedBoard.scan({}, NOW);
const worst = timeIt(10, () => stoppedBoard.scan({}, NOW));
const worstFound = stoppedBoard.scan({}, NOW);
console.log(
  `full pass with one book of every event 16 min old (nearly every line made at scan time): ${figures(worst, 1)} per pass (goal ≤ 30 ms)`,
);
console.log(
  `  found: ${worstFound.arbitrage.length} arbitrage, ${worstFound.middles.length} middles, ${worstFound.ev.length} EV rows`,
);

for (let i = 0; i < 3; i++) scanBoard(board, {}, NOW);
const cold = timeIt(10, () => scanBoard(board, {}, NOW));
console.log(`full pass from the board's objects (prepare + scan, scanBoard): ${figures(cold, 1)} per pass`);

// a changed event as detection takes it: read again and prepared, lines included, to be kept (PreparedBoard), then
// scanned; and an event read for one scan only (scanEvent: the finders' and the API's one-shot path)
const settings = scanSettings({});
let next = 0;
const changed = () => scanPreparedEvent(prepareEvent(board[next++ % board.length]), settings, NOW);
for (let i = 0; i < 200; i++) changed();
const one = timeIt(1000, changed);
console.log(`one changed event (prepare to keep + scan): ${figures(one, 3)} per event (goal ≤ 0.05 ms)`);
// a stream's message on a kept board, as detection keeps it (with the lowest rates): one price of an event moved (each
// event's a cent up, then down), the event taken from what was read (repricedEvent, its unmoved groups' lines kept),
// then scanned
const kept = new PreparedBoard(undefined, { belowRates: true });
const held = [...board];
kept.load(held);
let moves = 0;
const priceMoved = () => {
  const at = moves % held.length;
  const event = held[at];
  const b = moves % event.bookmakers.length;
  const book = event.bookmakers[b];
  const [market, ...others] = book.markets;
  const [outcome, ...rest] = market.outcomes;
  const price = outcome.price + (Math.floor(moves++ / held.length) % 2 === 0 ? 0.01 : -0.01);
  const bookmakers = [...event.bookmakers];
  bookmakers[b] = { ...book, markets: [{ ...market, outcomes: [{ ...outcome, price }, ...rest] }, ...others] };
  held[at] = { ...event, bookmakers };
  kept.read(held[at]);
  kept.scanEvent(event.id, {}, NOW);
};
for (let i = 0; i < 2 * board.length; i++) priceMoved();
const moved = timeIt(1000, priceMoved);
console.log(`one price moved in a kept event (taken from what was read + scan): ${figures(moved, 3)} per event`);
for (let i = 0; i < 200; i++) scanEvent(board[i % board.length], {}, NOW);
const once = timeIt(1000, () => scanEvent(board[next++ % board.length], {}, NOW));
console.log(`one event read for one scan (scanEvent): ${figures(once, 3)} per event`);
console.log(pathLine);
console.log(
  `machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

console.log('\nrecorded boards (now = newest last_update in the file; defaults of `npm run scan`):');
for (const line of recordedLines) console.log(line);
/**
 * daankoning/ArbitrageFinder's `process_data` (Python: per match, the best price of each outcome of the first market
 * of every book, and their implied sum), timed on the same boards when ARBITRAGE_FINDER_LOGIC names its
 * `src/logic.py`. Each board is given to it as its own request would have it (decimal prices, unix start times, one
 * list of matches; books without a market left out, which it cannot read); that conversion is not timed.
 */
const ARBITRAGE_FINDER_DRIVER = `
import importlib.util, json, sys, time
spec = importlib.util.spec_from_file_location('logic', sys.argv[1])
logic = importlib.util.module_from_spec(spec)
spec.loader.exec_module(logic)
runs = int(sys.argv[2])
def decimal(price, american):
    return (1 + price / 100 if price > 0 else 1 + 100 / -price) if american else price
def unix(iso):
    from datetime import datetime
    return int(datetime.fromisoformat(iso.replace('Z', '+00:00')).timestamp())
out = {}
for board in json.load(sys.stdin):
    american = board['american']
    payload = board['payload'] if isinstance(board['payload'], list) else [board['payload']]
    matches = []
    for m in payload:
        books = [dict(b, markets=[dict(k, outcomes=[dict(o, price=decimal(o['price'], american)) for o in k['outcomes']]) for k in b['markets']]) for b in m.get('bookmakers', []) if b.get('markets')]
        matches.append(dict(m, commence_time=unix(m['commence_time']), bookmakers=books))
    for _ in range(20):
        list(logic.process_data(matches))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        found = [r for r in logic.process_data(matches) if 0 < r['total_implied_odds'] < 1]
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    out[board['file']] = {'median': times[len(times) // 2], 'arbitrage': len(found)}
print(json.dumps(out))
`;
const finder = process.env.ARBITRAGE_FINDER_LOGIC;
if (!finder) {
  console.log('\ndaankoning/ArbitrageFinder: not compared (set ARBITRAGE_FINDER_LOGIC to its src/logic.py)');
} else {
  const run = spawnSync('python3', ['-c', ARBITRAGE_FINDER_DRIVER, finder, String(RECORDED_RUNS)], {
    input: JSON.stringify(recorded),
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(`ArbitrageFinder did not run: ${run.stderr}`);
  const theirs = JSON.parse(run.stdout) as Record<string, { median: number; arbitrage: number }>;
  console.log(
    '\nagainst daankoning/ArbitrageFinder (its process_data in Python: the first market of each book, arbitrage only), median ms per board; ours, normalise + links included: arbitrage alone on its markets (the same job), the whole scan (EV, arbitrage and middles) on its markets and on the whole board:',
  );
  let faster = 0;
  for (const { file } of recorded) {
    const mine = ours.get(file) ?? { whole: NaN, first: NaN, firstArbitrage: NaN, firstRead: NaN };
    const other = theirs[file];
    if (mine.firstArbitrage < other.median) faster++;
    console.log(
      `  ${file}: ArbitrageFinder ${other.median.toFixed(3)} ms (${other.arbitrage} arbitrage); ours ${mine.firstArbitrage.toFixed(3)} ms arbitrage on its markets (${(other.median / mine.firstArbitrage).toFixed(2)}× its speed; normalising and links ${mine.firstRead.toFixed(3)} ms of it), ${mine.first.toFixed(3)} ms whole scan on its markets, ${mine.whole.toFixed(3)} ms whole board`,
    );
  }
  console.log(
    `faster than ArbitrageFinder on ${faster} of ${recorded.length} recorded boards: arbitrage on the markets it reads, normalising included`,
  );
}
