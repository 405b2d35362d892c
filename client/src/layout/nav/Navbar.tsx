import { useAtomValue } from 'jotai';
import { lazy, Suspense, type MouseEvent, type RefObject } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { menuTriggerProps } from '../../ui/keyboard/menu-trigger';
import { useIsMobile } from '../../ui/hooks/useMediaQuery';
import { authAtom } from '../../state/auth';
import { prefetchRoute } from '../../routing/lazy-pages';
import { PlanBadge, UserMenu } from '../signed-in';

// The search box is only on the odds page, so it loads with it rather than with the landing page
const SearchBox = lazy(() => import('./SearchBox').then((m) => ({ default: m.SearchBox })));

/** Navbar links (spec 000 §2): Odds and Picks need sign-in; Scores is public (DECISIONS 9). */
export const NAV_LINKS = [
  { to: '/', label: 'Home', signIn: false },
  { to: '/sportsbooks', label: 'Odds', signIn: true },
  { to: '/picks', label: 'Picks', signIn: true },
  { to: '/scores', label: 'Scores', signIn: false },
] as const;

/** A link's screen starts loading when the pointer or focus reaches it. */
export function prefetchOn(to: string) {
  return {
    onMouseEnter: () => prefetchRoute(to),
    onFocus: () => prefetchRoute(to),
    onTouchStart: () => prefetchRoute(to),
  };
}

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

/** NAV_LINKS as router links, in the top bar and in the mobile drawer. */
export function MainNavLinks() {
  const guarded = useGuardedClick();
  return (
    <>
      {NAV_LINKS.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.to === '/'}
          onClick={guarded(item.to, item.signIn)}
          {...prefetchOn(item.to)}
        >
          {item.label}
        </NavLink>
      ))}
    </>
  );
}

/** The top bar (spec 000 §2): the menu button (below 768 px), the brand, the links, search on the odds page, plan and user menu. */
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
  const auth = useAtomValue(authAtom);
  const isMobile = useIsMobile();
  return (
    <header className="navbar" role="banner">
      <button
        ref={menuButtonRef}
        type="button"
        className="hamburger"
        aria-label="Open menu"
        {...menuTriggerProps('mobile-menu', menuOpen, onOpenMenu)}
        onClick={() => onOpenMenu('first')}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <Link to="/" className="brand" aria-label="OddsPulse home">
        Odds<span>Pulse</span>
      </Link>
      <nav aria-label="Main" className="nav-links">
        <MainNavLinks />
      </nav>
      {pathname === '/sportsbooks' && !isMobile && (
        <Suspense fallback={null}>
          <SearchBox />
        </Suspense>
      )}
      <div className="nav-right">
        {auth.status === 'signedIn' ? (
          <Suspense fallback={null}>
            <PlanBadge />
            <UserMenu />
          </Suspense>
        ) : (
          <Link className="button primary small" to="/login">
            Log in
          </Link>
        )}
      </div>
    </header>
  );
}
