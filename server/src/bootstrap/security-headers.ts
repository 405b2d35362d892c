import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { HASHED_ASSET } from '../web/client-app';

/** The API documentation is a page (swagger UI, which needs the document CSP), though it lives under /api. */
const API_DOCS = /^\/api\/docs(?:[-/]|$)/;
const API = /^\/api(?:\/|$)/;
/** helmet's own HSTS value (a year, subdomains included). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers by kind of answer (each one costs bytes on every response). Pages (the app's HTML, the
 * API docs, the ops pages) get helmet's document set with a CSP that allows only this origin's scripts (and the build's
 * own inline boot scripts, by hash). JSON from
 * /api is never rendered as a document, so it gets the compact set that still stops it being framed, sniffed,
 * read cross-origin or leaking its URL. Hashed assets get their own short set where they are served
 * (web/client-app.ts). HSTS goes with every page and API answer when the public origin is https, or the request came
 * over HTTPS.
 */
export function securityHeaders({ https, inlineScripts = [] }: { https: boolean; inlineScripts?: readonly string[] }) {
  const page = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // and the inline scripts the client's build wrote into its pages, each by its hash (web/client-app.ts)
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  });
  const api = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (HASHED_ASSET.test(req.path)) return next();
    // An origin not named https may still be served over it, through a proxy TRUST_PROXY names (cookiesSecure): an
    // answer that came so tells the browser to keep to HTTPS, as helmet's HSTS does for an https origin.
    if (!https && req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    if (API.test(req.path) && !API_DOCS.test(req.path)) return api(req, res, next);
    return page(req, res, next);
  };
}
