/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { SteamMessages, type SteamRecord, type SteamRecordEntry, type SteamRecordGroup } from '@oddspulse/shared';
import { SteamRecordPage } from './SteamRecordPage';

// The app's API client reads the browser's storage when loaded; the record's answer is stood in for below.
jest.mock('../../api/client', () => ({ api: {}, typedApi: {} }));
// jest reads no stylesheet (the build does)
jest.mock('./steam-record.css', () => ({}));
let answer: SteamRecord;
jest.mock('./steam-api', () => ({
  ...jest.requireActual<object>('./steam-api'),
  fetchSteamRecord: () => Promise.resolve(answer),
}));

const group: SteamRecordGroup = {
  sport: null,
  market: null,
  alerts: 1,
  graded: 1,
  hits: 1,
  hitRate: 1,
  avgClvPct: 2.5,
  softMovedRate: 1,
};
const entry: SteamRecordEntry = {
  id: 'steam:1',
  sport: 'basketball_nba',
  game: 'Boston Celtics @ Los Angeles Lakers',
  commenceTime: '2026-01-10T20:00:00Z',
  market: 'h2h',
  side: 'Los Angeles Lakers',
  originBook: 'pinnacle',
  origin: {
    book: 'pinnacle',
    bookTitle: 'Pinnacle',
    sharp: true,
    from: { price: -110, decimal: 1.909 },
    to: { price: -130, decimal: 1.769 },
    at: '2026-01-10T18:00:00Z',
  },
  timeFound: '2026-01-10T18:00:30Z',
  expiredAt: '2026-01-10T18:05:00Z',
  expiry: 'caught_up',
  status: 'graded',
  gradedBook: 'williamhill_us',
  taken: { price: -110, decimal: 1.909 },
  closingPrice: -135,
  clvPct: 2.5,
  softMoved: true,
  note: null,
};

describe('the steam record page', () => {
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  /** Renders the page on `answer` and gives the alert row's text. */
  async function alertRow(): Promise<string> {
    await act(async () =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <SteamRecordPage />
          </MemoryRouter>
        </QueryClientProvider>,
      ),
    );
    // the query's answer lands a tick after the render
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return document.querySelector('[data-testid=steam-record-alert]')?.textContent ?? '';
  }

  // the origin book is named by its title; the graded book's key ("williamhill_us") read as a code, not a sportsbook
  it('names the graded book as a sportsbook, not by its key', async () => {
    answer = { overall: group, groups: [group], alerts: [entry], nextBefore: null };
    const row = await alertRow();
    expect(row).toContain('-110 at Caesars');
    expect(row).not.toContain('williamhill_us');
  });

  // DECISIONS 34: a game called off has no closing line; its alert reads as not graded, with why, and no CLV
  it('says an alert of a postponed or cancelled game is not graded, and why', async () => {
    const calledOff: SteamRecordEntry = {
      ...entry,
      status: 'ungraded',
      closingPrice: null,
      clvPct: null,
      softMoved: null,
      note: SteamMessages.calledOff,
    };
    const ungraded = { ...group, graded: 0, hits: 0, hitRate: null, avgClvPct: null, softMovedRate: null };
    answer = { overall: ungraded, groups: [ungraded], alerts: [calledOff], nextBefore: null };
    const row = await alertRow();
    expect(document.querySelector('[data-testid=steam-record-grade]')?.textContent).toBe(
      'Not graded: The game was postponed or cancelled, so it has no closing line.',
    );
    expect(row).toContain('-110 at Caesars');
    expect(row).not.toContain('%');
  });
});
