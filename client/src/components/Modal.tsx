import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useEscapeLayer } from './escape-layers';

/** A dialog: labelled, focus moved in on open, Escape closes it when it can be closed (and nothing opened after it is open). */
export function Modal({ title, onClose, children, testId }: { title: string; onClose?: () => void; children: ReactNode; testId?: string }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  useEscapeLayer(!!onClose, () => onClose?.());
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className="modal card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={ref}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
