import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isPlatinum, planLabel } from '../api/accounts';
import { openingKey, useMenuKeyboard, type MenuOpen } from '../components/menu-keyboard';
import { useIsMobile } from '../components/useMediaQuery';
import { authAtom, planAtom } from '../state/auth';
import { SIGN_OUT_MESSAGES, signOut } from '../state/sign-out';
import { useToasts } from '../state/toasts';

/** Navbar links (spec 000 §2): Odds and Picks need sign-in; Scores is public (DECISIONS 9). */
export const NAV_LINKS = [
  { to: '/', label: 'Home', signIn: false },
  { to: '/sportsbooks', label: 'Odds', signIn: true },
  { to: '/picks', label: 'Picks', signIn: true },
  { to: '/scores', label: 'Scores', signIn: false },
] as const;

/** A signed-out click on a sign-in link goes to /login, coming back afterwards. */
export function useGuardedClick() {
  const auth = useAtomValue(authAtom);
  const navigate = useNavigate();
  return (to: string, needsSignIn: boolean) => (event: MouseEvent) => {
    if (!needsSignIn || auth.status === 'signedIn') return;
    event.preventDefault();
    navigate(`/login?returnTo=${encodeURIComponent(to)}`);
  };
}

export function PlanBadge() {
  const auth = useAtomValue(authAtom);
  const plan = useAtomValue(planAtom);
  if (auth.status !== 'signedIn' || plan.status !== 'ready') return null;
  const name = isPlatinum(plan.info) ? 'Platinum' : planLabel(plan.info.plan);
  return (
    <span className={`plan-badge plan-${name.toLowerCase()}`} data-testid="plan-badge">
      {name}
    </span>
  );
}

/**
 * The navbar's search box (spec 000 §2): only on /sportsbooks, and submitting writes q into the URL. Below 768 px
 * it sits in the hamburger menu with the navbar's other items, beside the odds page's own Search Odds modal
 * (001 §2), instead of taking a row of the bar.
 */
export function SearchBox({ onSubmitted }: { onSubmitted?: () => void }) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  useEffect(() => setText(params.get('q') ?? ''), [params]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (text.trim()) next.set('q', text.trim());
    else next.delete('q');
    setParams(next);
    onSubmitted?.();
  };
  return (
    <form className="nav-search" role="search" onSubmit={submit}>
      <input type="search" placeholder="Search sports..." aria-label="Search sports" value={text} onChange={(e) => setText(e.target.value)} />
    </form>
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
  const onMenuKeyDown = useMenuKeyboard({ open, close, container: menuRef, trigger: buttonRef, itemSelector: MENU_ITEMS, tab: 'close' });
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
  if (auth.status !== 'signedIn') {
    return (
      <Link className="button primary small" to="/login">
        Log in
      </Link>
    );
  }
  return (
    <div className="user-menu" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? 'user-menu' : undefined}
        onClick={() => setOpen(open ? null : 'first')}
        onKeyDown={(event) => {
          const opening = openingKey(event.key);
          if (!opening) return;
          event.preventDefault();
          setOpen(opening);
        }}
      >
        <span className="avatar" aria-hidden="true">
          {(auth.user.email || 'U').charAt(0).toUpperCase()}
        </span>
        <span className="sr-only">Account menu</span>
      </button>
      {open && (
        <div className="user-menu-panel card" data-testid="user-menu-panel">
          <UserMenuItems
            menuId="user-menu"
            menuRef={menuRef}
            onKeyDown={onMenuKeyDown}
            email={auth.user.email}
          />
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
  const plan = useAtomValue(planAtom);
  const { show } = useToasts();
  const info = plan.status === 'ready' ? plan.info : null;
  const platinum = info ? isPlatinum(info) : false;
  const planName = info ? (platinum ? 'Platinum' : planLabel(info.plan)) : null;
  const onSignOut = () => {
    show('info', SIGN_OUT_MESSAGES.signingOut, 0);
    void signOut();
  };
  return (
    <>
      <div className="user-menu-head">
        <strong data-testid="user-menu-email">{email || 'User'}</strong>
        {planName && <span data-testid="user-menu-plan">{planName} Plan</span>}
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

export function Navbar({
  onOpenMenu,
  menuOpen,
  menuButtonRef,
}: {
  onOpenMenu: (focus: 'first' | 'last') => void;
  menuOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  const guarded = useGuardedClick();
  const isMobile = useIsMobile();
  return (
    <header className="navbar" role="banner">
      <button
        ref={menuButtonRef}
        type="button"
        className="hamburger"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? 'mobile-menu' : undefined}
        onClick={() => onOpenMenu('first')}
        onKeyDown={(event) => {
          const opening = openingKey(event.key);
          if (!opening) return;
          event.preventDefault();
          onOpenMenu(opening);
        }}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <Link to="/" className="brand" aria-label="OddsPulse home">
        Odds<span>Pulse</span>
      </Link>
      <nav aria-label="Main" className="nav-links">
        {NAV_LINKS.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.to === '/'} onClick={guarded(item.to, item.signIn)}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      {pathname === '/sportsbooks' && !isMobile && <SearchBox />}
      <div className="nav-right">
        <PlanBadge />
        <UserMenu />
      </div>
    </header>
  );
}
