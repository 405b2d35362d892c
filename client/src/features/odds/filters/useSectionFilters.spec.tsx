/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider, createStore } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LinkSelection } from '../alert-link';
import { appliedFiltersAtom } from '../odds-state';
import { defaultFilters, storedPart, type OddsFilters } from './filter-settings';
import { useSectionFilters } from './useSectionFilters';

// The app's API client reads the browser's storage when loaded; a visitor's starting books ask it nothing.
jest.mock('../../../api/client', () => ({ api: {}, typedApi: {} }));

const NFL = 'americanfootball_nfl';
const NBA = 'basketball_nba';
const kept = { ...storedPart(defaultFilters()), sports: [NFL], markets: ['h2h'], date: '2026-12-02' };
const nbaLink: LinkSelection = { sport: NBA, market: 'h2h_q1', books: ['fanduel'] };

// spec 000 §9: a filter is kept from the time of the user's Apply; following an alert's link is not one
describe("a table's filters opened on an alert's link", () => {
  let root: Root;
  let section: ReturnType<typeof useSectionFilters>;

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => act(() => root.unmount()));

  async function open(link: LinkSelection | null) {
    const store = createStore();
    store.set(appliedFiltersAtom, kept);
    function Probe() {
      section = useSectionFilters(link, 'game');
      return null;
    }
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () =>
      root.render(
        <Provider store={store}>
          <QueryClientProvider client={new QueryClient()}>
            <Probe />
          </QueryClientProvider>
        </Provider>,
      ),
    );
    return store;
  }

  it('shows the link’s sport, market and every date in this view, and keeps the filters the user kept', async () => {
    const store = await open(nbaLink);
    expect(section.applied.sports).toEqual([NFL, NBA]);
    expect(section.applied.markets).toContain('h2h_q1');
    expect(section.applied.date).toBe('');
    expect(section.applied.books).toContain('fanduel');
    expect(store.get(appliedFiltersAtom)).toEqual(kept);
  });

  it('keeps what the user applies on the link’s page, and adds the link to it no more', async () => {
    const store = await open(nbaLink);
    const mine: OddsFilters = { ...section.applied, sports: [NFL], date: '2026-12-03' };
    await act(async () => section.setApplied(mine));
    expect(store.get(appliedFiltersAtom)).toEqual(storedPart(mine));
    expect(section.applied.sports).toEqual([NFL]);
    expect(section.applied.date).toBe('2026-12-03');
  });

  it('is the kept filters without a link', async () => {
    await open(null);
    expect(section.applied).toMatchObject(kept);
  });
});
