import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../test/support/accounts-app';
import { watchLoop } from '../../../test/support/event-loop-watch';

const header = 'date_added,game,market,selection,odds,stake';
const row = '2026-11-01T12:00:00Z,Boston Celtics @ Los Angeles Lakers,Moneyline,Boston Celtics,-110,10';
/** Under the import's 10 MB body limit, as the attacks were. */
const NEAR_LIMIT = 9_900_000;

/**
 * The files of an attack on the picks import, each of which held the server's event loop from 0.35 s to 8.8 s: every
 * other request (`/api/health/live` among them) waited that long.
 */
const SHAPES: Array<[name: string, body: () => string, line: number]> = [
  ['a single data row of 1 MB of commas', () => `${header}\n${','.repeat(1_000_000)}`, 2],
  ['a single data row of 3 MB of commas', () => `${header}\n${','.repeat(3_000_000)}`, 2],
  ['a single data row of 9.9 MB of commas', () => `${header}\n${','.repeat(NEAR_LIMIT)}`, 2],
  ['2.5 million `a,b` lines ending in LF under a CRLF header', () => `${header}\r\n${'a,b\n'.repeat(2_500_000)}`, 1],
  ['a quote opened and never closed', () => `${header}\n2026-11-01,"${'x'.repeat(NEAR_LIMIT)}`, 2],
  ['9.9 MB of blank lines', () => `${header}${'\n'.repeat(NEAR_LIMIT)}`, 1],
  [
    'well-formed rows, 20 times the row cap',
    () => `${header}\n${`${row}\n`.repeat(Math.floor(NEAR_LIMIT / (row.length + 1)))}`,
    1,
  ],
];

/**
 * The goal: no picks import, of any shape up to the body limit, keeps `/api/health/live` waiting past 100 ms. What is
 * judged is what the server's event loop did: the longest stretch of CPU its thread ran without a turn of the loop
 * (watchLoop, in the thread's own CPU time), with `/api/health/live` probed every 10 ms all along. A probe's wall time
 * on this machine also counts the time its process was not scheduled at all (two cores shared by up to eight
 * engineers' test runs: a probe waited 300 ms with the loop idle), which no change to the server can shorten; the
 * longest stall is the wait the server itself caused, so that is what is asserted, and the probes' longest wait is
 * printed beside it. The body is encoded before the watch starts: the test's client shares the loop.
 */
describe('the picks import never holds the event loop, whatever the file (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;
  let session: Parameters<typeof bearer>[0];

  beforeAll(async () => {
    t = await createAccountsApp();
    ({ session } = await signUp(t));
  });
  afterAll(() => t.app.close());

  it.each(SHAPES)(
    'refuses %s, the loop never held for 100 ms',
    async (name, body, line) => {
      const bytes = Buffer.from(body());
      expect(bytes.length).toBeLessThan(10 * 1024 * 1024);
      const probes: number[] = [];
      let probing = true;
      const probe = (async () => {
        while (probing) {
          const sent = performance.now();
          const live = await t.http().get('/api/health/live');
          expect(live.status).toBe(200);
          probes.push(performance.now() - sent);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      const loop = watchLoop();
      const res = await Promise.resolve(
        t
          .http()
          .post('/api/picks/import.csv')
          .set(bearer(session))
          .set('Content-Type', 'text/csv')
          .serialize((sent: Buffer) => sent as unknown as string)
          .send(bytes),
      ).finally(() => {
        loop.stop();
        probing = false;
      });
      await probe;
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'CSV_INVALID', errors: [{ line }] });
      // the answer is small whatever the file: no value is echoed whole
      expect(res.text.length).toBeLessThan(2_000);
      console.log(
        `${name}: the loop's longest stall ${loop.longest().toFixed(1)} ms (CPU), its longest collection ${loop.longestCollection().toFixed(1)} ms; ${probes.length} probes, the longest ${Math.max(...probes).toFixed(0)} ms (wall)`,
      );
      expect(loop.longest()).toBeLessThan(100);
    },
    120_000,
  );
});
