import { lazy, Suspense, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { isPaid } from '../../state/session-api';
import type { HamburgerMenuProps } from '../../ui/keyboard/menu-opening';
import { usePlan } from '../../state/session-state';

import { OPEN_FILTERS_EVENT } from '../../features/odds/sections';
import { prefetchOn, useGuardedClick } from './Navbar';

// The drawer and the odds sections load when shown, not with the landing page
const MobileDrawer = lazy(() => import('./MobileDrawer').then((m) => ({ default: m.MobileDrawer })));
const SectionSwitcher = lazy(() => import('./SectionSwitcher').then((m) => ({ default: m.SectionSwitcher })));
const SlipButton = lazy(() => import('./SlipButton').then((m) => ({ default: m.SlipButton })));

/**
 * The odds page's own controls (search, sections, filters) show only to a plan that can use the page: a free user
 * there sees the upgrade banner, and the controls of a page they are blocked from were a dead end.
 */
export function useOddsControls(): boolean {
  const { pathname } = useLocation();
  const plan = usePlan();
  return pathname === '/sportsbooks' && plan.status === 'ready' && isPaid(plan.info);
}

/**
 * The hamburger menu, below 768 px (the drawer: spec 000 §2). It closes whenever the page changes; its drawer's code
 * loads when it first opens.
 */
export function MobileMenu({ open, onClose, trigger }: HamburgerMenuProps) {
  const { pathname } = useLocation();
  useEffect(onClose, [pathname, onClose]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <MobileDrawer open={open} onClose={onClose} trigger={trigger} />
    </Suspense>
  );
}

/**
 * Keeps `--bottom-bar-height` on the document at the bar's height (0 where it is hidden, on desktop), so what else
 * is fixed to the bottom (the open bet slip) sits above it instead of over its section tabs.
 */
function useBottomBarHeight() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--bottom-bar-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-bar-height');
    };
  }, []);
  return bar;
}

/** The mobile bottom bar: Odds, Home, Picks; on the odds page also Filters, the bet slip and the section switcher. */
export function BottomBar() {
  const guarded = useGuardedClick();
  const onOdds = useOddsControls();
  const bar = useBottomBarHeight();
  // `carries-slip` from the first render the page's own slip button shows in: the bar's button loads its code later,
  // and hiding the page's button only then moved the page under a finger already on it (odds.css)
  return (
    <div className={onOdds ? 'bottom-bar carries-slip' : 'bottom-bar'} data-testid="bottom-bar" ref={bar}>
      {onOdds && (
        <Suspense fallback={null}>
          <SectionSwitcher />
        </Suspense>
      )}
      <nav aria-label="Bottom">
        <NavLink to="/sportsbooks" onClick={guarded('/sportsbooks', true)} {...prefetchOn('/sportsbooks')}>
          Odds
        </NavLink>
        <NavLink to="/" end {...prefetchOn('/')}>
          Home
        </NavLink>
        <NavLink to="/picks" onClick={guarded('/picks', true)} {...prefetchOn('/picks')}>
          Picks
        </NavLink>
        {onOdds && (
          <button type="button" onClick={() => window.dispatchEvent(new Event(OPEN_FILTERS_EVENT))}>
            Filters
          </button>
        )}
        {onOdds && (
          <Suspense fallback={null}>
            <SlipButton />
          </Suspense>
        )}
      </nav>
    </div>
  );
}
