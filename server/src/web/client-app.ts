import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { INestApplication, LoggerService } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import { negotiateCoding, type ContentCoding } from '../view-cache/view-cache';

/** Paths the SPA fallback must never answer: the API, the socket endpoint, the metrics and the queue console. */
const SERVER_PATHS = /^\/(api|socket\.io|metrics|ops\/queues)(\/|$)/;
/** Source maps would publish the whole client source: the build makes none, and none is served if one appears. */
const SOURCE_MAP = /\.map$/i;
/** Vite's content-hashed output: a new build gives new names, so a browser may keep these for ever (issue 18). */
const HASHED_ASSET = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
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
 * Serves the built React client, with index.html for any other GET that asks for HTML so the client's
 * router owns the URL space (unknown paths included: the client redirects them to /).
 */
export function serveClient(app: INestApplication, dist: string, logger: LoggerService) {
  const index = clientIndex(dist);
  if (!index) {
    logger.warn(`No client build at ${dist}; run 'npm run build' to serve the web app`, 'ClientApp');
    return;
  }
  const precompressed = precompressedFiles(dist);
  app.use((req: Request, res: Response, next: NextFunction) => (SOURCE_MAP.test(req.path) ? res.status(404).end() : next()));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !precompressed.has(req.path)) return next();
    sendStatic(req, res, next, dist, req.path, precompressed);
  });
  const assets = join(dist, 'assets') + sep;
  const files = express.static(dist, { index: false, maxAge: '1h', setHeaders: (res: Response, path: string) => cacheHeaders(res, path, assets) });
  // The API never looks on disk: a file lookup (a stat) per API request was a tenth of a cached answer's CPU (issue 18).
  app.use((req: Request, res: Response, next: NextFunction) => (SERVER_PATHS.test(req.path) ? next() : files(req, res, next)));
  const routePages = routePagesOf(dist);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || SERVER_PATHS.test(req.path) || !req.accepts('html')) return next();
    sendStatic(req, res, next, dist, routePages.get(req.path) ?? '/index.html', precompressed);
  });
}

/**
 * The build's copies of index.html that also preload a screen's code (client/vite.config.ts, issue 18), by the path
 * they are for: routes/sportsbooks.html answers /sportsbooks.
 */
function routePagesOf(dist: string): Map<string, string> {
  const dir = join(dist, 'routes');
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir)) if (name.endsWith('.html')) pages.set(`/${name.slice(0, -'.html'.length)}`, `/routes/${name}`);
  return pages;
}

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

/** A file of the build, in the best pre-compressed form the client accepts, else as it is. */
function sendStatic(req: Request, res: Response, next: NextFunction, dist: string, url: string, precompressed: Map<string, Set<ContentCoding>>) {
  const codings = precompressed.get(url);
  const preferred = codings && negotiateCoding(req.headers['accept-encoding']);
  const coding = preferred && codings!.has(preferred) ? preferred : null;
  if (codings) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl(url));
  if (coding) {
    res.setHeader('Content-Encoding', coding);
    res.type(extname(url));
  }
  const file = join(dist, url) + (coding ? SUFFIX[coding] : '');
  res.sendFile(file, { cacheControl: false }, (error) => error && next(error));
}

function cacheControl(url: string): string {
  if (HASHED_ASSET.test(url)) return IMMUTABLE;
  return url.endsWith('.html') || url.endsWith('sw.js') || url.endsWith('.webmanifest') ? 'no-cache' : 'public, max-age=3600';
}

/** express.static's headers for files without a pre-compressed form: as cacheControl says for their URL. */
function cacheHeaders(res: Response, path: string, assets: string) {
  if (path.endsWith('.html') || path.endsWith('sw.js') || path.endsWith('.webmanifest')) res.setHeader('Cache-Control', 'no-cache');
  else if (path.startsWith(assets)) res.setHeader('Cache-Control', IMMUTABLE);
}
