/**
 * A ref that focuses its element once it is on the page, in place of `autoFocus`: React focuses an autoFocus field
 * itself, while preact/compat (what the client renders with, issue 18) only writes the autofocus attribute, which a
 * browser honours when the page loads, not for a field that appears later (a dropdown's search, a dialog's field).
 * One function for every element, so a re-render does not move the focus again.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
