import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router-dom';
import { isPaid, isPlatinum } from '../account/account-api';
import { authAtom, planAtom } from '../state/auth';
import { onTabListKeyDown, useMenuKeyboard, type MenuOpen } from '../components/menu-keyboard';
import { NAV_LINKS, prefetchOn, useGuardedClick } from './Navbar';
import { SearchBox } from './SearchBox';
import { UserMenuItems } from './UserMenu';

/** What the arrow keys move between in the hamburger menu: its links and the account items, not the close button. */
const DRAWER_ITEMS = 'a[href], button:not([disabled]):not(.drawer-close)';

/**
 * The odds page's own controls (search, sections, filters) show only to a plan that can use the page: a free user
 * there sees the upgrade banner, and the controls of a page they are blocked from were a dead end (issue 22).
 */
function useOddsControls(): boolean {
  const { pathname } = useLocation();
  const plan = useAtomValue(planAtom);
  return pathname === '/sportsbooks' && plan.status === 'ready' && isPaid(plan.info);
}

/** Odds page sections (spec 000 §2, 001 §2); arbitrage and middles are Platinum only. */
export const SECTIONS = [
  { mode: 'game', label: 'Straight Bets', platinum: false },
  { mode: 'props', label: 'Player Props', platinum: false },
  { mode: 'arbitrage', label: 'Arbitrage', platinum: true },
  { mode: 'middles', label: 'Middles', platinum: true },
] as const;

/** The odds page opens its filter drawer on this window event (the mobile bottom bar's Filters button). */
export const OPEN_FILTERS_EVENT = 'oddspulse:open-filters';

/**
 * The hamburger menu, below 768 px: the navbar's items (spec 000 §2): its links, its search box on /sportsbooks and
 * the user menu. It keeps keyboard focus while open
 * (arrow keys, Home / End; Tab cycles inside), and Escape, × or a click outside close it and return focus to
 * the hamburger button.
 */
export function MobileMenu({ open, onClose, trigger }: { open: MenuOpen; onClose: () => void; trigger: RefObject<HTMLButtonElement | null> }) {
  const auth = useAtomValue(authAtom);
  const guarded = useGuardedClick();
  const { pathname } = useLocation();
  const drawerRef = useRef<HTMLElement>(null);
  const oddsControls = useOddsControls();
  const onKeyDown = useMenuKeyboard({ open, close: onClose, container: drawerRef, trigger, itemSelector: DRAWER_ITEMS, tab: 'trap' });
  const dismiss = useCallback(() => {
    onClose();
    trigger.current?.focus();
  }, [onClose, trigger]);
  useEffect(onClose, [pathname, onClose]);
  if (!open) return null;
  return (
    <div className="drawer-backdrop" onClick={dismiss}>
      <nav id="mobile-menu" className="drawer" aria-label="Mobile menu" ref={drawerRef} onKeyDown={onKeyDown} onClick={(e) => e.stopPropagation()}>
        <button type="button" className="drawer-close" aria-label="Close menu" onClick={dismiss}>
          ×
        </button>
        {NAV_LINKS.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.to === '/'} onClick={guarded(item.to, item.signIn)} {...prefetchOn(item.to)}>
            {item.label}
          </NavLink>
        ))}
        {oddsControls && <SearchBox onSubmitted={onClose} />}
        <hr />
        {auth.status === 'signedIn' ? (
          <UserMenuItems email={auth.user.email} />
        ) : (
          <>
            <Link to="/login">Log in</Link>
            <Link to="/signup">Sign up</Link>
          </>
        )}
      </nav>
    </div>
  );
}

function SectionSwitcher() {
  const plan = useAtomValue(planAtom);
  const [params, setParams] = useSearchParams();
  const platinum = plan.status === 'ready' && isPlatinum(plan.info);
  const current = params.get('mode') ?? 'game';
  return (
    <div className="section-switcher" role="tablist" aria-label="Odds sections" onKeyDown={onTabListKeyDown}>
      {SECTIONS.filter((s) => platinum || !s.platinum).map((section) => (
        <button
          key={section.mode}
          type="button"
          role="tab"
          aria-selected={current === section.mode}
          tabIndex={current === section.mode ? 0 : -1}
          onClick={() => {
            const next = new URLSearchParams(params);
            if (section.mode === 'game') next.delete('mode');
            else next.set('mode', section.mode);
            setParams(next, { replace: true });
          }}
        >
          {section.label}
        </button>
      ))}
    </div>
  );
}

/** The mobile bottom bar: Odds, Home, Picks; on the odds page also Filters and the section switcher. */
export function BottomBar() {
  const guarded = useGuardedClick();
  const onOdds = useOddsControls();
  return (
    <div className="bottom-bar" data-testid="bottom-bar">
      {onOdds && <SectionSwitcher />}
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
      </nav>
    </div>
  );
}
