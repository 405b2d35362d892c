/**
 * A dialog keeps the keyboard focus inside while open (the game modal let Tab wander onto the page behind
 * it, and closing it left the focus nowhere). Tab past the last control goes to the first, Shift+Tab before the
 * first to the last; the focus returns to what opened the dialog when it closes.
 */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The control Tab should land on, or null to let the browser move within the dialog. `current` is −1 when the dialog itself has focus. */
export function trappedTabTarget(count: number, current: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (backwards) return current <= 0 ? count - 1 : null;
  return current === -1 || current === count - 1 ? 0 : null;
}
