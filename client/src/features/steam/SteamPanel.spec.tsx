/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { staleBook, steamAlert } from '@oddspulse/shared/testing';
import { initialSteam, type SteamItem } from './steam-feed';
import { SteamPanel } from './SteamPanel';

// The app's API client reads the browser's storage when loaded; this list's feed is stood in for below.
jest.mock('../../api/client', () => ({ api: {}, typedApi: {} }));

const NOW = Date.parse('2026-01-10T18:00:00Z');
let feed: SteamItem[] = [];
jest.mock('./useSteamFeed', () => ({
  useSteamFeed: () => ({ items: feed, state: { status: 'ready' }, now: NOW, load: () => undefined }),
}));

const lakers = steamAlert();
const knicks = steamAlert({
  id: 'steam:knicks',
  eventId: 'evt-knicks',
  game: 'New York Knicks @ Miami Heat',
  homeTeam: 'Miami Heat',
  awayTeam: 'New York Knicks',
  side: 'Miami Heat',
  staleBooks: [staleBook('betrivers', -110, 1.2)],
});

// A steam alert's link carries its game's home team as the search (shared alertLinkPath's q): the list under the chip
// "Search: “Lakers”" shows that game's alerts, as the arbitrage and middles scanners do (docs/client.md: the search chip
// narrows the scanners as it does the tables).
describe('the Steam list under the page’s search', () => {
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  const render = (search: string, books: string[] = []) =>
    act(() =>
      root.render(
        <MemoryRouter>
          <SteamPanel
            sports={['basketball_nba']}
            books={books}
            search={search}
            everyBook={false}
            onEveryBook={() => undefined}
          />
        </MemoryRouter>,
      ),
    );
  const games = () =>
    [...document.querySelectorAll('[data-testid=steam-alert] .opportunity-head strong')].map((e) => e.textContent);
  const testId = (id: string) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? null;

  it('lists only the alerts of the searched game, and every alert without a search', () => {
    feed = initialSteam([lakers, knicks], NOW);
    render('Lakers');
    expect(games()).toEqual(['Boston Celtics @ Los Angeles Lakers']);
    render('');
    expect(games().sort()).toEqual(['Boston Celtics @ Los Angeles Lakers', 'New York Knicks @ Miami Heat']);
  });

  it('counts only the searched alerts the books hide', () => {
    // the Knicks alert is at BetRivers alone: not the user's book, but not the searched game either
    feed = initialSteam([lakers, knicks], NOW);
    render('Lakers', ['draftkings']);
    expect(games()).toEqual(['Boston Celtics @ Los Angeles Lakers']);
    expect(testId('hidden-by-books')).toBeNull();
  });

  it('says the search hides the other games’ alerts when none is of the searched game', () => {
    feed = initialSteam([knicks], NOW);
    render('Lakers');
    expect(games()).toEqual([]);
    expect(testId('steam-empty')).toContain('No steam right now');
    expect(testId('hidden-by-search')).toBe('1 alert for other games hidden by the search.');
  });

  // An alert stored before stale books carried their old price (the API says oldPrice may be absent): its books are
  // listed as any other's, at their price now with their EV, the card reading nothing it lacks.
  it('lists a stale book that has no old price at its price now and EV', () => {
    const { oldPrice: _, ...stale } = staleBook('betmgm', -160, 1.9);
    feed = initialSteam([steamAlert({ staleBooks: [stale], bestEvPct: 1.9 })], NOW);
    render('');
    const rows = [...document.querySelectorAll('[data-testid=steam-stale-book]')];
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      [expect.stringContaining('betmgm'), 'Los Angeles Lakers', '-160', '+1.90%'],
    ]);
  });
});
