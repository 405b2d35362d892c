import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sportsbookName, type BoardEvent, type StreamOdd } from '@oddspulse/shared';
import type { MarketSimulator } from './market-simulator';

/**
 * The simulator as an odds stream in OpticOdds' shape (ODDS_PROVIDER=stream on `npm start`): `/api/v3/stream/odds/{sport}`
 * (server-sent events: `connected`, `ping`, `odds`, `locked-odds`; a reconnect's `last_entry_id` replays the entries
 * after it from the last `replayMs`) and `/api/v3/fixtures/odds?sport=…[&fixture_id=…]` (the snapshot of what the
 * stream has sent). It pushes on change: each sport wakes when its next book moves (MarketSimulator.nextMove) and sends
 * the odds whose price, line, link or limit moved, with the book's own update time; a whole pass every `fullMs` adds
 * the games that came, and locks those that went or whose book suspended its markets. Prices are decimal (the worker
 * asks for `odds_format=DECIMAL`).
 */

/** The odds of a board as the stream names them, with their games. */
export function streamOdds(events: readonly BoardEvent[]): StreamOdd[] {
  const odds: StreamOdd[] = [];
  for (const event of events)
    for (const book of event.bookmakers)
      for (const market of book.markets) {
        const [marketId, isMain] = MARKET_IDS.get(market.key) ?? [market.key, true];
        const timestamp = Date.parse(market.last_update) / 1000;
        for (const outcome of market.outcomes) {
          const overUnder = outcome.name === 'Over' || outcome.name === 'Under';
          const point = outcome.point ?? null;
          const side = [outcome.description, outcome.name].filter(Boolean).join(' ');
          odds.push({
            id: [event.id, book.key, market.key, side, point ?? ''].join(':'),
            fixture_id: event.id,
            sportsbook: sportsbookName(book.key, book.title),
            market_id: marketId,
            name: point === null ? side : `${side} ${point > 0 && !overUnder ? '+' : ''}${point}`,
            selection: overUnder ? (outcome.description ?? '') : outcome.name,
            selection_line: overUnder ? outcome.name.toLowerCase() : null,
            is_main: isMain,
            price: outcome.price,
            points: point,
            grouping_key: point === null ? 'default' : `default:${point}`,
            deep_link: { desktop: outcome.link ?? market.link ?? book.link ?? null },
            limits: outcome.bet_limit ? { max: outcome.bet_limit } : null,
            timestamp,
          });
        }
      }
  return odds;
}

/** A board of games not started as the stream's snapshot (`/fixtures/odds`) gives it: each game with its odds. */
export function streamSnapshot(events: readonly BoardEvent[]): { data: Array<Fixture & { odds: StreamOdd[] }> } {
  const byGame = new Map<string, StreamOdd[]>();
  for (const odd of streamOdds(events)) {
    const game = byGame.get(odd.fixture_id);
    if (game) game.push(odd);
    else byGame.set(odd.fixture_id, [odd]);
  }
  return { data: events.map((event) => ({ ...fixtureOf(event, 'unplayed'), odds: byGame.get(event.id) ?? [] })) };
}

function fixtureOf(event: BoardEvent, status: string): Fixture {
  return {
    id: event.id,
    start_date: event.commence_time,
    home_team_display: event.home_team,
    away_team_display: event.away_team,
    status,
  };
}

/** The board's market keys OpticOdds names otherwise (a main line and its alternates share one market id). */
const MARKET_IDS = new Map<string, [string, boolean]>(
  Object.entries({
    h2h: ['moneyline', true],
    spreads: ['point_spread', true],
    alternate_spreads: ['point_spread', false],
    totals: ['total_points', true],
    alternate_totals: ['total_points', false],
  }),
);

const sameQuote = (a: StreamOdd, b: StreamOdd) =>
  a.price === b.price &&
  a.points === b.points &&
  a.deep_link?.desktop === b.deep_link?.desktop &&
  (a.limits?.max ?? null) === (b.limits?.max ?? null);

interface Fixture {
  id: string;
  start_date: string;
  home_team_display: string;
  away_team_display: string;
  status: string;
}

interface Entry {
  id: string;
  at: number;
  frame: string;
}

class SportStream {
  /** The odds sent and still open, by the game and book quoting them (`game<TAB>book`): a book's pass replaces its own. */
  private readonly quotes = new Map<string, Map<string, StreamOdd>>();
  readonly fixtures = new Map<string, Fixture>();
  readonly log: Entry[] = [];
  readonly clients = new Set<ServerResponse>();
  private lastMs = 0;
  private seq = 0;
  private timer?: NodeJS.Timeout;
  private passedAt = 0;
  private fullAt = 0;

  constructor(
    private readonly sport: string,
    private readonly market: MarketSimulator,
    private readonly options: SimulatorStreamOptions,
  ) {}

  start(): void {
    this.pass(true);
  }

  stop(): void {
    clearTimeout(this.timer);
    for (const res of this.clients) res.end();
  }

  /** One pass: the books that moved since the last (or every book, `full`), sent as entries; then sleeps to the next move. */
  private pass(full: boolean): void {
    const now = this.options.clock();
    const events = this.market.oddsBoard(
      this.sport,
      now,
      full ? { exactTimes: true } : { exactTimes: true, movedSince: this.passedAt },
    );
    this.passedAt = now;
    const moved: StreamOdd[] = [];
    const locked: StreamOdd[] = [];
    const passed = new Set<string>();
    for (const event of events)
      for (const book of event.bookmakers) {
        const quoter = `${event.id}\t${book.key}`;
        passed.add(quoter);
        const held = this.quotes.get(quoter) ?? new Map<string, StreamOdd>();
        const fresh = new Map<string, StreamOdd>();
        for (const odd of streamOdds([{ ...event, bookmakers: [book] }])) {
          fresh.set(odd.id, odd);
          const before = held.get(odd.id);
          if (before && sameQuote(before, odd)) fresh.set(odd.id, before);
          else moved.push(odd);
        }
        // what the book no longer quotes is locked
        for (const [id, odd] of held) if (!fresh.has(id)) locked.push({ ...odd, timestamp: now / 1000 });
        this.quotes.set(quoter, fresh);
      }
    // A whole pass: a book that quotes a game no more (suspended, or the game gone) has its odds locked.
    if (full)
      for (const [quoter, held] of this.quotes) {
        if (passed.has(quoter)) continue;
        for (const odd of held.values()) locked.push({ ...odd, timestamp: now / 1000 });
        this.quotes.delete(quoter);
      }
    for (const event of events) {
      this.fixtures.set(event.id, fixtureOf(event, Date.parse(event.commence_time) <= now ? 'live' : 'unplayed'));
    }
    if (full) {
      const live = new Set(events.map((e) => e.id));
      for (const id of this.fixtures.keys()) if (!live.has(id)) this.fixtures.delete(id);
      this.fullAt = now;
    }
    if (moved.length) this.append('odds', moved, now);
    if (locked.length) this.append('locked-odds', locked, now);
    const next = Math.min(this.market.nextMove(this.sport, now), this.fullAt + this.options.fullMs);
    const wait = Math.max(this.options.minGapMs, next - this.options.clock());
    this.timer = setTimeout(() => this.pass(this.options.clock() >= this.fullAt + this.options.fullMs), wait);
    this.timer.unref();
  }

  private append(event: string, data: StreamOdd[], now: number): void {
    const ms = Math.max(now, this.lastMs);
    this.seq = ms === this.lastMs ? this.seq + 1 : 0;
    this.lastMs = ms;
    const id = `${ms}-${this.seq}`;
    const frame = `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify({ entry_id: id, type: event, data })}\n\n`;
    this.log.push({ id, at: now, frame });
    while (this.log.length && this.log[0].at < now - this.options.replayMs) this.log.shift();
    for (const res of this.clients) res.write(frame);
  }

  /** A new connection: `connected`, then the entries after `lastEntryId` still in the replay window. */
  connect(res: ServerResponse, lastEntryId: string | null): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(`event: connected\ndata: {"message":"connected"}\n\n`);
    if (lastEntryId) {
      const from = this.log.findIndex((e) => e.id === lastEntryId);
      // An id older than the window replays the whole window, as OpticOdds falls back to its oldest entry.
      for (const entry of this.log.slice(from + 1)) res.write(entry.frame);
    }
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }

  snapshot(fixtureIds: readonly string[]): { data: Array<Fixture & { odds: StreamOdd[] }> } {
    const wanted = fixtureIds.length ? new Set(fixtureIds) : null;
    const byGame = new Map<string, StreamOdd[]>();
    for (const quotes of this.quotes.values())
      for (const odd of quotes.values()) {
        if (wanted && !wanted.has(odd.fixture_id)) continue;
        const game = byGame.get(odd.fixture_id) ?? [];
        game.push(odd);
        byGame.set(odd.fixture_id, game);
      }
    return {
      data: [...this.fixtures.values()]
        .filter((f) => !wanted || wanted.has(f.id))
        .map((f) => ({ ...f, odds: byGame.get(f.id) ?? [] })),
    };
  }
}

export interface SimulatorStreamOptions {
  pingMs: number;
  replayMs: number;
  /** A whole pass this often: games that came or went, and books that suspended. */
  fullMs: number;
  /** The shortest sleep between two passes of a sport. */
  minGapMs: number;
  clock: () => number;
}

/** The simulator's stream server: one SportStream per sport, each pushing on its books' moves. */
export class SimulatorStreamServer {
  private readonly streams = new Map<string, SportStream>();
  private server?: Server;
  private pings?: NodeJS.Timeout;

  constructor(
    markets: ReadonlyMap<string, MarketSimulator>,
    private readonly options: SimulatorStreamOptions,
  ) {
    for (const [sport, market] of markets) this.streams.set(sport, new SportStream(sport, market, options));
  }

  async listen(port: number, host = '127.0.0.1'): Promise<number> {
    for (const stream of this.streams.values()) stream.start();
    this.pings = setInterval(() => {
      for (const stream of this.streams.values())
        for (const res of stream.clients) res.write(`event: ping\ndata: {"message":"ping"}\n\n`);
    }, this.options.pingMs);
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, resolve);
    });
    return (this.server.address() as AddressInfo).port;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const streamPath = /^\/api\/v3\/stream\/odds\/([^/]+)$/.exec(url.pathname);
    if (streamPath) {
      const stream = this.streams.get(decodeURIComponent(streamPath[1]));
      if (!stream) return this.json(res, 404, { message: `The simulator has no sport ${streamPath[1]}` });
      return stream.connect(res, url.searchParams.get('last_entry_id'));
    }
    if (url.pathname === '/api/v3/fixtures/odds') {
      const stream = this.streams.get(url.searchParams.get('sport') ?? '');
      if (!stream)
        return this.json(res, 404, { message: `The simulator has no sport ${url.searchParams.get('sport')}` });
      return this.json(res, 200, stream.snapshot(url.searchParams.getAll('fixture_id')));
    }
    this.json(res, 404, { message: 'Not found' });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  async close(): Promise<void> {
    clearInterval(this.pings);
    for (const stream of this.streams.values()) stream.stop();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
