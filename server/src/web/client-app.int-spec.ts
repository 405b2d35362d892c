import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
