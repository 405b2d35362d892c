import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageSizeOption } from './OddsTableToolbar';
import { nextPage, PAGE_SIZE, type PagingContext } from './pagination';
import type { OddsRow, TableMode } from '../rows/rows';

/** The odds table's page size (15, 50 or all) and page, kept or reset as games, mode and size change (pagination.ts). */
export function useTablePaging(rows: readonly OddsRow[], mode: TableMode) {
  const [pageSize, setPageSize] = useState<PageSizeOption>(PAGE_SIZE);
  const [page, setPage] = useState(1);
  const size = pageSize === 'all' ? Math.max(rows.length, 1) : pageSize;
  const gamesKey = useMemo(() => [...new Set(rows.map((r) => r.eventId))].sort().join(','), [rows]);
  const context = useRef<PagingContext>({ gamesKey, mode, pageSize: size });
  useEffect(() => {
    const next = { gamesKey, mode, pageSize: size };
    setPage((p) => nextPage(p, context.current, next, rows.length));
    context.current = next;
  }, [gamesKey, mode, size, rows.length]);
  return { pageSize, setPageSize, page, setPage, size };
}
