/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { oddsTableAt } from '../../../../test-support/odds-table-at';
import { standInDesktopBrowser } from '../../../../test-support/desktop-browser';
import { onePriceDiff } from '../../../../test-support/one-price-diff';
import type { OddsRow } from '../rows/rows';

jest.mock('./book-logos', () => ({ LOGOS: new Map() }));

const NOW = Date.parse('2026-11-23T16:00:00Z');

// spec 001 §2, §4: the open row's "Add to My Picks" asks for a stake; live prices go on changing the table meanwhile
describe('an open row of the odds table listing every row', () => {
  let container: HTMLElement;
  let root: Root;
  let queryClient: QueryClient;
  const table = (rows: OddsRow[], now: number) => (
    <QueryClientProvider client={queryClient}>{oddsTableAt(rows, new Map(), now)}</QueryClientProvider>
  );

  beforeAll(() => {
    standInDesktopBrowser();
    // jsdom lays nothing out: the windowed list's scroller is given the size it would have, or no row is in view
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  });
  afterAll(() => jest.restoreAllMocks());
  beforeEach(() => {
    queryClient = new QueryClient();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    queryClient.clear();
    container.remove();
  });

  it('keeps the stake being typed and its focus when a row above it leaves or comes in', () => {
    const { before } = onePriceDiff({ events: 24, seed: 18, now: NOW });
    act(() => root.render(table(before, NOW)));
    const rowsSelect = [...container.querySelectorAll('select')].find((s) =>
      s.closest('label')?.textContent?.startsWith('Rows'),
    )!;
    act(() => {
      rowsSelect.value = 'all';
      rowsSelect.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const open = before[3];
    act(() => container.querySelector<HTMLElement>(`[data-row-key="${open.key}"]`)!.click());
    const add = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Add to My Picks')!;
    act(() => add.click());
    const stake = container.querySelector<HTMLInputElement>('[data-testid=add-pick-stake] input')!;
    stake.value = '12.50';
    stake.focus();

    // the first row's game leaves the board, then a row comes back in above
    for (const rows of [before.filter((r) => r.key !== before[0].key), before]) {
      act(() => root.render(table(rows, NOW + 5_000)));
      const form = container.querySelector(`[data-row-key="${open.key}"] [data-testid=add-pick-stake]`);
      expect(form?.querySelector('input')).toBe(stake);
      expect(stake.value).toBe('12.50');
      expect(document.activeElement).toBe(stake);
    }
  });
});
