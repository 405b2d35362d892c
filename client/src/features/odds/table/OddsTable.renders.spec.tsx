/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ComponentType, type MemoExoticComponent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { oddsTableAt } from '../../../../test-support/odds-table-at';
import { standInDesktopBrowser } from '../../../../test-support/desktop-browser';
import { onePriceDiff } from '../../../../test-support/one-price-diff';
import type { Flashes } from '../rows/live-table';
import type { OddsRow } from '../rows/rows';

/** What rendered, as it rendered: the row views by row key, the row cells by name, the open row's mini-table lines by book. */
const rendered: string[] = [];
const cells: string[] = [];
const lines: string[] = [];

type Props = Record<string, unknown>;
type View = (props: Props) => unknown;
/** A view as it is (memo and all), `record` called with its props each time it renders. */
function counting(view: unknown, record: (props: Props) => void): unknown {
  const count = (render: View) => (props: Props) => (record(props), render(props));
  // a memoised view keeps its memo (the counting is inside it); a plain one is counted as it is
  if (typeof view === 'function') return count(view as View);
  const memo = view as MemoExoticComponent<ComponentType<Props>> & { type: View };
  return { ...memo, type: count(memo.type) };
}

jest.mock('./book-logos', () => ({ LOGOS: new Map() }));
jest.mock('./OddsRowViews', () => {
  const actual = jest.requireActual<Record<string, unknown>>('./OddsRowViews');
  const byKey = (props: Props) => rendered.push((props.row as OddsRow).key);
  return { OddsCard: counting(actual.OddsCard, byKey), OddsTableRow: counting(actual.OddsTableRow, byKey) };
});
jest.mock('./OddsCells', () => {
  const actual = jest.requireActual<Record<string, unknown>>('./OddsCells');
  return Object.fromEntries(
    Object.entries(actual).map(([name, cell]) => [name, counting(cell, () => cells.push(name))]),
  );
});
jest.mock('./MiniTableLines', () => {
  const actual = jest.requireActual<Record<string, unknown>>('./MiniTableLines');
  return Object.fromEntries(
    Object.entries(actual).map(([name, line]) => [
      name,
      counting(line, (props) => lines.push((props.book ?? (props.price as { book: string }).book) as string)),
    ]),
  );
});

const NOW = Date.parse('2026-11-23T16:00:00Z');
const clear = () => {
  rendered.length = 0;
  cells.length = 0;
  lines.length = 0;
};

describe('the odds table re-renders what changed', () => {
  let container: HTMLElement;
  let root: Root;
  // the open row's "Add to My Picks" reads the user's picks through the query cache
  let queryClient: QueryClient;
  const table = (rows: OddsRow[], flashes: Flashes, now: number) => (
    <QueryClientProvider client={queryClient}>{oddsTableAt(rows, flashes, now)}</QueryClientProvider>
  );

  beforeAll(() => {
    standInDesktopBrowser();
  });
  beforeEach(() => {
    clear();
    queryClient = new QueryClient();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    queryClient.clear();
  });

  it('a diff of one price re-renders its row alone, and in it the cells whose values the price moved', () => {
    const diff = onePriceDiff({ events: 24, seed: 18, now: NOW });
    act(() => root.render(table(diff.before, new Map(), NOW)));
    expect(rendered.length).toBeGreaterThan(1);
    clear();

    act(() => root.render(table(diff.after, diff.flashes, NOW)));

    // the other rows of its event (built again from the patched board) are the objects they were: live-rows.ts keeps them
    expect(diff.after.filter((r) => r.eventId === diff.eventId).length).toBeGreaterThan(1);
    expect(rendered).toEqual([diff.key]);
    // the book's price moved: the row's odds (and flash), its EV, and the book's hold; not its match, line, book or de-vig
    expect(cells.sort()).toEqual(['EvCell', 'HoldCell', 'OddsCell']);
    expect(container.querySelector(`[data-row-key="${diff.key}"] [data-flash]`)?.getAttribute('data-flash')).toBe('up');
    expect(container.querySelectorAll('[data-flash]')).toHaveLength(1);
  });

  it('the clock re-renders only the rows whose shown age or live mark changes, and in them only those cells', () => {
    const { before } = onePriceDiff({ events: 24, seed: 18, now: NOW });
    act(() => root.render(table(before, new Map(), NOW)));
    clear();
    // an hour on, every age shown ("3m", "1h") moves on
    act(() => root.render(table(before, new Map(), NOW + 3_600_000)));
    expect(rendered.length).toBeGreaterThan(0);
    // in each, the cell of the price and its age alone (no game shown starts within the hour: no live mark turns)
    expect(cells).toEqual(rendered.map(() => 'OddsCell'));
    clear();
    // a tenth of a second on, no age in seconds shown turns
    act(() => root.render(table(before, new Map(), NOW + 3_600_100)));
    expect(rendered).toEqual([]);
  });

  it("the open row renders with the clock, and in it only the mini table's lines whose age in words moved", () => {
    const { before } = onePriceDiff({ events: 24, seed: 18, now: NOW });
    act(() => root.render(table(before, new Map(), NOW)));
    const row = container.querySelector<HTMLElement>('[data-testid=odds-row]')!;
    act(() => row.click());
    const ages = () =>
      new Map(
        [...container.querySelectorAll('[data-testid=mini-book]')].map((line) => [
          line.getAttribute('data-book')!,
          line.lastElementChild!.textContent,
        ]),
      );
    const agesBefore = ages();
    expect(agesBefore.size).toBeGreaterThan(1);
    clear();

    act(() => root.render(table(before, new Map(), NOW + 100)));
    expect(rendered).toEqual([row.getAttribute('data-row-key')]);
    expect(cells).toEqual([]);
    expect(lines).toEqual([]);

    act(() => root.render(table(before, new Map(), NOW + 30_000)));
    const moved = [...ages()].filter(([book, age]) => agesBefore.get(book) !== age).map(([book]) => book);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.length).toBeLessThan(agesBefore.size);
    expect(lines.sort()).toEqual(moved.sort());
  });
});
