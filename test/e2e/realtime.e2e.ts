import { expect, test } from '@playwright/test';
import { userOnPlan } from './support/users';

interface Frame {
  event: string;
  payload: {
    seq?: number;
    type?: string;
    at?: string;
    ok?: boolean;
    code?: string;
    snapshot?: boolean;
    data?: unknown;
  };
  receivedAt: number;
}

/**
 * Opens a socket from the page with Chromium's own WebSocket, speaking the socket.io protocol (engine.io v4)
 * by hand, so nothing but the browser sits between the page and the gateway. Returns what arrived.
 */
async function browserSocket(
  page: import('@playwright/test').Page,
  token: string | null,
  subscribe: object,
  waitMs: number,
  until: string,
): Promise<{ ack: Frame['payload'] | null; frames: Frame[] }> {
  return page.evaluate<
    { ack: Frame['payload'] | null; frames: Frame[] },
    { token: string | null; subscribe: object; waitMs: number; until: string }
  >(
    ({ token, subscribe, waitMs, until }) =>
      new Promise((resolve, reject) => {
        const url = `${location.origin.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
        const ws = new WebSocket(url);
        const frames: Array<{ event: string; payload: Record<string, unknown>; receivedAt: number }> = [];
        let ack: Frame['payload'] | null = null;
        const done = () => {
          ws.close();
          resolve({ ack, frames });
        };
        const timer = setTimeout(done, waitMs);
        ws.onerror = () => reject(new Error('WebSocket error'));
        ws.onmessage = ({ data }) => {
          const text = String(data);
          if (text.startsWith('0{')) ws.send(`40${JSON.stringify(token ? { token } : {})}`);
          else if (text === '2') ws.send('3');
          else if (text.startsWith('40')) ws.send(`420${JSON.stringify(['subscribe', subscribe])}`);
          else if (text.startsWith('44')) reject(new Error(`connect refused: ${text}`));
          else if (text.startsWith('430')) {
            ack = JSON.parse(text.slice(3))[0];
            // a refusal ends the wait, and so does any answer when no live message is awaited
            if (!ack?.ok || until === 'none') {
              clearTimeout(timer);
              done();
            }
          } else if (text.startsWith('42')) {
            const [event, payload] = JSON.parse(text.slice(2));
            frames.push({ event, payload, receivedAt: Date.now() });
            // Stop once a live message (after the catch-up) of the awaited type arrives.
            if (
              ack &&
              event === 'message' &&
              payload.type === until &&
              typeof ack.seq === 'number' &&
              payload.seq > ack.seq
            ) {
              clearTimeout(timer);
              done();
            }
          }
        };
      }),
    { token, subscribe, waitMs, until },
  );
}

// A browser socket subscribed to a sport sees the simulated price changes as they are published
test('a Gold browser socket catches up on a sport and then receives the live price diffs', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough for the feed');
  test.setTimeout(90_000);
  const { token } = await userOnPlan(request, testInfo, 'gold');
  await page.goto('/');

  const { ack, frames } = await browserSocket(
    page,
    token,
    { channel: 'odds', sport: 'basketball_nba', lastSeq: 0 },
    75_000,
    'board.diff',
  );
  expect(ack).toMatchObject({ ok: true, room: 'odds:basketball_nba' });
  const live = frames.filter(
    (f) => f.event === 'message' && f.payload.type === 'board.diff' && f.payload.seq! > ack!.seq!,
  );
  expect(live.length).toBeGreaterThan(0);
  // Caught up first (replay or snapshot), then live, in seq order with no gaps after the catch-up.
  const seqs = frames.filter((f) => f.event === 'message').map((f) => f.payload.seq!);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1] + 1);
  const latency = live[0].receivedAt - Date.parse(live[0].payload.at!);
  testInfo.annotations.push({ type: 'publish → browser latency (ms)', description: String(latency) });
});

test('an anonymous browser socket may hear scores but is refused the arbitrage feed', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough for the feed');
  await page.goto('/');
  const refused = await browserSocket(page, null, { channel: 'arbitrage', sport: 'basketball_nba' }, 10_000, 'none');
  expect(refused.ack).toMatchObject({ ok: false, code: 'AUTH_REQUIRED', message: 'Authentication required' });
  const scores = await browserSocket(page, null, { channel: 'scores', sport: 'basketball_nba' }, 10_000, 'none');
  expect(scores.ack).toMatchObject({ ok: true, room: 'scores:basketball_nba' });
});
