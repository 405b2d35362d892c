import { useAtomValue } from 'jotai';
import { Suspense, useCallback, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useMenuKeyboard } from '../../ui/keyboard/menu-keyboard';
import { ViewportDialog } from '../../ui/ViewportDialog';
import type { HamburgerMenuProps } from '../../ui/keyboard/menu-opening';
import { authAtom } from '../../state/auth';
import { useOddsControls } from './MobileNav';
import { MainNavLinks } from './Navbar';
import { SearchBox } from './SearchBox';
import { UserMenuItems } from '../signed-in';

/** What the arrow keys move between in the hamburger menu: its links and the account items, not the close button. */
const DRAWER_ITEMS = 'a[href], button:not([disabled]):not(.drawer-close)';

/**
 * The hamburger menu, below 768 px: the navbar's items (spec 000 §2): its links, its search box on /sportsbooks and
 * the user menu. A dialog, the browser's own (`<dialog>` shown modal, covering the page as the backdrop): the page
 * behind is inert while it is open, so Tab stays inside; the arrow keys and Home / End move between its items, and
 * Escape, × or a click outside close it and return focus to the hamburger button.
 */
export function MobileDrawer({ open, onClose, trigger }: HamburgerMenuProps) {
  const auth = useAtomValue(authAtom);
  const drawerRef = useRef<HTMLElement>(null);
  const oddsControls = useOddsControls();
  const onKeyDown = useMenuKeyboard({
    open,
    close: onClose,
    container: drawerRef,
    trigger,
    itemSelector: DRAWER_ITEMS,
    tab: 'stay',
  });
  const dismiss = useCallback(() => {
    onClose();
    trigger.current?.focus();
  }, [onClose, trigger]);
  return (
    // shown modal (by its layout effect, before the menu's focuses the first item) over the inert page
    <ViewportDialog className="drawer-backdrop" aria-label="Menu" onClose={dismiss}>
      <nav
        id="mobile-menu"
        className="drawer"
        aria-label="Mobile menu"
        ref={drawerRef}
        onKeyDown={onKeyDown}
        onClick={(e) => e.stopPropagation()}
      >
        <button type="button" className="drawer-close" aria-label="Close menu" onClick={dismiss}>
          ×
        </button>
        <MainNavLinks />
        {oddsControls && <SearchBox onSubmitted={onClose} />}
        <hr />
        {auth.status === 'signedIn' ? (
          <Suspense fallback={null}>
            <UserMenuItems email={auth.user.email} />
          </Suspense>
        ) : (
          <>
            <Link to="/login">Log in</Link>
            <Link to="/signup">Sign up</Link>
          </>
        )}
      </nav>
    </ViewportDialog>
  );
}
