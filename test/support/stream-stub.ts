import type { ServerResponse } from 'node:http';
import { HttpStub } from './http-stub';

interface Entry {
  id: string;
  at: number;
  event: string;
  data: string;
}

/** A quote of an `odds` message: a snapshot's odd with the game it is of. */
type Quote = Record<string, unknown> & { id?: unknown; fixture_id?: unknown; timestamp?: unknown };

/**
 * An odds stream in OpticOdds' shape for the stream provider's specs: `{base}/fixtures/odds` answers `snapshot`,
 * `{base}/stream/odds/{sport}` is a server-sent-events stream that pings every `pingMs` (unless `stalled`), replays
 * the entries after a `last_entry_id` within `replayMs`, and can drop, refuse (`refusal`) or send junk. The snapshot
 * holds the latest quote of each `odds` message sent, as the provider's does: a session that resyncs from it with no
 * replay (one that applied no message yet has no entry to resume after, when a loaded machine stalls it) finds the
 * prices sent meanwhile there, not the snapshot's older ones.
 */
export class StreamStub {
  readonly http = new HttpStub();
  readonly streams: ServerResponse[] = [];
  readonly log: Entry[] = [];
  /** Streams opened so far. */
  opened = 0;
  snapshot: unknown = { data: [] };
  stalled = false;
  /** A stream request waits this long before it is answered (a reconnect held off, for a spec to see the outage). */
  holdMs = 0;
  /** Answers the next stream requests instead of opening them, one each. */
  refusals: Array<(res: ServerResponse) => void> = [];
  private seq = 0;
  private last = 0;
  private pings?: NodeJS.Timeout;

  constructor(
    private readonly pingMs: number,
    private readonly replayMs: number,
  ) {}

  async start(): Promise<string> {
    const url = await this.http.start();
    this.http.handler = (_req, res, reqUrl) => {
      if (reqUrl.pathname === '/api/v3/fixtures/odds') return this.http.json(res, 200, this.snapshot);
      if (!reqUrl.pathname.startsWith('/api/v3/stream/odds/')) return void res.writeHead(404).end();
      const refusal = this.refusals.shift();
      if (refusal) return refusal(res);
      if (this.holdMs) return void setTimeout(() => this.open(res, reqUrl), this.holdMs);
      this.open(res, reqUrl);
    };
    this.pings = setInterval(() => {
      if (!this.stalled) for (const res of this.streams) res.write(`event: ping\ndata: {"message":"ping"}\n\n`);
    }, this.pingMs);
    return `${url}/api/v3`;
  }

  private open(res: ServerResponse, reqUrl: URL): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(`event: connected\ndata: {"message":"connected"}\n\n`);
    const after = reqUrl.searchParams.get('last_entry_id');
    if (after) {
      const since = Date.now() - this.replayMs;
      const from = this.log.findIndex((e) => e.id === after);
      for (const entry of this.log.slice(from + 1)) if (entry.at >= since) this.write(res, entry);
    }
    this.streams.push(res);
    this.opened++;
    res.on('close', () => {
      const index = this.streams.indexOf(res);
      if (index >= 0) this.streams.splice(index, 1);
    });
  }

  /** Sends one data message to every open stream (and keeps it for replays); its entry id. */
  send(event: string, data: unknown): string {
    const now = Date.now();
    this.seq = now === this.last ? this.seq + 1 : 0;
    this.last = now;
    const id = `${now}-${this.seq}`;
    const entry = { id, at: now, event, data: JSON.stringify({ entry_id: id, type: event, data }) };
    this.log.push(entry);
    if (event === 'odds') this.hold(data);
    for (const res of this.streams) this.write(res, entry);
    return id;
  }

  /**
   * Puts an `odds` message's quotes in the snapshot, each over the one it holds of the same odd unless that one is newer
   * (a quote older than the one held changes nothing, as on the stream); a game the snapshot does not give stays out.
   */
  private hold(quotes: unknown): void {
    const games = (this.snapshot as { data?: unknown } | null)?.data;
    if (!Array.isArray(quotes) || !Array.isArray(games)) return;
    for (const { fixture_id: game, ...quote } of quotes as Quote[]) {
      const odds = (games as Array<{ id?: unknown; odds?: Quote[] }>).find((g) => g.id === game)?.odds;
      if (!odds) continue;
      const held = odds.findIndex((odd) => odd.id === quote.id);
      if (held < 0) odds.push(quote);
      else if (!(Number(odds[held].timestamp) > Number(quote.timestamp))) odds[held] = { ...odds[held], ...quote };
    }
  }

  /** Writes raw bytes to every open stream (junk). */
  raw(text: string): void {
    for (const res of this.streams) res.write(text);
  }

  drop(): void {
    for (const res of [...this.streams]) res.destroy();
  }

  private write(res: ServerResponse, entry: Entry): void {
    res.write(`id: ${entry.id}\nevent: ${entry.event}\ndata: ${entry.data}\n\n`);
  }

  async stop(): Promise<void> {
    clearInterval(this.pings);
    this.drop();
    await this.http.stop();
  }
}
