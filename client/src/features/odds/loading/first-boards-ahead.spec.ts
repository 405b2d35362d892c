import { ApiClient } from '../../../api/api-client';
import { testSession } from '../../../../test-support/session';
import { earlyBoardsRequest, straightBetsQuery } from './boards-request';
import { FILTERS_KEY, defaultFilters, parseStoredFilters, storedPart } from '../filters/filter-settings';
import { PAID_PLAN_KEY } from '../../../state/paid-plan-hint';
import { sendFirstBoardsAhead, type BootPage } from './first-boards-ahead';

// The page's boot script sends the app's own first boards request, earlier.
const NOW = 1_700_000_000_000;
const SESSION = testSession(NOW);

/** This browser last saw the session's user on a paid plan. */
const SEEN_PAID = { [PAID_PLAN_KEY]: JSON.stringify({ user: SESSION.user.id, paid: true }) };

function settings(stored: Record<string, string>): Storage {
  const values = new Map(Object.entries({ ...SEEN_PAID, ...stored }));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    removeItem: (key: string) => void values.delete(key),
  } as Storage;
}

function boot(over: Partial<BootPage> = {}, stored: Record<string, string> = {}) {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  sendFirstBoardsAhead({
    location: { pathname: '/sportsbooks', search: '' },
    session: () => SESSION,
    settings: settings(stored),
    now: NOW,
    send: (url, init) => sent.push({ url, init }),
    ...over,
  });
  return sent;
}

/** What the app's API client sends for its first boards of these stored filters (routing/first-boards.ts). */
async function appRequest(storedFilters: string | null): Promise<{ url: string; init: RequestInit }> {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const client = new ApiClient({
    fetch: async (url, init) => {
      sent.push({ url, init });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
    sessions: { read: () => SESSION, write: () => undefined, clear: () => undefined, takeLegacy: () => null },
    now: () => NOW,
    sleep: async () => undefined,
    csrfToken: () => 'csrf-never-sent-on-a-get',
    emit: () => undefined,
  });
  const filters =
    storedFilters === null ? defaultFilters() : parseStoredFilters(storedFilters, storedPart(defaultFilters()), NOW);
  await client.get(...earlyBoardsRequest(straightBetsQuery(filters))!);
  const { signal: _signal, ...init } = sent[0].init;
  return { url: sent[0].url, init };
}

describe('the first boards sent ahead of the app', () => {
  it.each([
    ['no stored filters', null],
    [
      'stored sports and markets',
      JSON.stringify({ sports: ['basketball_nba', 'icehockey_nhl'], markets: ['h2h', 'totals'], books: ['fanduel'] }),
    ],
    ['empty lists, which fall back to the defaults', JSON.stringify({ sports: [], markets: [] })],
    [
      'sports and markets applied more than 30 days before, which are the defaults again (spec 000 §9)',
      JSON.stringify({ sports: ['basketball_nba'], markets: ['h2h'], savedAt: NOW - 31 * 86_400_000 }),
    ],
    ['lists of numbers', JSON.stringify({ sports: ['basketball_nba', 7], markets: ['spreads'] })],
  ])('are the very request the app sends, so the app takes it as its own (%s)', async (_case, stored) => {
    const sent = boot({}, stored === null ? {} : { [FILTERS_KEY]: stored });
    expect(sent).toEqual([await appRequest(stored)]);
    expect(sent[0].url).toContain('require=paid');
  });

  it('are not sent off straight bets, signed out, or with a session the app would refresh first', () => {
    expect(boot({ location: { pathname: '/', search: '' } })).toEqual([]);
    expect(boot({ location: { pathname: '/sportsbooks', search: '?mode=props' } })).toEqual([]);
    expect(boot({ session: () => null })).toEqual([]);
    expect(boot({ session: () => ({ ...SESSION, expires_at: Math.floor(NOW / 1000) + 60 }) })).toEqual([]);
  });

  // DECISIONS 2: a free or operations account is never sent a boards request its plan is refused
  it('are sent only for a user this browser last saw on a paid plan', () => {
    expect(boot()).toHaveLength(1);
    expect(boot({}, { [PAID_PLAN_KEY]: JSON.stringify({ user: SESSION.user.id, paid: false }) })).toEqual([]);
    expect(boot({}, { [PAID_PLAN_KEY]: JSON.stringify({ user: 'someone-else', paid: true }) })).toEqual([]);
    expect(boot({}, { [PAID_PLAN_KEY]: '{not json' })).toEqual([]);
    const unseen = settings({});
    unseen.removeItem(PAID_PLAN_KEY);
    expect(boot({ settings: unseen })).toEqual([]);
  });

  it('are the defaults when the stored filters cannot be read, which are dropped as the app drops them', () => {
    const page = settings({ [FILTERS_KEY]: '{not json' });
    const sent: string[] = [];
    sendFirstBoardsAhead({
      location: { pathname: '/sportsbooks', search: '' },
      session: () => SESSION,
      settings: page,
      now: NOW,
      send: (url) => sent.push(url),
    });
    expect(sent).toEqual([expect.stringContaining(`sports=${encodeURIComponent(defaultFilters().sports.join(','))}&`)]);
    expect(page.getItem(FILTERS_KEY)).toBeNull();
  });
});
