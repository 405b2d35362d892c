import { useCallback, useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { useEscapeLayer } from './escape-layers';
import type { MenuOpen } from './menu-opening';

/**
 * Keyboard support of the WAI-ARIA menu and tabs patterns (keyboard navigation).
 * Menus are vertical (ArrowDown / ArrowUp), tab lists horizontal (ArrowRight / ArrowLeft); both wrap, and
 * Home / End go to the first and last item.
 */
export type Orientation = 'vertical' | 'horizontal';

/** The index to focus after `key`, or null when the key does not move focus. `current` −1: nothing focused yet. */
export function rovingIndex(key: string, current: number, count: number, orientation: Orientation): number | null {
  if (count <= 0) return null;
  const next = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
  const previous = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
  switch (key) {
    case next:
      return current < 0 ? 0 : (current + 1) % count;
    case previous:
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

function visible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

function items(container: HTMLElement | null, selector: string): HTMLElement[] {
  return container ? [...container.querySelectorAll<HTMLElement>(selector)].filter(visible) : [];
}

export interface MenuKeyboardOptions {
  open: MenuOpen;
  close: () => void;
  /** The element holding the items. */
  container: RefObject<HTMLElement | null>;
  /** The button that opened the menu: focus goes back to it on Escape. */
  trigger: RefObject<HTMLElement | null>;
  /** The items arrow keys move between. */
  itemSelector: string;
  /** Dropdown menus close on Tab (focus moves on); a menu in a modal dialog leaves Tab to the browser, which keeps it inside. */
  tab: 'close' | 'stay';
}

/**
 * The menu pattern: opening focuses the first item (the last when opened with ArrowUp); ArrowDown / ArrowUp /
 * Home / End move focus; Escape (through the escape layers) closes and returns focus to the trigger; Enter activates (natively) and Space
 * activates a link as it does a button. Returns the container's keydown handler.
 */
export function useMenuKeyboard({ open, close, container, trigger, itemSelector, tab }: MenuKeyboardOptions) {
  // As the menu appears, not after the next paint (a passive effect's time): a key pressed within that frame reached the
  // button instead of the first item (two quick ArrowDowns did not reach the second item).
  useLayoutEffect(() => {
    if (!open) return;
    const list = items(container.current, itemSelector);
    (open === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open, container, itemSelector]);
  // Escape goes through the shared layer order, so a sheet opened above the menu takes it first.
  useEscapeLayer(open !== null, () => {
    close();
    trigger.current?.focus();
  });

  return useCallback(
    (event: KeyboardEvent) => {
      const list = items(container.current, itemSelector);
      const active = document.activeElement as HTMLElement | null;
      // A text field inside the menu (the mobile search box) keeps Home / End and the arrows for its caret.
      const typing = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
      const index = typing ? null : rovingIndex(event.key, active ? list.indexOf(active) : -1, list.length, 'vertical');
      if (index !== null) {
        event.preventDefault();
        list[index].focus();
        return;
      }
      if (event.key === ' ' && active instanceof HTMLAnchorElement) {
        event.preventDefault();
        active.click();
        return;
      }
      if (event.key === 'Tab' && tab === 'close') close();
    },
    [container, itemSelector, close, tab],
  );
}

/** Moves focus between the enabled tabs of the list for an arrow, Home or End key; the tab focused, or null. */
function focusTabForKey(event: KeyboardEvent<HTMLElement>): HTMLElement | null {
  const tabs = items(event.currentTarget, '[role="tab"]:not([disabled])');
  const index = rovingIndex(event.key, tabs.indexOf(document.activeElement as HTMLElement), tabs.length, 'horizontal');
  if (index === null) return null;
  event.preventDefault();
  tabs[index].focus();
  return tabs[index];
}

/**
 * The tabs pattern with manual activation, for a tab list whose tab changes the page (the odds sections):
 * ArrowRight / ArrowLeft / Home / End move focus between the enabled tabs, Enter or Space selects. Only the
 * selected tab is in the Tab order (give it tabIndex 0, the others −1).
 */
export function onTabListKeyDown(event: KeyboardEvent<HTMLElement>) {
  focusTabForKey(event);
}

/**
 * The tabs pattern with automatic activation, for tabs whose panel shows at once (login / sign-up, the bet
 * slip's single / parlay, the game modal): the tab the arrow keys, Home or End reach is also selected.
 */
export function onSelectingTabListKeyDown(event: KeyboardEvent<HTMLElement>) {
  const tab = focusTabForKey(event);
  if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click();
}
