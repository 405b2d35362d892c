import type { RefObject } from 'react';

/**
 * How a menu opens, apart from the menus' keyboard handling so the navbar's triggers do not carry it (the
 * menus load when opened or when someone signs in).
 */

/** Which item an opening menu focuses: the first, or the last when opened with ArrowUp. Null: closed. */
export type MenuOpen = 'first' | 'last' | null;

/** On a menu's trigger: ArrowDown / ArrowUp open it on its first / last item (null: not an opening key). */
export function openingKey(key: string): MenuOpen {
  return key === 'ArrowDown' ? 'first' : key === 'ArrowUp' ? 'last' : null;
}

/** The hamburger menu's props, as its shell and its drawer take them: how it opens, how it closes, and its trigger. */
export interface HamburgerMenuProps {
  open: MenuOpen;
  onClose: () => void;
  /** The hamburger button, which gets the focus back when the menu closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}
