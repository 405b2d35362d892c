/**
 * The odds table by keyboard (rows could not be focused, so a row could not be opened, added to the slip
 * or to picks without a mouse). A focused row opens and closes on Enter or Space, like the click that does it;
 * the arrow keys, Home and End move between rows, as in a listbox; Tab goes on into an open row's actions.
 */
export type RowKeyAction = 'toggle' | 'next' | 'previous' | 'first' | 'last';

const ACTIONS = new Map<string, RowKeyAction>(
  Object.entries({
    Enter: 'toggle',
    ' ': 'toggle',
    ArrowDown: 'next',
    ArrowUp: 'previous',
    Home: 'first',
    End: 'last',
  }),
);

/** What a key pressed on a focused row does; null leaves the key to the browser (Tab, a modifier chord). */
export function rowKeyAction(event: {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}): RowKeyAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  return ACTIONS.get(event.key) ?? null;
}

/** The row index a move lands on, kept within the rows (no wrapping, so End and Home mean the ends). */
export function rowIndexAfter(action: Exclude<RowKeyAction, 'toggle'>, index: number, count: number): number {
  if (count === 0) return -1;
  if (action === 'first') return 0;
  if (action === 'last') return count - 1;
  return Math.min(count - 1, Math.max(0, index + (action === 'next' ? 1 : -1)));
}
