import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveClient } from './client-app';

// Issue 17 item 5: the client's source maps (its whole source) are never served, even if a build makes them.
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
});

// Issue 18: hashed assets kept for ever, index.html revalidated, text files sent pre-compressed as negotiated
describe('serving the built client fast', () => {
  let dist: string;
  let app: INestApplication;
  let url: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

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
    await writeFile(join(dist, 'routes', 'sportsbooks.html'), '<!doctype html><title>OddsPulse</title><link rel="modulepreload" href="/assets/odds.js">');
    app = (await Test.createTestingModule({}).compile()).createNestApplication({ logger: false });
    serveClient(app, dist, { log: () => undefined, warn: () => undefined, error: () => undefined });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  /** The bytes as sent: supertest would decompress them. */
  const raw = (path: string, encoding?: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpRequest(`${url}${path}`, { headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
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
    expect((await request(app.getHttpServer()).get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it("answers a route's own copy of index.html, which preloads its screen's code, for that path only", async () => {
    const odds = await request(app.getHttpServer()).get('/sportsbooks').set('Accept', 'text/html');
    expect(odds.text).toContain('rel="modulepreload" href="/assets/odds.js"');
    expect(odds.headers['cache-control']).toBe('no-cache');
    for (const path of ['/', '/dfs', '/sportsbooks/x']) {
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
});
