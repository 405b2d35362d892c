import { useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useEscapeLayer } from './keyboard/escape-layers';
import { ViewportDialog } from './ViewportDialog';

/** Swipe-close threshold and close animation (spec 001 §2, §9). */
export const SWIPE_CLOSE_PX = 90;
export const SHEET_CLOSE_MS = 500;

export function swipeCloses(startY: number, endY: number): boolean {
  return endY - startY > SWIPE_CLOSE_PX;
}

/**
 * A mobile bottom sheet (every sheet of the app: Filters, Select Dates, the multi-selects): closes on Escape
 * (the innermost open sheet only), a click on the backdrop, or a swipe down of more than 90 px, with a 500 ms
 * closing animation. A dialog, the browser's own (`<dialog>` shown modal, covering the page as the backdrop): the page
 * behind is inert while it is open, the focus moves in when it opens and goes back to what opened it when it closes.
 */
export function BottomSheet(props: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return props.open ? <OpenSheet {...props} /> : null;
}

function OpenSheet({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const [closing, setClosing] = useState(false);
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);
  const titleId = useId();
  const closingNow = useRef(false);
  const sheetRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => sheetRef.current?.focus(), []);
  const close = useCallback(() => {
    // A second tap on the backdrop during the animation is not a second close.
    if (closingNow.current) return;
    closingNow.current = true;
    setClosing(true);
    window.setTimeout(() => {
      closingNow.current = false;
      setClosing(false);
      setDrag(0);
      onClose();
    }, SHEET_CLOSE_MS);
  }, [onClose]);
  // Innermost first; a sheet already closing hands Escape on to the one below it.
  useEscapeLayer(!closing, close);
  // On the body (the browser's top layer puts it over the dialog or sheet it was opened from), so a sheet opened from
  // inside another is not held in the outer sheet's box.
  return createPortal(
    <ViewportDialog
      className={`sheet-backdrop${closing ? ' closing' : ''}`}
      data-testid="sheet-backdrop"
      aria-labelledby={titleId}
      onClose={close}
    >
      <div
        className={`sheet${closing ? ' closing' : ''}`}
        tabIndex={-1}
        ref={sheetRef}
        style={drag > 0 && !closing ? { transform: `translateY(${drag}px)` } : undefined}
        onClick={(e) => e.stopPropagation()}
      >
        <div
          className="sheet-handle-area"
          data-testid="sheet-handle"
          onTouchStart={(e) => (start.current = e.touches[0].clientY)}
          onTouchMove={(e) => start.current !== null && setDrag(Math.max(0, e.touches[0].clientY - start.current))}
          onTouchEnd={(e) => {
            const from = start.current;
            start.current = null;
            if (from !== null && swipeCloses(from, e.changedTouches[0].clientY)) close();
            else setDrag(0);
          }}
        >
          <span className="sheet-handle" aria-hidden="true" />
          <h2 id={titleId}>{title}</h2>
        </div>
        <div className="sheet-body">{children}</div>
        {footer && <div className="sheet-footer">{footer}</div>}
      </div>
    </ViewportDialog>,
    document.body,
  );
}
