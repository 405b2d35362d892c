import { useAtomValue } from 'jotai';
import { createPortal } from 'react-dom';
import { toastsAtom, useToasts } from '../state/toasts';
import { TOAST_OUTLET, useTopDialog } from '../ui/dialog-stack';

/**
 * The toasts, in the page's live region, or in the open dialog's while one is open: the page behind a modal dialog is
 * inert, so a toast there could be neither read nor dismissed.
 */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToasts();
  const dialog = useTopDialog();
  const outlet = dialog?.querySelector<HTMLElement>(`:scope > [${TOAST_OUTLET}]`) ?? null;
  const shown = toasts.map((toast) => (
    <div
      key={toast.id}
      className={`toast toast-${toast.type}${toast.leaving ? ' leaving' : ''}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
    >
      <span>{toast.message}</span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  ));
  return (
    <div className="toasts" aria-live="polite">
      {outlet ? createPortal(shown, outlet) : shown}
    </div>
  );
}
