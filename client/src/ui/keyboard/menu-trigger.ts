import type { KeyboardEvent } from 'react';
import { openingKey } from './menu-opening';

/**
 * A menu button's state and keys (WAI-ARIA menu button): whether its menu is open, the menu it controls while open,
 * and ArrowDown / ArrowUp opening the menu on its first / last item.
 */
export function menuTriggerProps(menuId: string, open: boolean, onOpen: (focus: 'first' | 'last') => void) {
  return {
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onKeyDown: (event: KeyboardEvent) => {
      const opening = openingKey(event.key);
      if (!opening) return;
      event.preventDefault();
      onOpen(opening);
    },
  };
}
