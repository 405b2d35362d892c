import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteKeysWithPrefix } from '@oddspulse/core';
import { diffBoards, type SportBoard } from '@oddspulse/shared';
import { bearer, signUp } from '../../../test/support/accounts-app';
import { loadFixtureBoards } from '../../../test/support/fixture-boards';
import { createGatewayApp, eventually, type GatewayTestApp } from '../../../test/support/gateway-app';
import { realtimeDocBlock } from '../../../test/support/realtime-doc';

const prefix = `${process.env.REDIS_PREFIX}-realtime-doc`;
const NFL = 'americanfootball_nfl';

// docs/realtime.md's streaming client, saved as a reader would save it (outside the repository, with socket.io-client only), run against a server.
describe("docs/realtime.md's streaming script", () => {
  let t: GatewayTestApp;
  let folder: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    t = await createGatewayApp({ REDIS_PREFIX: prefix });
    folder = mkdtempSync(join(tmpdir(), 'oddspulse-stream-'));
    writeFileSync(join(folder, 'apply-board-diff.mjs'), realtimeDocBlock('// apply-board-diff.mjs'));
    writeFileSync(join(folder, 'stream-odds.mjs'), realtimeDocBlock('// stream-odds.mjs'));
    // `npm install socket.io-client` there, in effect: the package as installed here
    symlinkSync(join(__dirname, '..', '..', '..', 'node_modules'), join(folder, 'node_modules'), 'dir');
  });

  afterAll(async () => {
    child?.kill();
    rmSync(folder, { recursive: true, force: true });
    await deleteKeysWithPrefix(t.redis.client, prefix);
    await t.app.close();
  });

  it('imports socket.io-client and its own file only', () => {
    const imports = [...realtimeDocBlock('// stream-odds.mjs').matchAll(/^import .* from '([^']+)';$/gm)].map(
      (m) => m[1],
    );
    expect(imports).toEqual(['socket.io-client', './apply-board-diff.mjs']);
    expect(realtimeDocBlock('// apply-board-diff.mjs')).not.toMatch(/^import /m);
  });

  it("builds a sport's board from the channel's messages and applies each diff published after it", async () => {
    const { nfl } = await loadFixtureBoards(t.redis);
    const owner = await signUp(t, 'platinum');
    const key = (await t.http().post('/api/api-keys').set(bearer(owner.session)).send({ name: 'stream' })).body
      .key as string;
    const publish = (before: SportBoard | null, after: SportBoard) =>
      t.publisher.publish({
        channel: 'odds',
        key: NFL,
        at: after.fetched_at,
        type: 'board.diff',
        data: diffBoards(before, after).diff!,
      });
    let output = '';
    const printed = (line: string) =>
      eventually(() => output.includes(line), 15_000, line).catch((error: Error) => {
        throw new Error(`${error.message}; the script printed: ${output}`);
      });

    // The pipeline's first diff of a sport adds every game: a script starting from nothing (lastSeq 0) is replayed it.
    const first = await publish(null, nfl);
    child = spawn(process.execPath, ['stream-odds.mjs', NFL], {
      cwd: folder,
      env: { ...process.env, ODDSPULSE_URL: t.url, ODDSPULSE_API_KEY: key },
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await printed(`seq ${first}: ${nfl.events.length} games`);

    // the next poll: one game gone
    const second = await publish(nfl, { ...nfl, fetched_at: new Date().toISOString(), events: nfl.events.slice(1) });
    await printed(`seq ${second}: ${nfl.events.length - 1} games`);
    expect(output).not.toMatch(/refused/);
  }, 40_000);
});
