import Ajv from 'ajv';
import { RealtimePublisher, SteamRecordRepository, SteamStateRepository } from '@oddspulse/core';
import { type SteamAlert, type SteamStaleBook } from '@oddspulse/shared';
import { staleBook, steamAlert } from '@oddspulse/shared/testing';
import { bearer, createAccountsApp, signUp, type AccountsTestApp } from '../../../test/support/accounts-app';

const NBA = 'basketball_nba';
/** The alerts' game, ahead; and a moment some minutes before now. */
const START = new Date(Date.now() + 3 * 3_600_000).toISOString();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

// DECISIONS 34 on the API: GET /api/steam is the live list (Platinum, as the scanners; API keys read it), GET
// /api/steam/record the graded record (public).
describe('/api/steam', () => {
  let t: AccountsTestApp;
  let record: string;

  /** Publishes an alert as detection does: saved with the message that announces it. */
  async function raise(alert: SteamAlert) {
    await t
      .get(RealtimePublisher)
      .publishWith(
        { channel: 'steam', key: alert.sport, at: alert.timeFound, type: 'steam:alert', data: { alert } },
        t.get(SteamStateRepository).alertWrites(alert, 'raised'),
      );
  }

  beforeAll(async () => {
    t = await createAccountsApp();
    record = `basketball_spec_${Date.now().toString(36)}`;
    await raise(steamAlert({ id: 'steam:a', commenceTime: START, timeFound: minutesAgo(2) }));
    await raise(
      steamAlert({
        id: 'steam:b',
        market: 'totals',
        side: 'Over',
        commenceTime: START,
        timeFound: minutesAgo(1),
        staleBooks: [staleBook('betrivers', -110, 1.2)],
        bestEvPct: 1.2,
      }),
    );
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('is Platinum: the scanners’ plan', async () => {
    expect((await t.http().get('/api/steam')).status).toBe(401);
    for (const plan of ['free', 'gold'] as const) {
      const { session } = await signUp(t, plan);
      const res = await t.http().get('/api/steam').set(bearer(session));
      expect([res.status, res.body.code]).toEqual([403, 'PLATINUM_REQUIRED']);
    }
  });

  it('lists the active alerts newest first, with the age of the move taken to now', async () => {
    const { session } = await signUp(t, 'platinum');
    const res = await t.http().get(`/api/steam?sports=${NBA}`).set(bearer(session));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.alerts.map((a: SteamAlert) => a.id)).toEqual(['steam:b', 'steam:a']);
    // where the room stood as the alerts were read: the list's socket joins it from there (docs/realtime.md)
    expect(res.body.positions).toEqual({ [NBA]: await t.get(RealtimePublisher).position('steam', NBA) });
    expect(res.body.positions[NBA].seq).toBeGreaterThanOrEqual(2);
    const [, moneyline] = res.body.alerts as SteamAlert[];
    expect(moneyline.ageSeconds).toBe(
      Math.round((Date.parse(res.body.generated_at) - Date.parse(moneyline.movedAt)) / 1000),
    );
    expect(moneyline.staleBooks.map((b) => b.link)).toEqual([
      'https://draftkings.example/bet/evt-alert',
      'https://fanduel.example/bet/evt-alert',
    ]);
  });

  it('keeps the stale books a caller can take, and the alerts left with one', async () => {
    const { session } = await signUp(t, 'platinum');
    const res = await t.http().get(`/api/steam?sports=${NBA}&books=fanduel,betmgm`).set(bearer(session));
    expect(res.body.alerts).toEqual([
      expect.objectContaining({
        id: 'steam:a',
        bestEvPct: 2.54,
        staleBooks: [expect.objectContaining({ book: 'fanduel' })],
      }),
    ]);
    const key = (await t.http().post('/api/api-keys').set(bearer(session)).send({ name: 'steam' })).body.key as string;
    const withKey = await t.http().get(`/api/steam?sports=${NBA}`).set('x-api-key', key);
    expect(withKey.status).toBe(200);
    expect(withKey.body.alerts).toHaveLength(2);
    const unknown = await t.http().get('/api/steam?sports=cricket_ipl').set(bearer(session));
    expect([unknown.status, unknown.body.code]).toEqual([400, 'UNSUPPORTED_SPORT']);
  });

  it('leaves out an alert the clock has ended though no worker expired it yet (DECISIONS 34)', async () => {
    await raise(steamAlert({ id: 'steam:thirty-minutes', commenceTime: START, timeFound: minutesAgo(30) }));
    await raise(
      steamAlert({
        id: 'steam:started',
        side: 'Denver Nuggets',
        commenceTime: minutesAgo(0.5),
        timeFound: minutesAgo(3),
      }),
    );
    const { session } = await signUp(t, 'platinum');
    const res = await t.http().get(`/api/steam?sports=${NBA}`).set(bearer(session));
    expect(res.body.alerts.map((a: SteamAlert) => a.id)).toEqual(['steam:b', 'steam:a']);
  });

  it('serves the record to anyone, a page at a time, and refuses what it cannot read', async () => {
    const kept = ['2026-01-10T18:00:00.000Z', '2026-01-10T18:05:00.000Z', '2026-01-10T18:10:00.000Z'].map((at, i) =>
      steamAlert({ id: `steam:${record}:${i}`, sport: record, timeFound: at }),
    );
    await t.get(SteamRecordRepository).keep(kept.map((alert) => ({ change: 'raised', alert })));
    const first = await t.http().get(`/api/steam/record?sport=${record}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    expect(first.body.overall).toMatchObject({ alerts: 3, graded: 0, hits: 0, hitRate: null, avgClvPct: null });
    expect(first.body.groups).toEqual([expect.objectContaining({ sport: record, market: 'h2h', alerts: 3 })]);
    expect(first.body.alerts.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([
      [`steam:${record}:2`, 'pending'],
      [`steam:${record}:1`, 'pending'],
    ]);
    const second = await t.http().get(`/api/steam/record?sport=${record}&limit=2&before=${first.body.nextBefore}`);
    expect(second.body.alerts.map((a: { id: string }) => a.id)).toEqual([`steam:${record}:0`]);
    expect(second.body.nextBefore).toBeNull();
    // an alert still to be taken (its game ahead, its soft books not caught up) is the Platinum list's, not the record's
    const start = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const live = steamAlert({
      id: `steam:${record}:live`,
      sport: record,
      commenceTime: start,
      timeFound: new Date().toISOString(),
    });
    await t.get(SteamRecordRepository).keep([{ change: 'raised', alert: live }]);
    const withLive = await t.http().get(`/api/steam/record?sport=${record}`);
    expect(withLive.body.overall.alerts).toBe(3);
    expect(withLive.body.alerts.map((a: { id: string }) => a.id)).not.toContain(live.id);
    const expired: SteamAlert = {
      ...live,
      status: 'expired',
      expiredAt: new Date().toISOString(),
      expiry: 'caught_up',
    };
    await t.get(SteamRecordRepository).keep([{ change: 'expired', alert: expired }]);
    const withExpired = await t.http().get(`/api/steam/record?sport=${record}`);
    expect(withExpired.body.overall.alerts).toBe(4);
    expect(withExpired.body.alerts[0]).toMatchObject({ id: live.id, expiry: 'caught_up', gradedBook: 'draftkings' });

    const cursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
    for (const [query, message] of [
      ['market=parlays', 'market must be one of h2h, spreads, totals'],
      ['limit=500', 'limit must be a whole number between 1 and 200'],
      ['before=nonsense', 'before must be the nextBefore of a record page'],
      // a time PostgreSQL cannot take, an id no alert has: what no nextBefore holds
      [`before=${cursor('-200000-01-01T00:00:00.000Z', 'x')}`, 'before must be the nextBefore of a record page'],
      [
        `before=${cursor('2024-02-30T00:00:00.000Z', `steam:${record}:0`)}`,
        'before must be the nextBefore of a record page',
      ],
      [`before=${cursor('2024-01-01T00:00:00.000Z', 'a\u0000b')}`, 'before must be the nextBefore of a record page'],
      [`before=${cursor('2024-01-01T00:00:00.000Z', 'x')}`, 'before must be the nextBefore of a record page'],
    ]) {
      const res = await t.http().get(`/api/steam/record?${query}`);
      expect([res.status, res.body.code, res.body.message]).toEqual([400, 'INVALID_STEAM_RECORD_PARAMETER', message]);
    }
  });

  // A stale book's oldPrice came with DECISIONS 34's old price: an alert stored before it has none, and the document
  // required it, so a generated client was promised a field the answer did not hold.
  it('serves an alert stored before stale books carried their old price, as the document describes it', async () => {
    const { oldPrice: _, ...stale }: SteamStaleBook = staleBook('betmgm', -160, 1.9);
    await raise(
      steamAlert({
        id: 'steam:before-old-prices',
        side: 'Phoenix Suns',
        commenceTime: START,
        timeFound: minutesAgo(1),
        staleBooks: [stale],
        bestEvPct: 1.9,
      }),
    );
    const { session } = await signUp(t, 'platinum');
    const res = await t.http().get(`/api/steam?sports=${NBA}`).set(bearer(session));
    expect(res.status).toBe(200);
    const served = (res.body.alerts as SteamAlert[]).find((a) => a.id === 'steam:before-old-prices');
    expect(served?.staleBooks).toEqual([stale]);
    const doc = (await t.http().get('/api/docs-json')).body;
    const ref: string = doc.paths['/api/steam'].get.responses['200'].content['application/json'].schema.$ref;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(doc.components.schemas[ref.split('/').pop()!]);
    expect(validate(res.body) ? [] : validate.errors).toEqual([]);
  });

  // DECISIONS 34: a stale book whose line is taken down has not caught up; the alert keeps it, marked down.
  it('serves a stale book whose line is down, marked down, as the document describes it', async () => {
    await raise(
      steamAlert({
        id: 'steam:book-down',
        side: 'Utah Jazz',
        commenceTime: START,
        timeFound: minutesAgo(1),
        staleBooks: [staleBook('fanduel', -155, 2.54), { ...staleBook('draftkings', -150, 3.88), down: true }],
        bestEvPct: 2.54,
      }),
    );
    const { session } = await signUp(t, 'platinum');
    const res = await t.http().get(`/api/steam?sports=${NBA}&books=draftkings`).set(bearer(session));
    const served = (res.body.alerts as SteamAlert[]).find((a) => a.id === 'steam:book-down');
    expect(served).toMatchObject({ bestEvPct: 3.88, staleBooks: [{ book: 'draftkings', price: -150, down: true }] });
    const doc = (await t.http().get('/api/docs-json')).body;
    const ref: string = doc.paths['/api/steam'].get.responses['200'].content['application/json'].schema.$ref;
    const schema = doc.components.schemas[ref.split('/').pop()!];
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(validate(res.body) ? [] : validate.errors).toEqual([]);
    // the field is the document's, so a generated client reads it
    expect(schema.properties.alerts.items.properties.staleBooks.items.properties.down).toMatchObject({
      type: 'boolean',
    });
  });
});
