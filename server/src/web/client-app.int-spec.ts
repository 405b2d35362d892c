import { Test } from '@nestjs/testing';
import { Controller, Get, type INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { securityHeaders } from '../bootstrap/security-headers';
import { rawGet } from '../../../test/support/raw-http';
import { inlineScriptSources, serveClient } from './client-app';

@Controller('ping')
class PingController {
  @Get()
  ping() {
    return { ok: true };
  }
}

// The client's source maps (its whole source) are never served, even if a build makes them.
describe('serving the built client', () => {
  let dist: string;
  let app: INestApplication;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'oddspulse-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>OddsPulse</title>');
    await writeFile(join(dist, 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
    await writeFile(join(dist, 'app.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    app = (await Test.createTestingModule({}).compile()).createNestApplication({ logger: false });
    serveClient(app, dist, { log: () => undefined, warn: () => undefined, error: () => undefined });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers 404 for a source map, whatever the Accept header, and serves the rest', async () => {
    expect((await request(app.getHttpServer()).get('/app.js')).status).toBe(200);
    for (const accept of ['*/*', 'application/json', 'text/html']) {
      const res = await request(app.getHttpServer()).get('/app.js.map').set('Accept', accept);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('secret.tsx');
    }
    expect((await request(app.getHttpServer()).get('/odds').set('Accept', 'text/html')).text).toContain('OddsPulse');
  });

  // docs/mcp.md: GET /mcp answers 405 and the resource metadata is JSON, for a client that sends Accept: */* (the MCP
  // SDK's discovery, curl) too: the page must not answer for the server's paths
  it('leaves the MCP endpoint and the .well-known documents to the server, whatever the Accept header', async () => {
    for (const path of ['/mcp', '/.well-known/oauth-protected-resource/mcp'])
      for (const accept of ['*/*', 'text/html']) {
        const res = await request(app.getHttpServer()).get(path).set('Accept', accept);
        expect({ path, accept, status: res.status }).toEqual({ path, accept, status: 404 });
        expect(res.text).not.toContain('OddsPulse');
      }
  });
});

// A browser that goes away mid-answer (a closed tab, the service worker's cancelled install) broke nothing: no error
// reaches the exception filter, which logged each one with its stack as a server error.
describe('serving the built client to a browser that goes away', () => {
  let dist: string;
  let app: INestApplication;
  let port: number;
  const errors: unknown[] = [];

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'oddspulse-dist-'));
    // large enough that the socket is closed while the file is still being sent
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><title>OddsPulse</title><!--${'x'.repeat(32 * 1024 * 1024)}-->`,
    );
    app = (await Test.createTestingModule({}).compile()).createNestApplication({ logger: false });
    serveClient(app, dist, { log: () => undefined, warn: () => undefined, error: () => undefined });
    app.use((error: unknown, _req: unknown, _res: unknown, next: (error: unknown) => void) => {
      errors.push(error);
      next(error);
    });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('passes no error on when the browser closes the connection during the page', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /odds HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n\r\n');
    await once(socket, 'data');
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errors).toEqual([]);
    expect((await request(app.getHttpServer()).get('/odds').set('Accept', 'text/html')).status).toBe(200);
  });
});

// Hashed assets kept for ever, index.html revalidated, text files sent pre-compressed as negotiated
describe('serving the built client fast', () => {
  let dist: string;
  let app: INestApplication;
  let port: number;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const BOOT_SCRIPT = '(function(){window.booted=1})();';

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'oddspulse-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>OddsPulse</title>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), script);
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    await writeFile(join(dist, 'assets', 'small-def456.css'), 'a{}');
    await writeFile(join(dist, 'favicon.svg'), '<svg/>');
    await mkdir(join(dist, 'routes'));
    await writeFile(
      join(dist, 'routes', 'sportsbooks.html'),
      `<!doctype html><title>OddsPulse</title><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script><link rel="modulepreload" href="/assets/odds.js">`,
    );
    await writeFile(
      join(dist, 'routes', 'index.html'),
      '<!doctype html><title>OddsPulse</title><link rel="modulepreload" href="/assets/landing.js">',
    );
    await writeFile(join(dist, 'secret.txt'), 'outside the assets');
    await writeFile(join(tmpdir(), 'oddspulse-outside-dist.txt'), 'outside the build');
    app = (await Test.createTestingModule({ controllers: [PingController] }).compile()).createNestApplication({
      logger: false,
    });
    app.getHttpAdapter().getInstance().disable('x-powered-by');
    app.use(securityHeaders({ https: false, inlineScripts: inlineScriptSources(dist) }));
    app.setGlobalPrefix('api');
    serveClient(app, dist, { log: () => undefined, warn: () => undefined, error: () => undefined });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
    await rm(join(tmpdir(), 'oddspulse-outside-dist.txt'), { force: true });
  });

  /** The bytes as sent, for the path exactly as written (supertest would decompress them and normalise `..`). */
  const raw = (path: string, encoding?: string, headers: Record<string, string> = {}) =>
    rawGet(`http://127.0.0.1:${port}`, path, {
      ...headers,
      ...(encoding === undefined ? {} : { 'Accept-Encoding': encoding }),
    });

  it('sends hashed assets immutable, in the coding asked for, and as they are to a client that takes none', async () => {
    const br = await raw('/assets/index-abc123.js', 'gzip, br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await raw('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await raw('/assets/index-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const small = await raw('/assets/small-def456.css', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated on every visit, whatever the route, and other files kept an hour', async () => {
    for (const path of ['/', '/sportsbooks']) {
      const res = await request(app.getHttpServer()).get(path).set('Accept', 'text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('OddsPulse');
    }
    expect((await request(app.getHttpServer()).get('/favicon.svg')).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });

  it("answers a route's own copy of index.html, which preloads its screen's code, for that path only", async () => {
    const odds = await request(app.getHttpServer()).get('/sportsbooks').set('Accept', 'text/html');
    expect(odds.text).toContain('rel="modulepreload" href="/assets/odds.js"');
    expect(odds.headers['cache-control']).toBe('no-cache');
    // routes/index.html is the copy for / (the landing page's code), never a page called /index
    const home = await request(app.getHttpServer()).get('/').set('Accept', 'text/html');
    expect(home.text).toContain('rel="modulepreload" href="/assets/landing.js"');
    for (const path of ['/index', '/dfs', '/sportsbooks/x']) {
      const other = await request(app.getHttpServer()).get(path).set('Accept', 'text/html');
      expect(other.text).not.toContain('modulepreload');
    }
  });

  it('never looks on disk for an API path', async () => {
    await writeFile(join(dist, 'api'), 'not the API');
    const res = await request(app.getHttpServer()).get('/api').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('not the API');
  });

  it('sends a hashed asset with only the headers it needs: no helmet set, no ETag, Last-Modified nor Accept-Ranges', async () => {
    const br = await raw('/assets/index-abc123.js', 'br');
    expect(Object.keys(br.headers).sort()).toEqual(
      [
        'cache-control',
        'connection',
        'content-encoding',
        'content-length',
        'content-type',
        'cross-origin-resource-policy',
        'date',
        'keep-alive',
        'vary',
        'x-content-type-options',
      ].sort(),
    );
    expect(br.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      vary: 'Accept-Encoding',
    });
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const small = await raw('/assets/small-def456.css', 'br');
    expect(small.headers['content-type']).toMatch(/^text\/css/);
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'vary', 'content-security-policy'])
      expect(small.headers[name]).toBeUndefined();
    const ranged = await raw('/assets/small-def456.css', 'identity', { Range: 'bytes=0-0' });
    expect(ranged.status).toBe(200);
    expect(ranged.body.toString()).toBe('a{}');
  });

  it('answers a miss under /assets/ with a bare 404, never the page, whatever the Accept header', async () => {
    for (const path of ['/assets/gone-123.js', '/assets/', '/assets/nested/gone.css']) {
      const res = await raw(path, 'br', { Accept: 'text/html', 'Sec-Fetch-Dest': 'document' });
      expect(res.status).toBe(404);
      expect(res.body.toString()).toBe('');
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('never serves a file outside the build through /assets/', async () => {
    for (const path of [
      '/assets/../secret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2foddspulse-outside-dist.txt',
      '/assets/..%5c..%5coddspulse-outside-dist.txt',
      '/assets/%00.js',
    ]) {
      const res = await raw(path, 'identity', { Accept: 'text/html' });
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toMatch(/outside|OddsPulse/);
    }
  });

  it('answers the page only to a navigation or a script asking for HTML, never for a file-like path', async () => {
    for (const dest of [undefined, 'document', 'iframe', 'frame', 'empty']) {
      const res = await raw('/sportsbooks', 'identity', {
        Accept: 'text/html',
        ...(dest ? { 'Sec-Fetch-Dest': dest } : {}),
      });
      expect(res.status).toBe(200);
      expect(res.body.toString()).toContain('OddsPulse');
    }
    // the service worker's precache of / (a fetch: destination empty, Accept */*)
    expect((await raw('/', 'identity', { Accept: '*/*', 'Sec-Fetch-Dest': 'empty' })).body.toString()).toContain(
      'OddsPulse',
    );
    for (const [path, dest] of [
      ['/sportsbooks', 'image'],
      ['/sportsbooks', 'script'],
      ['/logos/draftkings.png', 'image'],
      ['/logos/draftkings.png', 'document'],
      ['/missing.js', 'empty'],
    ]) {
      const res = await raw(path, 'identity', { Accept: 'text/html,*/*', 'Sec-Fetch-Dest': dest });
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toContain('OddsPulse');
    }
  });

  // /sportsbooks runs its boot script (client/vite.config.ts) as its HTML is read, allowed by its hash alone
  it("lets a page run the build's inline scripts by their hash, and no other inline script", async () => {
    expect(inlineScriptSources(dist)).toEqual([
      `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`,
    ]);
    for (const path of ['/sportsbooks', '/']) {
      const csp = (await raw(path, 'identity', { Accept: 'text/html' })).headers['content-security-policy'] as string;
      const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc).toBe(`script-src 'self' ${inlineScriptSources(dist)[0]}`);
    }
    expect(await raw('/sportsbooks', 'identity', { Accept: 'text/html' }).then((res) => res.body.toString())).toContain(
      `<script>${BOOT_SCRIPT}</script>`,
    );
  });

  it("gives pages helmet's document set and /api JSON the compact set", async () => {
    const page = await raw('/sportsbooks', 'identity', { Accept: 'text/html' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const api = await raw('/api/ping', 'identity', { Accept: 'application/json' });
    expect(api.status).toBe(200);
    expect(api.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
    for (const name of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-xss-protection',
      'strict-transport-security',
    ])
      expect(api.headers[name]).toBeUndefined();
  });
});

// HSTS is sent exactly as before the split, with pages and API answers when the public origin is https.
describe('security headers behind https', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = (await Test.createTestingModule({ controllers: [PingController] }).compile()).createNestApplication({
      logger: false,
    });
    app.use(securityHeaders({ https: true }));
    // a page, as the client app answers one (an unrouted path is Express's own 404 page, with a CSP of its own)
    app.use('/anything', (_req: Request, res: Response) => res.type('html').send('<!doctype html><title>page</title>'));
    app.setGlobalPrefix('api');
    await app.init();
  });

  afterAll(() => app.close());

  it('sends HSTS with pages and with the API, and upgrades insecure requests on pages', async () => {
    const api = await request(app.getHttpServer()).get('/api/ping');
    expect(api.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    const page = await request(app.getHttpServer()).get('/anything').set('Accept', 'text/html');
    expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
