/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FALLBACK_PLAN, type PlanInfo } from '../../state/session-api';
import { renderSignedIn } from '../../../test-support/signed-in';
import { standInDesktopBrowser } from '../../../test-support/desktop-browser';
import { DfsPage } from './DfsPage';

const row = {
  key: 'e1|player_points|LeBron James|Over|25.5',
  eventId: 'e1',
  sportKey: 'basketball_nba',
  sportTitle: 'NBA',
  market: 'player_points',
  outcome: 'Over',
  point: 25.5,
  playerName: 'LeBron James',
  homeTeam: 'LAL',
  awayTeam: 'BOS',
  commenceTime: '2030-01-01T00:00:00Z',
  evPct: 2,
  fairProbability: 0.55,
  isDfs: true,
  best: { book: 'prizepicks', title: 'PrizePicks', decimal: 1.84, isDfs: true, lastUpdate: '2030-01-01T00:00:00Z' },
};
/** The books each render asked the DFS boards for. */
const asked: string[][] = [];
jest.mock('./loading/useDfsOdds', () => ({
  useDfsOdds: ({ books }: { books: string[] }) => {
    asked.push(books);
    return {
      data: { state: { status: 'ready' }, loading: false, flashes: new Map(), now: 0 },
      rows: [row],
      hidden: 0,
      markets: ['player_points'],
    };
  },
}));
// the table's "Add to Bet Slip" hands the row to the page, as RowActions does
jest.mock('./table/OddsTable', () => ({
  OddsTable: (p: { rows: unknown[]; onAddToSlip: (r: unknown) => void }) => (
    <button type="button" onClick={() => p.onAddToSlip(p.rows[0])}>
      Add to Bet Slip
    </button>
  ),
}));
jest.mock('./odds.css', () => ({}));
let planInfo: PlanInfo = FALLBACK_PLAN;
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: planInfo }),
}));
jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));

describe('/dfs', () => {
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

  const render = (saved?: string[]) => renderSignedIn(root, <DfsPage />, { savedBooks: saved });

  // spec 000 §6, 002 §6: a free user may use /dfs and save picks, which is what placing the slip's bets does
  it('shows a free user the slip the row was added to', async () => {
    planInfo = { ...FALLBACK_PLAN, plan: 'free', limit: 250, remaining: 200, used: 50 };
    await render();
    await act(async () =>
      [...document.querySelectorAll('button')].find((b) => b.textContent === 'Add to Bet Slip')!.click(),
    );
    const slip = document.querySelector('[data-testid="bet-slip"]');
    expect(slip?.textContent).toContain('Bet Slip (1)');
    expect(slip?.textContent).toContain('LeBron James');
  });

  // DECISIONS 36: the saved books are the starting view of every table
  it("starts from the DFS apps of the user's saved books", async () => {
    planInfo = { ...FALLBACK_PLAN, plan: 'gold' };
    await render(['prizepicks', 'draftkings']);
    expect(asked.at(-1)).toEqual(['prizepicks']);
  });

  it('starts from all three DFS apps when the saved books hold none', async () => {
    planInfo = { ...FALLBACK_PLAN, plan: 'gold' };
    await render(['draftkings', 'fanduel']);
    expect(asked.at(-1)).toEqual(['prizepicks', 'underdog', 'pick6']);
  });
});
