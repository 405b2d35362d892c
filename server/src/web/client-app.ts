import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { INestApplication, LoggerService } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import send from 'send';
import { negotiateCoding, type ContentCoding } from '../view-cache/view-cache';

/**
 * Paths the SPA fallback must never answer: the API, the socket endpoint, the MCP endpoint and its .well-known
 * metadata (a client's discovery sends Accept: *\/*, which the page would take), the metrics and the queue console.
 */
const SERVER_PATHS = /^\/(api|socket\.io|mcp|\.well-known|metrics|ops\/queues)(\/|$)/;
/** Source maps would publish the whole client source: the build makes none, and none is served if one appears. */
const SOURCE_MAP = /\.map$/i;
/** Vite's content-hashed output: a new build gives new names, so a browser may keep these for ever. */
export const HASHED_ASSET = /^\/assets\//;
/** A path whose last segment has an extension asks for a file, never for a page of the app. */
const FILE_LIKE = /\.[^/]*$/;
/** The fetch destinations of a navigation (or of a script fetching the page: the service worker's precache of /). */
const PAGE_DESTINATIONS = new Set(['document', 'iframe', 'frame', 'empty']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The files a browser must revalidate on every visit: they name the hashed assets of the current build. */
const ENTRY_POINT = /(\.html|sw\.js|\.webmanifest)$/;
/** The suffix of each pre-compressed form the build writes (client/scripts/precompress.mjs). */
const SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

export function defaultClientDist(): string {
  return resolve(__dirname, '..', '..', '..', 'client', 'dist');
}

/** The built web app's index.html, or null when the client has not been built. */
export function clientIndex(dist: string): string | null {
  const index = join(dist, 'index.html');
  return existsSync(index) ? index : null;
}

/**
 * The build of the web app this server serves: a digest of its index.html, which names every hashed asset of the
 * build, so any new build has a new id. Null when the client has not been built (no page to keep up to date).
 */
export function clientBuildId(dist: string): string | null {
  const index = clientIndex(dist);
  return index ? createHash('sha256').update(readFileSync(index)).digest('base64url').slice(0, 16) : null;
}

/**
 * Serves the built React client, with index.html for any other page a browser navigates to (asksForPage) so the
 * client's router owns the URL space (unknown paths included: the client redirects them to /).
 */
export function serveClient(app: INestApplication, dist: string, logger: LoggerService) {
  const index = clientIndex(dist);
  if (!index) {
    logger.warn(`No client build at ${dist}; run 'npm run build' to serve the web app`, 'ClientApp');
    return;
  }
  const precompressed = precompressedFiles(dist);
  app.use((req: Request, res: Response, next: NextFunction) =>
    SOURCE_MAP.test(req.path) ? res.status(404).end() : next(),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!HASHED_ASSET.test(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    sendHashedAsset(req, res, next, dist, precompressed);
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !precompressed.has(req.path)) return next();
    sendStatic(req, res, next, dist, req.path, precompressed);
  });
  const files = express.static(dist, { index: false, maxAge: '1h', setHeaders: noCacheForEntryPoints });
  // The API never looks on disk: a file lookup (a stat) per API request was a tenth of a cached answer's CPU.
  app.use((req: Request, res: Response, next: NextFunction) =>
    SERVER_PATHS.test(req.path) ? next() : files(req, res, next),
  );
  const routePages = routePagesOf(dist);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!asksForPage(req)) return next();
    sendStatic(req, res, next, dist, routePages.get(req.path) ?? '/index.html', precompressed);
  });
}

/**
 * Whether a request is for a page of the app, answered with index.html: a GET for HTML by a navigation (or a script,
 * the service worker's precache of /), for a path that is neither the server's nor a file's. A missing image or
 * script answered with the page was the page's bytes for nothing, and a wrong type.
 */
function asksForPage(req: Request): boolean {
  if (req.method !== 'GET' || SERVER_PATHS.test(req.path) || HASHED_ASSET.test(req.path) || FILE_LIKE.test(req.path))
    return false;
  const dest = req.headers['sec-fetch-dest'];
  return (dest === undefined || PAGE_DESTINATIONS.has(dest)) && Boolean(req.accepts('html'));
}

/**
 * A hashed asset with only the headers it needs (helmet's set, an ETag, Last-Modified and Accept-Ranges
 * were more bytes than a small chunk's body, and an immutable name is never revalidated nor resumed). `send` with
 * `root` refuses a path that climbs out of the assets folder; a miss is a bare 404, never the page.
 */
function sendHashedAsset(
  req: Request,
  res: Response,
  next: NextFunction,
  dist: string,
  precompressed: Map<string, Set<ContentCoding>>,
) {
  const codings = precompressed.get(req.path);
  const coding = acceptedCoding(req, codings);
  const path = req.path.slice('/assets'.length) + (coding ? SUFFIX[coding] : '');
  send(req, path, {
    root: join(dist, 'assets'),
    index: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    cacheControl: false,
  })
    .on('headers', () => {
      res.setHeader('Cache-Control', IMMUTABLE);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      if (codings) res.setHeader('Vary', 'Accept-Encoding');
      if (coding) {
        res.setHeader('Content-Encoding', coding);
        res.type(extname(req.path));
      }
    })
    .on('directory', () => res.status(404).end())
    .on('error', (error: { status?: number }) =>
      error.status !== undefined && error.status < 500 ? res.status(404).end() : next(error),
    )
    .pipe(res);
}

/**
 * The build's copies of index.html that also preload a screen's code (client/vite.config.ts), by the path
 * they are for: routes/sportsbooks.html answers /sportsbooks, routes/index.html answers /.
 */
function routePagesOf(dist: string): Map<string, string> {
  const dir = join(dist, 'routes');
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.html')) continue;
    const route = name.slice(0, -'.html'.length);
    pages.set(route === 'index' ? '/' : `/${route}`, `/routes/${name}`);
  }
  return pages;
}

/**
 * The inline scripts the build wrote into its pages (a route page's boot script, client/vite.config.ts) as
 * CSP sources, by their SHA-256: a page may run this origin's script files and exactly these inline scripts, no other.
 */
export function inlineScriptSources(dist: string): string[] {
  if (!clientIndex(dist)) return [];
  const pages = [join(dist, 'index.html'), ...[...routePagesOf(dist).values()].map((url) => join(dist, url))];
  const sources = new Set<string>();
  for (const page of pages) {
    for (const [, code] of readFileSync(page, 'utf8').matchAll(INLINE_SCRIPT))
      sources.add(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  }
  return [...sources];
}

/** An inline script as the build writes it: a bare <script> element. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** Each file of the build with a .br or .gz form beside it, by URL path, with the codings it has. */
function precompressedFiles(dist: string): Map<string, Set<ContentCoding>> {
  const found = new Map<string, Set<ContentCoding>>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      for (const coding of ['br', 'gzip'] as const) {
        if (!entry.isFile() || !path.endsWith(SUFFIX[coding])) continue;
        const url = `/${relative(dist, path.slice(0, -SUFFIX[coding].length)).split(sep).join('/')}`;
        found.set(url, (found.get(url) ?? new Set()).add(coding));
      }
    }
  };
  walk(dist);
  return found;
}

/** The best of a file's pre-compressed forms that the client accepts, or null to send it as it is. */
function acceptedCoding(req: Request, codings: Set<ContentCoding> | undefined): ContentCoding | null {
  const preferred = codings && negotiateCoding(req.headers['accept-encoding']);
  return preferred && codings.has(preferred) ? preferred : null;
}

/** A file of the build, in the best pre-compressed form the client accepts, else as it is. */
function sendStatic(
  req: Request,
  res: Response,
  next: NextFunction,
  dist: string,
  url: string,
  precompressed: Map<string, Set<ContentCoding>>,
) {
  const codings = precompressed.get(url);
  const coding = acceptedCoding(req, codings);
  if (codings) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl(url));
  if (coding) {
    res.setHeader('Content-Encoding', coding);
    res.type(extname(url));
  }
  const file = join(dist, url) + (coding ? SUFFIX[coding] : '');
  res.sendFile(file, { cacheControl: false }, (error) => {
    // a browser that went away mid-answer (a closed tab, the service worker's cancelled install) is owed nothing
    if (error && (error as NodeJS.ErrnoException).code !== 'ECONNABORTED') next(error);
  });
}

function cacheControl(url: string): string {
  return ENTRY_POINT.test(url) ? 'no-cache' : 'public, max-age=3600';
}

/** express.static's headers for files without a pre-compressed form: the entry points are revalidated on every visit. */
function noCacheForEntryPoints(res: Response, path: string) {
  if (ENTRY_POINT.test(path)) res.setHeader('Cache-Control', 'no-cache');
}
