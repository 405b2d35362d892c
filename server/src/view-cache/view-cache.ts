import { Global, Injectable, Logger, Module } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { LiveVersions } from './live-versions';
import { WarmViews } from './warm-views';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type ContentCoding = 'br' | 'gzip';

/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;
/** brotli's quality for a view's first bytes: a miss waits for them (6 ms for a first visit's 380 KB of boards). */
const BROTLI_QUALITY = 5;
/** Then, for a first load's boards, in the background: 130 ms of a pool thread for those, 19 % fewer bytes (48.8 → 39.6 KB). */
const STRONGER_BROTLI_QUALITY = 10;
/** Stronger compressions queued or under way at most; a view meanwhile keeps its first bytes until it is served again. */
const MAX_STRONGER_QUEUED = 4;
/** What strengthen answers when it does nothing: every brotli request asks, so none allocates a promise for it. */
const NOTHING_TO_DO = Promise.resolve();
/** Entries kept (each a serialised answer and its compressed forms); the least recently served goes first. */
const MAX_ENTRIES = 256;
/** And at most this many bytes of serialised answers (a +EV answer over every sport is about a megabyte). */
const MAX_BYTES = 64 * 2 ** 20;

/**
 * For the bytes of a first visit, most of them its boards: first loads' views compressed once more, at brotli's
 * quality 10, after their first bytes and without holding anyone up: on zlib's thread pool rather than the event loop,
 * one view after another (zlib shares its 4 pool threads with the static files' reads), MAX_STRONGER_QUEUED at most.
 * One per view cache, so one per process.
 */
export class StrongerCompressions {
  private readonly logger = new Logger(StrongerCompressions.name);
  private inTurn: Promise<unknown> = Promise.resolve();
  private queued = 0;

  /**
   * `raw` compressed in its turn, handed to `use` once done; null when MAX_STRONGER_QUEUED are queued (ask again later).
   * The promise never rejects: a failure is logged, the first bytes stay served, and the turn goes on to the next view.
   */
  queue(raw: Buffer, use: (bytes: Buffer) => void): Promise<void> | null {
    if (this.queued >= MAX_STRONGER_QUEUED) return null;
    this.queued++;
    const done = this.inTurn
      .then(() => brotli(raw, brotliAt(STRONGER_BROTLI_QUALITY, raw.length)))
      .then(use, (error: Error) =>
        this.logger.warn({
          msg: 'Could not compress a view at the stronger quality; its first bytes stay served',
          err: error.message,
        }),
      )
      .finally(() => this.queued--);
    this.inTurn = done;
    return done;
  }
}

/**
 * An answer serialised once, with its ETag, compressed into each coding the first time a client asks for it
 * (a board view is built, serialised and compressed once per board version, not once per request).
 */
export class View {
  readonly raw: Buffer;
  readonly etag: string;
  private readonly coded = new Map<ContentCoding, Promise<Buffer>>();
  private stronger: Promise<void> | null = null;

  /** `strongerBy`: for what a first visit downloads (the packed boards), the queue that compresses it again (strengthen). */
  constructor(
    body: unknown,
    private readonly strongerBy: StrongerCompressions | null = null,
  ) {
    this.raw = Buffer.from(JSON.stringify(body));
    // weak: the same answer is sent in several codings
    this.etag = `W/"${createHash('sha1').update(this.raw).digest('base64url')}"`;
  }

  /**
   * Compresses ahead the coding browsers ask for (brotli), for a view built before anyone asked for it; a first load's
   * at both qualities.
   */
  async precompress(): Promise<void> {
    if (this.raw.length < MIN_COMPRESSED_BYTES) return;
    await this.encoded('br');
    await this.strengthen();
  }

  /** The body in `coding`; for brotli, a first load's stronger bytes once it has them (strengthen). */
  encoded(coding: ContentCoding): Promise<Buffer> {
    let coded = this.coded.get(coding);
    if (!coded) {
      coded =
        coding === 'br' ? brotli(this.raw, brotliAt(BROTLI_QUALITY, this.raw.length)) : gzipped(this.raw, { level: 6 });
      this.coded.set(coding, coded);
    }
    if (coding === 'br') void this.strengthen();
    return coded;
  }

  /**
   * A first load's view is compressed once more (StrongerCompressions) and served so once done; responses under way
   * keep the first bytes. Once per view (a version); when the queue is full it is tried again when served again. The
   * other routes' views stay at the first quality: an API answer of a megabyte would take half a second of CPU per
   * version.
   */
  strengthen(): Promise<void> {
    if (this.stronger) return this.stronger;
    if (!this.strongerBy || this.raw.length < MIN_COMPRESSED_BYTES) return NOTHING_TO_DO;
    this.stronger = this.strongerBy.queue(this.raw, (bytes) => void this.coded.set('br', Promise.resolve(bytes)));
    return this.stronger ?? NOTHING_TO_DO;
  }
}

const brotliAt = (quality: number, bytes: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes },
});

/**
 * What a cached answer was built with: the view, when it stops holding (epoch ms; Infinity: until its version changes),
 * `meta`, and whether it is a first load's (View).
 */
export interface Built<M> {
  body: unknown;
  validUntil?: number;
  meta: M;
  firstLoad?: boolean;
}

interface Entry<M> {
  pending: Promise<{ view: View; meta: M; validUntil: number }>;
  validUntil: number;
  /** The serialised answer's size once built. */
  bytes: number;
}

/** The coding to send, from an Accept-Encoding header: brotli first, then gzip; null for none (identity). */
export function negotiateCoding(header: string | undefined): ContentCoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) : 1);
  }
  const accepts = (coding: ContentCoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as a GET's revalidation is). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * The REST answers shared between users, keyed by what they are built from: the route, the
 * validated query, the set of books the plan may see, and the version of the data behind them (board revisions,
 * opportunity revisions). Concurrent misses of one key share one build, so a reload storm builds each view once.
 * Per-user work (authentication, metering, the plan's books, stakes in the query) happens before or in the key.
 */
@Injectable()
export class ViewCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private bytes = 0;
  private readonly stronger = new StrongerCompressions();

  /** The view stored under `key`, else the one `build` makes (stored unless key is null: data with no version). */
  async view<M>(
    key: string | null,
    build: () => Promise<Built<M>>,
    now = Date.now(),
  ): Promise<{ view: View; meta: M }> {
    if (key === null) return this.make(build, false);
    const hit = this.entries.get(key) as Entry<M> | undefined;
    if (hit && hit.validUntil > now) {
      // most recently served last, so eviction takes the coldest
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.pending;
    }
    const entry: Entry<M> = { pending: this.make(build, true), validUntil: Infinity, bytes: 0 };
    this.drop(key);
    this.entries.set(key, entry);
    try {
      const made = await entry.pending;
      entry.validUntil = made.validUntil;
      if (this.entries.get(key) === entry) {
        entry.bytes = made.view.raw.length;
        this.bytes += entry.bytes;
      }
      while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) this.drop(this.entries.keys().next().value!);
      return made;
    } catch (error) {
      if (this.entries.get(key) === entry) this.drop(key);
      throw error;
    }
  }

  private drop(key: string): void {
    this.bytes -= this.entries.get(key)?.bytes ?? 0;
    this.entries.delete(key);
  }

  /** How many answers are kept (for tests). */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the serialised answers kept (for tests). */
  get keptBytes(): number {
    return this.bytes;
  }

  /** The view `build` makes; one not kept is served once, not worth compressing again (View.strengthen). */
  private async make<M>(build: () => Promise<Built<M>>, kept: boolean) {
    const built = await build();
    return {
      view: new View(built.body, kept && built.firstLoad ? this.stronger : null),
      meta: built.meta,
      validUntil: built.validUntil ?? Infinity,
    };
  }
}

/**
 * Sends a view: 304 when the client holds it (If-None-Match), else the body in the best coding the client
 * accepts. `private, no-cache` lets a browser keep the answer and revalidate it (a metered call still counts:
 * metering runs in the guard, before this).
 */
export async function sendView(req: Request, res: Response, view: View): Promise<void> {
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', view.etag);
  if (matchesEtag(req.headers['if-none-match'], view.etag)) {
    res.status(304).end();
    return;
  }
  const coding = view.raw.length >= MIN_COMPRESSED_BYTES ? negotiateCoding(req.headers['accept-encoding']) : null;
  const body = coding ? await view.encoded(coding) : view.raw;
  res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** One cache for every module's answers, the versions of the data they are built from, and the views kept warm. */
@Global()
@Module({ providers: [ViewCache, LiveVersions, WarmViews], exports: [ViewCache, LiveVersions, WarmViews] })
export class ViewCacheModule {}
