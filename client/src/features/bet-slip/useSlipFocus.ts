import { useEffect, useRef } from 'react';
import { useEscapeLayer } from '../../ui/keyboard/escape-layers';

/**
 * Where the focus goes as the slip opens and closes: opened from its button (or the phone's bottom bar), the slip
 * takes the focus; Escape closes it, and closed while it held the focus, the slip hands it back to its button (the
 * bottom bar's where that one shows).
 */
export function useSlipFocus(isOpen: boolean, setOpen: (open: boolean) => void) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const focusPanel = useRef(false);
  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = !!panelRef.current?.contains(document.activeElement);
    setOpen(false);
  };
  useEscapeLayer(isOpen, close);
  useEffect(() => {
    // on a phone the bottom bar's button opens the slip (layout/nav/SlipButton.tsx), and the page's own is hidden
    const barButton = document.querySelector<HTMLElement>('.bottom-bar .slip-button');
    const fromBar = !!barButton && document.activeElement === barButton;
    if (isOpen && (focusPanel.current || fromBar)) panelRef.current?.focus();
    if (!isOpen && returnFocus.current) (barButton?.offsetParent ? barButton : toggleRef.current)?.focus();
    focusPanel.current = false;
    returnFocus.current = false;
  }, [isOpen]);
  const open = () => {
    focusPanel.current = true;
    setOpen(true);
  };
  return { toggleRef, panelRef, open, close };
}
