import { canViewOps } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isPlatinum, accountPlanName } from '../../state/session-api';
import { useMenuKeyboard } from '../../ui/keyboard/menu-keyboard';
import type { MenuOpen } from '../../ui/keyboard/menu-opening';
import { menuTriggerProps } from '../../ui/keyboard/menu-trigger';
import { authAtom } from '../../state/auth';
import { SIGN_OUT_MESSAGES, signOut } from '../../state/sign-out';
import { useToasts } from '../../state/toasts';
import { usePlan } from '../../state/session-state';

/** The signed-in user's plan, beside the user menu. */
export function PlanBadge() {
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  if (auth.status !== 'signedIn' || plan.status !== 'ready') return null;
  const name = accountPlanName(plan.info);
  return (
    <span className={`plan-badge plan-${name.toLowerCase()}`} data-testid="plan-badge">
      {name}
    </span>
  );
}

const MENU_ITEMS = '[role="menuitem"]';

export function UserMenu() {
  const auth = useAtomValue(authAtom);
  const [open, setOpen] = useState<MenuOpen>(null);
  const ref = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(null), []);
  const onMenuKeyDown = useMenuKeyboard({
    open,
    close,
    container: menuRef,
    trigger: buttonRef,
    itemSelector: MENU_ITEMS,
    tab: 'close',
  });
  const { pathname } = useLocation();
  useEffect(() => setOpen(null), [pathname]);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: globalThis.MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);
  if (auth.status !== 'signedIn') return null;
  return (
    <div className="user-menu" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        {...menuTriggerProps('user-menu', open !== null, setOpen)}
        onClick={() => setOpen(open ? null : 'first')}
      >
        <span className="avatar" aria-hidden="true">
          {(auth.user.email || 'U').charAt(0).toUpperCase()}
        </span>
        <span className="sr-only">Account menu</span>
      </button>
      {open && (
        <div className="user-menu-panel card" data-testid="user-menu-panel">
          <UserMenuItems menuId="user-menu" menuRef={menuRef} onKeyDown={onMenuKeyDown} email={auth.user.email} />
        </div>
      )}
    </div>
  );
}

/**
 * The user menu's contents, shared by the desktop dropdown and the mobile hamburger menu: the email and plan
 * as its heading, then the items in a WAI-ARIA menu.
 */
export function UserMenuItems({
  email,
  menuId,
  menuRef,
  onKeyDown,
}: {
  email: string;
  menuId?: string;
  menuRef?: RefObject<HTMLDivElement | null>;
  onKeyDown?: (event: KeyboardEvent) => void;
}) {
  const plan = usePlan();
  const { show } = useToasts();
  const info = plan.status === 'ready' ? plan.info : null;
  const platinum = info ? isPlatinum(info) : false;
  const name = info ? accountPlanName(info) : null;
  const onSignOut = () => {
    show('info', SIGN_OUT_MESSAGES.signingOut, 0);
    void signOut();
  };
  return (
    <>
      <div className="user-menu-head">
        <strong data-testid="user-menu-email" title={email || undefined}>
          {email || 'User'}
        </strong>
        {name && <span data-testid="user-menu-plan">{name} Plan</span>}
      </div>
      <div className="user-menu-items" role="menu" id={menuId} aria-label="Account" ref={menuRef} onKeyDown={onKeyDown}>
        <Link role="menuitem" to="/my-sportsbooks">
          My Sportsbooks
        </Link>
        <Link role="menuitem" to="/account">
          Account Settings
        </Link>
        <Link role="menuitem" to="/subscribe">
          Subscription
        </Link>
        <Link role="menuitem" to="/alerts">
          Alerts
        </Link>
        {/* What Platinum is sold with, reachable from the menu */}
        {platinum && (
          <Link role="menuitem" to="/analytics">
            Analytics
          </Link>
        )}
        <Link role="menuitem" to="/contact">
          {platinum ? 'Priority support' : 'Contact support'}
        </Link>
        {canViewOps(info?.role) && (
          <Link role="menuitem" to="/ops">
            Operations
          </Link>
        )}
        {!platinum && (
          <Link role="menuitem" className="button primary small" to="/pricing">
            Upgrade to Platinum
          </Link>
        )}
        <button type="button" role="menuitem" className="link-button" onClick={onSignOut}>
          Sign Out
        </button>
      </div>
    </>
  );
}
