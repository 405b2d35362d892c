/**
 * @jest-environment jsdom
 */
import { act, type ComponentType, type MemoExoticComponent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { onePriceDiff } from '../../../test-support/one-price-diff';
import type { Flashes } from '../rows/live-table';
import type { OddsRow } from '../rows/rows';
import { OddsTable } from './OddsTable';

/** The rows each row view rendered, by row key: the real views (memo and all), counted as they render. */
const rendered: string[] = [];

jest.mock('./book-logos', () => ({ LOGOS: new Map() }));
jest.mock('./OddsRowViews', () => {
  const actual = jest.requireActual<typeof import('./OddsRowViews')>('./OddsRowViews');
  type Memo = MemoExoticComponent<ComponentType<{ row: OddsRow }>> & { type: (props: { row: OddsRow }) => unknown };
  type View = (props: { row: OddsRow }) => unknown;
  const count = (render: View) => (props: { row: OddsRow }) => (rendered.push(props.row.key), render(props));
  // a memoised view keeps its memo (the counting is inside it); a plain one is counted as it is
  const counted = (view: unknown) => (typeof view === 'function' ? count(view as View) : { ...(view as Memo), type: count((view as Memo).type) });
  return { OddsCard: counted(actual.OddsCard), OddsTableRow: counted(actual.OddsTableRow) };
});

const NOW = Date.parse('2026-11-23T16:00:00Z');
const noop = () => undefined;

describe('the odds table re-renders what changed', () => {
  let container: HTMLElement;
  let root: Root;
  const table = (rows: OddsRow[], flashes: Flashes, now: number) => (
    <OddsTable
      rows={rows}
      flashes={flashes}
      now={now}
      mode="game"
      loading={false}
      selectedBooks={[]}
      gamesCount={0}
      marketsCount={0}
      onAddToSlip={noop}
      onEdge={noop}
    />
  );

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    window.matchMedia = (query: string) => ({ matches: false, media: query, addEventListener: noop, removeEventListener: noop }) as unknown as MediaQueryList;
  });
  beforeEach(() => {
    rendered.length = 0;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => act(() => root.unmount()));

  it("a diff of one price re-renders only its event's rows, and the moved price flashes", () => {
    const diff = onePriceDiff({ events: 24, seed: 18, now: NOW });
    act(() => root.render(table(diff.before, new Map(), NOW)));
    const shown = rendered.length;
    expect(shown).toBeGreaterThan(1);
    rendered.length = 0;

    act(() => root.render(table(diff.after, diff.flashes, NOW)));

    const ofEvent = new Set(diff.after.filter((r) => r.eventId === diff.eventId).map((r) => r.key));
    expect(rendered).toContain(diff.key);
    expect(rendered.filter((key) => !ofEvent.has(key))).toEqual([]);
    expect(container.querySelector(`[data-row-key="${diff.key}"] [data-flash]`)?.getAttribute('data-flash')).toBe('up');
    expect(container.querySelectorAll('[data-flash]')).toHaveLength(1);
  });

  it('the clock re-renders only the rows whose shown age or live mark changes', () => {
    const { before } = onePriceDiff({ events: 24, seed: 18, now: NOW });
    act(() => root.render(table(before, new Map(), NOW)));
    rendered.length = 0;
    // an hour on, every age shown ("3m", "1h") moves on
    act(() => root.render(table(before, new Map(), NOW + 3_600_000)));
    expect(rendered.length).toBeGreaterThan(0);
    rendered.length = 0;
    // a tenth of a second on, no age in seconds shown turns
    act(() => root.render(table(before, new Map(), NOW + 3_600_100)));
    expect(rendered).toEqual([]);
  });
});
