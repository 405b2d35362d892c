import { useCallback, useState, type KeyboardEvent } from 'react';
import { rowIndexAfter, rowKeyAction } from './row-keyboard';

function toggled(set: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

/**
 * Which rows of the odds table are open, which open rows list every book, and the keys on a focused row:
 * Enter or Space opens it, the arrows, Home and End move the focus between rows (row-keyboard.ts).
 */
export function useRowToggles() {
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [allBooksShown, setAllBooksShown] = useState<ReadonlySet<string>>(new Set());
  const showAllBooks = useCallback((key: string, all: boolean) => setAllBooksShown((s) => toggled(s, key, all)), []);
  const toggle = useCallback((key: string) => setExpanded((s) => toggled(s, key, !s.has(key))), []);

  const onRowKey = useCallback(
    (event: KeyboardEvent<HTMLElement>, key: string) => {
      if (event.target !== event.currentTarget) return;
      const action = rowKeyAction(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'toggle') {
        toggle(key);
        return;
      }
      const all = [
        ...(event.currentTarget.closest('.odds-table-card')?.querySelectorAll<HTMLElement>('[data-testid=odds-row]') ??
          []),
      ];
      all[rowIndexAfter(action, all.indexOf(event.currentTarget), all.length)]?.focus();
    },
    [toggle],
  );

  return { expanded, toggle, allBooksShown, showAllBooks, onRowKey };
}
