import { useRef, type ReactNode } from 'react';
import { toastOutlet, useModalDialog } from './dialog-stack';

/**
 * A `<dialog>` shown modal that covers the viewport and is its own backdrop (the sheets, the mobile menu). A click on
 * it outside its content, and a close request the escape layers did not take (a phone's back gesture), call
 * `onClose`, which closes it as Escape does; its content stops its own clicks.
 */
export function ViewportDialog({
  className,
  onClose,
  children,
  ...named
}: {
  className: string;
  onClose: () => void;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // a child's layout effect runs before its owner's: the owner may move the focus in once the dialog is shown
  const cancel = useModalDialog(ref, onClose);
  return (
    <dialog
      {...named}
      className={`viewport-dialog ${className}`}
      closedby="closerequest"
      ref={ref}
      onCancel={cancel}
      onClick={onClose}
    >
      {children}
      <div {...toastOutlet} />
    </dialog>
  );
}
