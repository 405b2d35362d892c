/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { OddsRow } from '../rows/rows';
import { useTablePaging } from './useTablePaging';

const rowsOf = (count: number, game = 'g1') =>
  Array.from({ length: count }, (_, i) => ({ key: `${game}|r${i}`, eventId: game }) as OddsRow);

// An alert's +EV link: its row beyond the first page was never shown, and the banner said it was not in this view
describe('useTablePaging with an alert row', () => {
  let root: Root;
  let paging: ReturnType<typeof useTablePaging>;
  function Table({ rows, target }: { rows: OddsRow[]; target: readonly string[] }) {
    paging = useTablePaging(rows, 'game', target);
    return null;
  }
  const render = (rows: OddsRow[], target: readonly string[]) =>
    act(() => root.render(<Table rows={rows} target={target} />));

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => act(() => root.unmount()));

  it('opens on the page holding the row once the table lists it, then lets the user page on', () => {
    const target = ['g1|missing', 'g1|r20'];
    render([], target);
    expect(paging.page).toBe(1);
    const rows = rowsOf(40);
    render(rows, target);
    expect(paging.page).toBe(2);
    act(() => paging.setPage(3));
    render([...rows], target);
    expect(paging.page).toBe(3);
    // the banner reading the price again hands the same row's keys anew: the user's page stays
    render([...rows], [...target]);
    expect(paging.page).toBe(3);
  });

  it('stays on the first page without a target, or with one the table does not list', () => {
    render(rowsOf(40), []);
    expect(paging.page).toBe(1);
    render(rowsOf(40), ['g1|nowhere']);
    expect(paging.page).toBe(1);
  });
});
