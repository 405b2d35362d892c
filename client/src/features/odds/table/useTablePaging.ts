import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageSizeOption } from './OddsTableToolbar';
import { nextPage, PAGE_SIZE, pageHolding, type PagingContext } from './pagination';
import type { OddsRow, TableMode } from '../rows/rows';

/**
 * The odds table's page size (15, 50 or all) and page, kept or reset as games, mode and size change (pagination.ts),
 * and moved once to the page holding an alert's row (`targetKeys`) when the table first lists it; the user pages on
 * from there.
 */
export function useTablePaging(rows: readonly OddsRow[], mode: TableMode, targetKeys: readonly string[] = []) {
  const [pageSize, setPageSize] = useState<PageSizeOption>(PAGE_SIZE);
  const [page, setPage] = useState(1);
  const size = pageSize === 'all' ? Math.max(rows.length, 1) : pageSize;
  const gamesKey = useMemo(() => [...new Set(rows.map((r) => r.eventId))].sort().join(','), [rows]);
  const context = useRef<PagingContext>({ gamesKey, mode, pageSize: size });
  // the target shown, by its keys' text: the banner hands the same row's keys anew each time it reads the price again
  const shownTarget = useRef('');
  const target = targetKeys.join('\n');
  useEffect(() => {
    const next = { gamesKey, mode, pageSize: size };
    setPage((p) => nextPage(p, context.current, next, rows.length));
    context.current = next;
  }, [gamesKey, mode, size, rows.length]);
  // after the reset above, in the same commit: a target's page is where the table opens
  useEffect(() => {
    if (!target || shownTarget.current === target) return;
    const holding = pageHolding(rows, target.split('\n'), size);
    if (holding === null) return;
    shownTarget.current = target;
    setPage(holding);
  }, [rows, target, size]);
  return { pageSize, setPageSize, page, setPage, size };
}
