import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { toastOutlet, useModalDialog } from './dialog-stack';
import { useEscapeLayer } from './keyboard/escape-layers';

/**
 * A dialog, the browser's own (`<dialog>` shown with `showModal()`): the page behind is inert, so the keyboard and a
 * screen reader stay inside, and the focus goes back to what opened it when it closes. Escape (the innermost open
 * layer only) and a click on the backdrop close it when it can be closed; one that cannot (no `onClose`) ignores
 * both (`closedby="none"`).
 */
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
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useModalDialog(ref, onClose);
  useLayoutEffect(() => {
    // The dialog itself, not its first control: its title is read first, and Tab goes on to the first control
    ref.current!.focus();
  }, []);
  // Escape goes to the innermost open layer (a sheet opened inside the dialog first); escape-layers cancels the key's
  // close request, so the browser closes nothing by itself
  useEscapeLayer(!!onClose, () => onClose?.());
  const clickOutside = (event: MouseEvent<HTMLDialogElement>) => {
    // a click on the backdrop lands on the dialog element, outside its box
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) onClose?.();
  };
  return (
    <dialog
      className={wide ? 'modal modal-wide card' : 'modal card'}
      aria-labelledby={titleId}
      closedby={onClose ? 'closerequest' : 'none'}
      tabIndex={-1}
      ref={ref}
      data-testid={testId}
      onCancel={cancel}
      onClick={clickOutside}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div {...toastOutlet} />
    </dialog>
  );
}
