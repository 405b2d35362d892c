import { useLayoutEffect, useSyncExternalStore, type RefObject, type SyntheticEvent } from 'react';

/**
 * The modal dialogs open, innermost last. `showModal()` makes everything outside the innermost inert (not clickable,
 * hidden from assistive technology), the page's toasts included (a popover shown over a modal dialog is inert
 * too: github.com/whatwg/html/issues/9936), so a toast shown while one is open is put inside it.
 */
const open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** `dialog` was shown modal; returns what removes it once closed. */
function openedDialog(dialog: HTMLDialogElement): () => void {
  open.push(dialog);
  changed();
  return () => {
    const i = open.indexOf(dialog);
    if (i !== -1) open.splice(i, 1);
    changed();
  };
}

/** The innermost open modal dialog, or null. */
function topDialog(): HTMLDialogElement | null {
  return open[open.length - 1] ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The innermost open modal dialog, re-rendering when one opens or closes. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, topDialog, () => null);
}

/**
 * Shows the dialog in `ref` modal from its first paint until it leaves the page (every dialog of the app: Modal, the
 * sheets, the mobile menu), innermost last, and closes it then; the focus goes back to what had it before, unless the owner's close
 * already put it somewhere. Returns the dialog's `onCancel`: a close request the escape layers did not take (a phone's
 * back gesture) goes to `onClose`, the owner's close, and the browser closes nothing by itself.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  onClose: (() => void) | undefined,
): (event: SyntheticEvent<HTMLDialogElement>) => void {
  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const closed = openedDialog(dialog);
    return () => {
      dialog.close();
      closed();
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [ref]);
  return (event) => {
    event.preventDefault();
    onClose?.();
  };
}

/** Where a toast shown while a dialog is open goes (layout/Toasts.tsx): the page behind the dialog is inert. */
export const TOAST_OUTLET = 'data-toast-outlet';

/** The live region each dialog holds for the toasts shown while it is the innermost open. */
export const toastOutlet = { className: 'toasts', 'aria-live': 'polite', [TOAST_OUTLET]: '' } as const;
