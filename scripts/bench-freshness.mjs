// `npm run bench:freshness`: how fresh a price is when it reaches a browser's socket, on the simulator stack. Starts the
// built server and workers (a database and Redis prefix of their own, dropped afterwards), signs in as Platinum, holds
// one socket on the odds rooms of every feed sport, and for BENCH_MEASURE_MS after a warm-up measures
// - price age at the socket for live games: receipt − the moved market's `last_update` (the book's own time of the move),
//   and the same at the poll's start;
// - feed answer → socket: receipt − (the poll's start `at` + the feed's answer time `fetchMs`, from the workers' poll log),
//   split at the publish's return (`publishMs` after the answer): the worker's share and Redis's and the gateway's;
// - poll spacing per event class (spec 001 §9): the time between two polls that carried an event, by the event's
//   class at the first of them, from the workers' poll log (`polled`: all, or the event ids).
// `--stream` runs the stack on the simulator's odds stream (ODDS_PROVIDER=stream): the price age is the same figure, and
// the relay is feed event → socket: receipt − when the worker read the batch's first message (the stream's batch log,
// `receivedAt`, joined on the diff's seq).
// Prints figures; asserts nothing. Its last line:
// `bench:freshness age-p50=<s> age-p99=<s> relay-p50=<ms> relay-p99=<ms>` (with `mode=stream` after `bench:freshness`
// in stream mode).
import { createInterface } from 'node:readline';
import { cpus, loadavg } from 'node:os';
import { io } from 'socket.io-client';
import shared from '../shared/dist/index.js';
import { freePort, run, startProcesses, throwawayStackEnv, waitForHealth } from './lib/stack.mjs';

const { eventPollClass, EVENT_POLL_CLASSES, EVENT_POLL_INTERVAL_MS, SOCKET_PATH } = shared;
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 20_000);
const MEASURE_MS = Number(process.env.BENCH_MEASURE_MS ?? 90_000);
const HEALTH_TIMEOUT_MS = 240_000;

const STREAM = process.argv.includes('--stream');
const streamPort = STREAM ? await freePort() : null;
const { env, port } = await throwawayStackEnv('freshness', {
  // the poll log (one line per poll) is at debug; info has a summary a minute
  LOG_LEVEL: 'debug',
  RATE_LIMIT_MAX: '10000000',
  SCHEDULER_TICK_MS: '1000',
  ...(STREAM
    ? {
        ODDS_PROVIDER: 'stream',
        SIMULATOR_STREAM_PORT: String(streamPort),
        ODDS_STREAM_URL: `http://127.0.0.1:${streamPort}/api/v3`,
      }
    : {}),
});
const sports = (
  env.FEED_SPORTS ??
  'americanfootball_nfl,americanfootball_ncaaf,basketball_nba,basketball_ncaab,icehockey_nhl,baseball_mlb,soccer_usa_mls,soccer_epl'
).split(',');
const url = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every odds poll the workers logged: sport, start, what it asked for, the feed's answer time, the seq it published. */
const polls = [];
/** Every stream batch the workers logged: sport, when its first message was read, the seq it published. */
const batches = [];
/** Every odds diff the socket received, with its receipt time and the ages of the live markets it moved. */
const diffs = [];
/** What the socket has seen of each event: its sport, start and whether it is over. */
const events = new Map();

function learn(sport, event) {
  events.set(event.id, { sport, start: Date.parse(event.commence_time), completed: event.completed === true });
}

function receive(message, receipt) {
  if (message.channel !== 'odds' || message.type !== 'board.diff') return;
  const ages = [];
  for (const change of message.data.events) {
    if (change.change === 'added' && change.event) learn(message.key, change.event);
    const known = events.get(change.id);
    if (change.change !== 'changed' || !known || known.completed) continue;
    if (eventPollClass({ id: change.id, ...known }, receipt) !== 'live') continue;
    for (const book of change.bookmakers ?? [])
      for (const market of book.markets)
        if (market.last_update && market.outcomes?.some((o) => o.change === 'price' || o.change === 'line'))
          ages.push(receipt - Date.parse(market.last_update));
  }
  diffs.push({ sport: message.key, seq: message.seq, receipt, ages });
}

if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) process.exit(1);
const stack = startProcesses(env, { stdio: ['ignore', 'pipe', 'inherit'] });
const child = (name) => stack.children.find((c) => c.name === name).child;
const workers = child('workers');
for (const other of stack.children) if (other.child !== workers) other.child.stdout.resume();
createInterface({ input: workers.stdout }).on('line', (line) => {
  if (line.includes('"receivedAt"')) {
    const entry = JSON.parse(line);
    if (entry.seq !== undefined) batches.push({ sport: entry.sport, receivedAt: entry.receivedAt, seq: entry.seq });
    return;
  }
  if (!line.includes('"fetchMs"')) return;
  const entry = JSON.parse(line);
  if (entry.kind === 'odds')
    polls.push({
      sport: entry.sport,
      at: Date.parse(entry.at),
      fetchMs: entry.fetchMs,
      publishMs: entry.publishMs,
      polled: entry.polled,
      seq: entry.seq,
    });
});

const loadBefore = loadavg()[0];
let socket;
let measureFrom;
let measureTo;
try {
  await waitForHealth(url, HEALTH_TIMEOUT_MS);
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'platinum@demo.local', password: 'oddspulse-demo' }),
  });
  if (!login.ok) throw new Error(`Demo sign-in failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = await login.json();
  socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  socket.on('snapshot', (s) => {
    if (s.channel === 'odds' && s.data) for (const event of s.data.events) learn(s.key, event);
  });
  socket.on('message', (m) => {
    const receipt = Date.now();
    if (measureFrom !== undefined && receipt >= measureFrom && receipt < measureTo) receive(m, receipt);
    else if (m.channel === 'odds' && m.type === 'board.diff')
      for (const c of m.data.events) if (c.change === 'added' && c.event) learn(m.key, c.event);
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  for (const sport of sports) {
    const ack = await socket.emitWithAck('subscribe', { channel: 'odds', sport });
    if (!ack.ok) throw new Error(`Subscribing to odds:${sport} was refused: ${ack.message}`);
  }
  await sleep(WARMUP_MS);
  measureFrom = Date.now();
  measureTo = measureFrom + MEASURE_MS;
  await sleep(MEASURE_MS + 3_000);
} finally {
  socket?.close();
  await stack.stop();
  run(process.execPath, ['scripts/lib/teardown.mjs', env.DATABASE_URL, env.REDIS_PREFIX], env);
}

const quantile = (values, q) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fixed = (n, digits) => (Number.isNaN(n) ? 'n/a' : n.toFixed(digits));

const ages = diffs.flatMap((d) => d.ages);
const pollBySeq = new Map(polls.filter((p) => p.seq !== undefined).map((p) => [`${p.sport}:${p.seq}`, p]));
const joined = diffs.flatMap((d) => {
  const poll = pollBySeq.get(`${d.sport}:${d.seq}`);
  return poll
    ? [
        {
          relay: d.receipt - (poll.at + poll.fetchMs),
          worker: poll.publishMs,
          delivery: d.receipt - (poll.at + poll.fetchMs + poll.publishMs),
        },
      ]
    : [];
});
const batchBySeq = new Map(batches.map((b) => [`${b.sport}:${b.seq}`, b]));
// On the stream: feed event (the batch's first message read by the worker) → socket.
const streamRelays = diffs.flatMap((d) => {
  const batch = batchBySeq.get(`${d.sport}:${d.seq}`);
  return batch ? [d.receipt - batch.receivedAt] : [];
});
const relays = STREAM ? streamRelays : joined.map((j) => j.relay);
// The same ages taken at the poll's start: what the schedule alone allows. A book's move waits for the next poll, so
// over many moves its mean is half the live interval; the feed writes whole seconds, so its median moves in steps.
const agesAtPoll = diffs.flatMap((d) => {
  const poll = pollBySeq.get(`${d.sport}:${d.seq}`);
  return poll ? d.ages.map((age) => (age - (d.receipt - poll.at)) / 1000) : [];
});
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

// Poll spacing: for each event, the polls that carried it within the window, in order.
const window = polls.filter((p) => p.at >= measureFrom && p.at < measureTo).sort((a, b) => a.at - b.at);
const spacing = new Map(EVENT_POLL_CLASSES.map((c) => [c, []]));
const lastPolled = new Map();
for (const poll of window) {
  const ids =
    poll.polled === 'all' ? [...events].filter(([, e]) => e.sport === poll.sport).map(([id]) => id) : poll.polled;
  for (const id of ids) {
    const event = events.get(id);
    const last = lastPolled.get(id);
    if (event && last !== undefined) spacing.get(eventPollClass({ id, ...event }, last)).push((poll.at - last) / 1000);
    lastPolled.set(id, poll.at);
  }
}

const agesS = ages.map((a) => a / 1000);
const loadAfter = loadavg()[0];
console.log(
  `\nbench:freshness${STREAM ? ' --stream' : ''} — simulator ${STREAM ? 'stream' : 'stack'}, one socket on the odds rooms of ${sports.length} sports, ${MEASURE_MS / 1000} s measured after ${WARMUP_MS / 1000} s`,
);
console.log(`${cpus().length} CPUs; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`);
console.log(
  STREAM
    ? `odds diffs received: ${diffs.length}; stream batches logged: ${batches.length}`
    : `odds diffs received: ${diffs.length}; odds polls logged in the window: ${window.length}`,
);
console.log('\n| figure | p50 | p99 | max | samples |');
console.log('|---|---:|---:|---:|---:|');
console.log(
  `| price age at the socket, live games (s) | ${fixed(quantile(agesS, 0.5), 2)} | ${fixed(quantile(agesS, 0.99), 2)} | ${fixed(Math.max(...agesS), 2)} | ${agesS.length} |`,
);
console.log(
  `| … at the poll's start (s); mean ${fixed(mean(agesAtPoll), 2)}, half the live interval ${EVENT_POLL_INTERVAL_MS.live / 2000} | ${fixed(quantile(agesAtPoll, 0.5), 2)} | ${fixed(quantile(agesAtPoll, 0.99), 2)} | ${fixed(Math.max(...agesAtPoll), 2)} | ${agesAtPoll.length} |`,
);
console.log(
  `| ${STREAM ? 'feed event → socket' : 'feed answer → socket'} (ms) | ${fixed(quantile(relays, 0.5), 0)} | ${fixed(quantile(relays, 0.99), 0)} | ${fixed(Math.max(...relays), 0)} | ${relays.length} |`,
);
for (const [label, key] of [
  ['… feed answer → publish returned, in the worker (ms)', 'worker'],
  ['… publish returned → socket: Redis and the gateway, below 0 when the socket heard it first (ms)', 'delivery'],
]) {
  const values = joined.map((j) => j[key]);
  console.log(
    `| ${label} | ${fixed(quantile(values, 0.5), 0)} | ${fixed(quantile(values, 0.99), 0)} | ${fixed(Math.max(...values), 0)} | ${values.length} |`,
  );
}
console.log('\n| event class | spec 001 §9 | spacing p50 (s) | p99 (s) | max (s) | samples |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [cls, values] of spacing)
  console.log(
    `| ${cls} | ${EVENT_POLL_INTERVAL_MS[cls] / 1000} s | ${fixed(quantile(values, 0.5), 1)} | ${fixed(quantile(values, 0.99), 1)} | ${values.length ? fixed(Math.max(...values), 1) : 'n/a'} | ${values.length} |`,
  );
console.log(
  `bench:freshness${STREAM ? ' mode=stream' : ''} age-p50=${fixed(quantile(agesS, 0.5), 2)} age-p99=${fixed(quantile(agesS, 0.99), 2)} relay-p50=${fixed(quantile(relays, 0.5), 0)} relay-p99=${fixed(quantile(relays, 0.99), 0)}`,
);
