/**
 * @jest-environment jsdom
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { normaliseOddsApiV4 } from '@oddspulse/shared';
import { standInDesktopBrowser } from '../../../../test-support/desktop-browser';
import { buildEventRows } from '../rows/rows';
import { OddsTable } from './OddsTable';

jest.mock('./book-logos', () => ({ LOGOS: new Map() }));

const fixtures = join(__dirname, '..', '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const noop = () => undefined;

// spec 001 §5: a line quoted on one side only is no combined prop and has no fair line to de-vig; the props table lists
// it with its book and best price, and "—" where the EV and the de-vigged line would be (spec 001 §2 columns)
it('shows a props line quoted on one side only with its price, and "—" for its EV and fair line, open or closed', () => {
  standInDesktopBrowser();
  const file = 'v4_event_odds_soccer_germany_bundesliga_eu-uk_h2h-h2h_lay-player_shots_decimal_2025-11-25.json';
  const [game] = normaliseOddsApiV4(JSON.parse(readFileSync(join(fixtures, file), 'utf8'))).events;
  const now = Date.parse('2025-11-25T18:20:00Z');
  const rows = buildEventRows(game, { mode: 'props', selectedBooks: [], now }).filter(
    (r) => r.playerName === 'Timo Werner',
  );
  expect(rows.length).toBeGreaterThan(0);

  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const queryClient = new QueryClient();
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <OddsTable
          rows={rows}
          flashes={new Map()}
          now={now}
          mode="props"
          loading={false}
          selectedBooks={[]}
          gamesCount={1}
          marketsCount={1}
          onAddToSlip={noop}
          onEdge={noop}
        />
      </QueryClientProvider>,
    ),
  );
  const row = container.querySelector<HTMLElement>(`[data-row-key="${rows[0].key}"]`)!;
  const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
  // EV %, Match, Team / Line, Book, Odds, De-Vig, Hold
  expect(cells[0]).toBe('—');
  expect(cells[2]).toContain('Timo Werner');
  expect(cells[2]).toContain('Over 0.5');
  expect(cells[3]).toContain('1xBet');
  expect(cells[4]).toMatch(/^-2000/); // 1.05 in the default American format
  expect(cells[5]).toBe('—');

  act(() => row.click());
  expect(row.getAttribute('aria-expanded')).toBe('true');
  expect([...container.querySelectorAll('[data-testid=mini-book]')].map((l) => l.getAttribute('data-book'))).toEqual([
    'onexbet',
  ]);
  act(() => root.unmount());
  queryClient.clear();
});
