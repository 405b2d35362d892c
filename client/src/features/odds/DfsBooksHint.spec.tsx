/**
 * @jest-environment jsdom
 */
import type { BoardEvent, SportBoard } from '@oddspulse/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FALLBACK_PLAN } from '../../state/session-api';
import { renderSignedIn } from '../../../test-support/signed-in';
import { standInDesktopBrowser } from '../../../test-support/desktop-browser';
import type { LiveOddsOptions } from './loading/useLiveOdds';
import { buildLiveRows } from './rows/live-rows';
import { DfsPage } from './DfsPage';

/**
 * One NBA game's LeBron James points, Over 25.5: the sportsbooks make the Over a 56 % favourite, so a DFS app's fixed
 * −119 (54.3 %) is +EV there; of the DFS apps only Underdog offers the line.
 */
function mockBoards(): Record<string, SportBoard> {
  const at = new Date().toISOString();
  const quote = (key: string, over: number, under: number) => ({
    key,
    title: key,
    last_update: at,
    markets: [
      {
        key: 'player_points',
        last_update: at,
        outcomes: [
          { name: 'Over', description: 'LeBron James', price: over, point: 25.5 },
          { name: 'Under', description: 'LeBron James', price: under, point: 25.5 },
        ],
      },
    ],
  });
  const event: BoardEvent = {
    id: 'e1',
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: new Date(Date.now() + 3_600_000).toISOString(),
    home_team: 'Los Angeles Lakers',
    away_team: 'Boston Celtics',
    bookmakers: [
      quote('draftkings', 1.7, 2.2),
      quote('fanduel', 1.7, 2.2),
      quote('betmgm', 1.71, 2.19),
      quote('pinnacle', 1.72, 2.18),
      quote('underdog', 1.87, 1.87),
    ],
  };
  return { basketball_nba: { sport_key: 'basketball_nba', fetched_at: at, events: [event] } };
}

/** The books each render built the DFS rows with. */
const asked: string[][] = [];
// the live odds of those boards, their rows built for the books asked, as useLiveOdds builds them
jest.mock('./loading/useLiveOdds', () => ({
  useLiveOdds: (options: LiveOddsOptions) => {
    asked.push([...options.books]);
    const now = Date.now();
    const table = buildLiveRows(mockBoards(), {
      mode: 'props',
      selectedBooks: options.books,
      markets: options.markets,
      now,
    });
    return {
      rows: table.rows,
      boards: table.boards,
      flashes: new Map(),
      state: { status: 'ready' },
      loading: false,
      staleSports: [],
      now,
      refresh: async () => undefined,
      refreshLockedUntil: 0,
    };
  },
}));
jest.mock('./table/OddsTable', () => ({
  OddsTable: (p: { rows: { best: { book: string } | null }[] }) => (
    <p data-testid="dfs-rows">{p.rows.map((row) => row.best?.book).join(',')}</p>
  ),
}));
jest.mock('./odds.css', () => ({}));
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: { ...FALLBACK_PLAN, plan: 'gold' } }),
}));
jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));

// DECISIONS 28 and 32: /dfs filters by the user's books (their DFS apps, DECISIONS 36); when those hide +EV lines, the
// page said only "No DFS props found for the current selection.", with no count and no way to the other apps
describe('/dfs when the saved books hide +EV lines', () => {
  let root: Root;
  beforeAll(standInDesktopBrowser);
  beforeEach(() => {
    asked.length = 0;
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.innerHTML = '';
  });

  const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
  const click = (name: string) =>
    act(async () => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!.click());

  it('says how many they hide and shows every DFS app on "Show all books", until "Back to my books"', async () => {
    await renderSignedIn(root, <DfsPage />, { savedBooks: ['draftkings', 'prizepicks'] });
    expect(asked.at(-1)).toEqual(['prizepicks']);
    expect(byTestId('dfs-empty')?.textContent).toBe('No DFS props found for the current selection.');
    expect(byTestId('hidden-by-books')?.textContent).toContain('1 positive-EV bet hidden by your books.');

    await click('Show all books');
    expect(asked.at(-1)).toEqual(['prizepicks', 'underdog', 'pick6']);
    expect(byTestId('dfs-rows')?.textContent).toBe('underdog');
    expect(byTestId('every-book')?.textContent).toContain('Showing every book for this view.');

    await click('Back to my books');
    expect(asked.at(-1)).toEqual(['prizepicks']);
    expect(byTestId('dfs-empty')).not.toBeNull();
    expect(byTestId('hidden-by-books')).not.toBeNull();
  });

  it('says nothing when the apps chosen are every app the plan allows', async () => {
    await renderSignedIn(root, <DfsPage />, { savedBooks: ['prizepicks', 'underdog', 'pick6'] });
    expect(byTestId('dfs-rows')?.textContent).toBe('underdog');
    expect(byTestId('hidden-by-books')).toBeNull();
  });
});
