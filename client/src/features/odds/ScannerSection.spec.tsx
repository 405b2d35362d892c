/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { staleBook, steamAlert } from '@oddspulse/shared/testing';
import { FALLBACK_PLAN } from '../../state/session-api';
import { renderSignedIn } from '../../../test-support/signed-in';
import { standInDesktopBrowser } from '../../../test-support/desktop-browser';
import { ScannerSection } from './ScannerSection';

const NOW = Date.parse('2026-01-10T18:00:00Z');
let feed: { alert: ReturnType<typeof steamAlert>; status: 'current'; since: number }[] = [];
jest.mock('../steam/useSteamFeed', () => ({
  useSteamFeed: () => ({ items: feed, state: { status: 'ready' }, now: NOW, load: () => undefined }),
}));
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: { ...FALLBACK_PLAN, plan: 'platinum' } }),
}));
jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) }, typedApi: {} }));

// A steam alert whose only stale book is BetRivers: the saved books (DraftKings) hide it.
const atBetRivers = steamAlert({ staleBooks: [staleBook('betrivers', -110, 1.2)] });

// DECISIONS 32 and 36: "Show all books" widens the scanner it was pressed on; a filter change on the page is that page's
// view, and Reset returns to the saved books. The widened view used to outlive both: after "Show all books", the
// filters' Reset and Apply left every book showing.
describe('a scanner after "Show all books"', () => {
  let root: Root;
  beforeAll(standInDesktopBrowser);
  beforeEach(() => {
    feed = [{ alert: atBetRivers, status: 'current', since: NOW }];
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.innerHTML = '';
    jest.useRealTimers();
  });

  const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
  const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
  const alerts = () => document.querySelectorAll('[data-testid=steam-alert]').length;

  it('returns to the saved books on the filters’ Reset and Apply', async () => {
    await renderSignedIn(root, <ScannerSection kind="steam" link={null} search="" />, { savedBooks: ['draftkings'] });
    expect(alerts()).toBe(0);
    expect(byTestId('hidden-by-books')?.textContent).toContain('1 alert hidden by your books.');

    await act(async () => button('Show all books').click());
    expect(alerts()).toBe(1);
    expect(byTestId('every-book')).not.toBeNull();

    jest.useFakeTimers();
    await act(async () => button('Reset').click());
    await act(async () => button('Apply').click());
    await act(async () => jest.runOnlyPendingTimers());
    expect(alerts()).toBe(0);
    expect(byTestId('every-book')).toBeNull();
    expect(byTestId('hidden-by-books')?.textContent).toContain('1 alert hidden by your books.');
  });
});
