import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INestApplication, LoggerService } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';

/** Paths the SPA fallback must never answer: the API, the socket endpoint, the metrics and the queue console. */
const SERVER_PATHS = /^\/(api|socket\.io|metrics|ops\/queues)(\/|$)/;
/** Source maps would publish the whole client source: the build makes none, and none is served if one appears. */
const SOURCE_MAP = /\.map$/i;

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
  app.use((req: Request, res: Response, next: NextFunction) => (SOURCE_MAP.test(req.path) ? res.status(404).end() : next()));
  app.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || SERVER_PATHS.test(req.path) || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

function noCacheForHtml(res: Response, path: string) {
  if (path.endsWith('.html') || path.endsWith('sw.js') || path.endsWith('.webmanifest')) res.setHeader('Cache-Control', 'no-cache');
}
