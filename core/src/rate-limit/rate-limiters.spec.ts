import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { LeasedLimiter } from './rate-limiters';

/** One shared count per key with a fixed window, as Redis keeps it for rate-limiter-flexible, on a clock the test moves. */
class SharedCount {
  calls = 0;
  private readonly keys = new Map<string, { consumed: number; until: number }>();

  constructor(
    private readonly points: number,
    private readonly windowMs: number,
    readonly clock: { now: number },
  ) {}

  readonly limiter = {
    consume: async (key: string, cost: number): Promise<RateLimiterRes> => {
      this.calls++;
      await Promise.resolve();
      let state = this.keys.get(key);
      if (!state || state.until <= this.clock.now) {
        state = { consumed: 0, until: this.clock.now + this.windowMs };
        this.keys.set(key, state);
      }
      state.consumed += cost;
      const res = new RateLimiterRes(
        Math.max(0, this.points - state.consumed),
        state.until - this.clock.now,
        state.consumed,
      );
      // rate-limiter-flexible rejects a spent budget with its RateLimiterRes, not an Error: the stand-in does the same
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (state.consumed > this.points) throw res;
      return res;
    },
  } as unknown as RateLimiterAbstract;
}

function processes(count: number, points: number, maxLease: number, windowMs = 60_000) {
  const clock = { now: 1_000_000 };
  const shared = new SharedCount(points, windowMs, clock);
  const limiters = Array.from(
    { length: count },
    () =>
      new LeasedLimiter(
        { points, windowSeconds: windowMs / 1000 },
        () => shared.limiter,
        maxLease,
        () => clock.now,
      ),
  );
  return { clock, shared, limiters };
}

// The per-address limit (DECISIONS 8) costs a Redis round trip per lease, not per request, and still holds
// across server processes: never more than its points, however the requests are spread.
describe('LeasedLimiter', () => {
  it('lets exactly the window’s points through across processes, however requests interleave', async () => {
    const { limiters } = processes(3, 100, 8);
    let allowed = 0;
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      const decision = await limiters[(i * 7) % 3].consume('198.51.100.1');
      if (decision.allowed) allowed++;
      else refused++;
    }
    expect(allowed).toBe(100);
    expect(refused).toBe(300);
  });

  it('asks the shared count once per lease: a busy key costs a few round trips, not one per request', async () => {
    const { shared, limiters } = processes(1, 1_000_000, 64);
    for (let i = 0; i < 1000; i++) expect((await limiters[0].consume('busy')).allowed).toBe(true);
    // leases of 1, 2, 4 ... 64, then 64 at a time
    expect(shared.calls).toBeLessThanOrEqual(7 + Math.ceil((1000 - 127) / 64));
  });

  it('counts a key that is not busy request by request, as an unleased limit does', async () => {
    const { clock, shared, limiters } = processes(2, 5, 64);
    const statuses: boolean[] = [];
    for (let i = 0; i < 7; i++) {
      clock.now += 300;
      statuses.push((await limiters[i % 2].consume('slow')).allowed);
    }
    expect(statuses).toEqual([true, true, true, true, true, false, false]);
    expect(shared.calls).toBe(6);
  });

  it('once the window is spent, refuses without asking until the window ends, with its Retry-After; then counts afresh', async () => {
    const { clock, shared, limiters } = processes(1, 3, 1, 10_000);
    for (let i = 0; i < 3; i++) expect((await limiters[0].consume('a')).allowed).toBe(true);
    const refused = await limiters[0].consume('a');
    expect(refused).toMatchObject({ allowed: false, retryAfter: 10 });
    const calls = shared.calls;
    clock.now += 4_000;
    expect(await limiters[0].consume('a')).toMatchObject({ allowed: false, retryAfter: 6 });
    expect(shared.calls).toBe(calls);
    clock.now += 6_000;
    expect((await limiters[0].consume('a')).allowed).toBe(true);
  });

  it('grants the last points of a window though a lease asked for more, and no process gets any after', async () => {
    const { limiters } = processes(2, 10, 8);
    const first: boolean[] = [];
    for (let i = 0; i < 7; i++) first.push((await limiters[0].consume('k')).allowed);
    expect(first.every(Boolean)).toBe(true);
    const second: boolean[] = [];
    for (let i = 0; i < 6; i++) second.push((await limiters[1].consume('k')).allowed);
    const more: boolean[] = [];
    for (let i = 0; i < 6; i++) more.push((await limiters[0].consume('k')).allowed);
    expect([...first, ...second, ...more].filter(Boolean)).toHaveLength(10);
  });

  it('makes concurrent requests of a new key wait for one lease rather than each asking', async () => {
    const { shared, limiters } = processes(1, 1000, 64);
    const decisions = await Promise.all(Array.from({ length: 10 }, () => limiters[0].consume('burst')));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(shared.calls).toBeLessThanOrEqual(4);
  });

  it('counts another key apart', async () => {
    const { limiters } = processes(1, 1, 1);
    expect((await limiters[0].consume('one')).allowed).toBe(true);
    expect((await limiters[0].consume('one')).allowed).toBe(false);
    expect((await limiters[0].consume('two')).allowed).toBe(true);
  });
});
