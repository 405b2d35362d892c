import { Global, Injectable, Module } from '@nestjs/common';
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
/** Entries kept (each a serialised answer and its compressed forms); the least recently served goes first. */
const MAX_ENTRIES = 256;
/** And at most this many bytes of serialised answers (a +EV answer over every sport is about a megabyte). */
const MAX_BYTES = 64 * 2 ** 20;

/**
 * An answer serialised once, with its ETag, compressed into each coding the first time a client asks for it
 * (issue 18: a board view is built, serialised and compressed once per board version, not once per request).
 */
export class View {
  readonly raw: Buffer;
  readonly etag: string;
  private readonly coded = new Map<ContentCoding, Promise<Buffer>>();

  constructor(body: unknown) {
    this.raw = Buffer.from(JSON.stringify(body));
    // weak: the same answer is sent in several codings
    this.etag = `W/"${createHash('sha1').update(this.raw).digest('base64url')}"`;
  }

  /** Compresses ahead the coding browsers ask for (brotli), for a view built before anyone asked for it. */
  async precompress(): Promise<void> {
    if (this.raw.length >= MIN_COMPRESSED_BYTES) await this.encoded('br');
  }

  encoded(coding: ContentCoding): Promise<Buffer> {
    let coded = this.coded.get(coding);
    if (!coded) {
      coded =
        coding === 'br'
          ? brotli(this.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length } })
          : gzipped(this.raw, { level: 6 });
      this.coded.set(coding, coded);
    }
    return coded;
  }
}

/** What a cached answer was built with: the view, when it stops holding (epoch ms; Infinity: until its version changes), and `meta`. */
export interface Built<M> {
  body: unknown;
  validUntil?: number;
  meta: M;
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
 * The REST answers shared between users (issue 18), keyed by what they are built from: the route, the
 * validated query, the set of books the plan may see, and the version of the data behind them (board revisions,
 * opportunity revisions). Concurrent misses of one key share one build, so a reload storm builds each view once.
 * Per-user work (authentication, metering, the plan's books, stakes in the query) happens before or in the key.
 */
@Injectable()
export class ViewCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private bytes = 0;

  /** The view stored under `key`, else the one `build` makes (stored unless key is null: data with no version). */
  async view<M>(key: string | null, build: () => Promise<Built<M>>, now = Date.now()): Promise<{ view: View; meta: M }> {
    if (key === null) return this.make(build);
    const hit = this.entries.get(key) as Entry<M> | undefined;
    if (hit && hit.validUntil > now) {
      // most recently served last, so eviction takes the coldest
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.pending;
    }
    const entry: Entry<M> = { pending: this.make(build), validUntil: Infinity, bytes: 0 };
    this.drop(key);
    this.entries.set(key, entry as Entry<unknown>);
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

  private async make<M>(build: () => Promise<Built<M>>) {
    const built = await build();
    return { view: new View(built.body), meta: built.meta, validUntil: built.validUntil ?? Infinity };
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
