import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FOCUSABLE, trappedTabTarget } from './keyboard/focus-trap';
import { useEscapeLayer } from './keyboard/escape-layers';

/** A dialog: labelled, focus moved in on open, kept inside and returned on close; Escape closes it when it can be closed (and nothing opened after it is open). */
export function Modal({
  title,
  onClose,
  children,
  testId,
  wide = false,
}: {
  title: string;
  onClose?: () => void;
  children: ReactNode;
  testId?: string;
  /** Room for a chart or a table: up to 60rem rather than 30rem. */
  wide?: boolean;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The focus goes back to what opened the dialog
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const trap = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const target = trappedTabTarget(
      controls.length,
      controls.indexOf(document.activeElement as HTMLElement),
      event.shiftKey,
    );
    if (target === null) return;
    event.preventDefault();
    controls[target].focus();
  };
  useEscapeLayer(!!onClose, () => onClose?.());
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className={wide ? 'modal modal-wide card' : 'modal card'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={ref}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={trap}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
