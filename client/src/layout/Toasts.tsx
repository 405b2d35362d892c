import { useAtomValue } from 'jotai';
import { toastsAtom, useToasts } from '../state/toasts';

export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToasts();
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
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
      ))}
    </div>
  );
}
