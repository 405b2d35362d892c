/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FALLBACK_PLAN } from '../../state/session-api';
import { renderSignedIn } from '../../../test-support/signed-in';
import { standInDesktopBrowser } from '../../../test-support/desktop-browser';
import type { LiveOddsOptions } from './loading/useLiveOdds';
import { OddsSection } from './OddsSection';
import { RESET_FILTERS_EVENT } from './table/OddsTableNotices';

/** The books each render asked the live odds for ([] is every book). */
const asked: string[][] = [];
jest.mock('./loading/useLiveOdds', () => ({
  useLiveOdds: (options: LiveOddsOptions) => {
    asked.push([...options.books]);
    return {
      rows: [],
      boards: {},
      flashes: new Map(),
      state: { status: 'ready' },
      loading: false,
      staleSports: [],
      now: Date.now(),
      refresh: async () => undefined,
      refreshLockedUntil: 0,
    };
  },
}));
// the saved books hide two +EV rows whenever they filter the view
jest.mock('./rows/useHiddenByBooks', () => ({
  ...jest.requireActual('./rows/useHiddenByBooks'),
  useHiddenByBooks: ({ off }: { off: boolean }) => (off ? 0 : 2),
}));
jest.mock('./table/OddsTable', () => ({ OddsTable: () => <p data-testid="odds-rows" /> }));
jest.mock('./odds.css', () => ({}));
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: { ...FALLBACK_PLAN, plan: 'gold' } }),
}));
jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));

const SAVED = ['draftkings', 'pinnacle'];

// DECISIONS 32 and 36: "Show all books" widens the view it was pressed on; a filter change on the page is that page's
// view, and Reset returns to the saved books. The widened view used to outlive both: after "Show all books", Reset and
// an Apply of other books still showed every book.
describe('straight bets after "Show all books"', () => {
  let root: Root;
  beforeAll(standInDesktopBrowser);
  beforeEach(() => {
    asked.length = 0;
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.innerHTML = '';
    jest.useRealTimers();
  });

  const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
  const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
  const section = () => <OddsSection mode="game" platinum={false} search="" onSearch={() => undefined} link={null} />;
  const showAllBooks = async () => {
    await renderSignedIn(root, section(), { savedBooks: SAVED });
    expect(asked.at(-1)).toEqual(SAVED);
    await act(async () => button('Show all books').click());
    expect(asked.at(-1)).toEqual([]);
    expect(byTestId('every-book')).not.toBeNull();
  };

  it('returns to the saved books on the table\u2019s Reset Filters', async () => {
    await showAllBooks();
    await act(async () => window.dispatchEvent(new Event(RESET_FILTERS_EVENT)));
    expect(asked.at(-1)).toEqual(SAVED);
    expect(byTestId('every-book')).toBeNull();
    expect(byTestId('hidden-by-books')?.textContent).toContain('2 positive-EV bets hidden by your books.');
  });

  it('returns to the saved books on the filters\u2019 Reset and Apply', async () => {
    await showAllBooks();
    jest.useFakeTimers();
    await act(async () => button('Reset').click());
    await act(async () => button('Apply').click());
    await act(async () => jest.runOnlyPendingTimers());
    expect(asked.at(-1)).toEqual(SAVED);
    expect(byTestId('every-book')).toBeNull();
  });
});
