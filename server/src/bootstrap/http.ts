import type { INestApplication } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';

/**
 * HTTP hardening shared by the server and the integration tests: security headers (helmet, with a CSP that
 * allows only this origin's scripts), cookie parsing for the access and CSRF cookies, and client addresses
 * taken from a proxy on the loopback only.
 */
export function configureHttp(app: INestApplication, { https }: { https: boolean }): void {
  const express = app.getHttpAdapter().getInstance() as { set(name: string, value: unknown): void; disable(name: string): void };
  express.set('trust proxy', 'loopback');
  express.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
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
    }),
  );
  app.use(cookieParser());
}
