import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountsApp, type AccountsTestApp } from '../../../test/support/accounts-app';
import { clientBuildId } from '../web/client-app';

// Issue wording "Also": a page opened before a deploy can tell a new version is served from any API answer.
describe('the web app build on API answers', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({}, { build: 'b7Qx2mKp9LwZr4Ts' });
  });

  afterAll(() => t.app.close());

  it('names the build on every API answer, errors included', async () => {
    const ok = await t.http().get('/api/auth/providers');
    expect(ok.status).toBe(200);
    expect(ok.headers['x-app-build']).toBe('b7Qx2mKp9LwZr4Ts');
    const refused = await t.http().get('/api/me');
    expect(refused.status).toBe(401);
    expect(refused.headers['x-app-build']).toBe('b7Qx2mKp9LwZr4Ts');
    expect((await t.http().get('/api/no-such-route')).headers['x-app-build']).toBe('b7Qx2mKp9LwZr4Ts');
  });

  it('leaves answers outside the API alone', async () => {
    expect((await t.http().get('/metrics')).headers['x-app-build']).toBeUndefined();
  });
});

describe('clientBuildId', () => {
  it("is a digest of the build's index.html: a new build, a new id; no build, no id", async () => {
    const dist = await mkdtemp(join(tmpdir(), 'oddspulse-dist-'));
    try {
      expect(clientBuildId(dist)).toBeNull();
      await writeFile(join(dist, 'index.html'), '<script type="module" src="/assets/index-C_Vn4BdN.js"></script>');
      const first = clientBuildId(dist);
      expect(first).toMatch(/^[\w-]{16}$/);
      expect(clientBuildId(dist)).toBe(first);
      await writeFile(join(dist, 'index.html'), '<script type="module" src="/assets/index-Dx81kq2A.js"></script>');
      expect(clientBuildId(dist)).not.toBe(first);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
