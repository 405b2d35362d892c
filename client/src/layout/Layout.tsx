import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { MenuOpen } from '../ui/keyboard/menu-opening';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { LoadingBar } from './LoadingBar';
import { BottomBar, MobileMenu } from './nav/MobileNav';
import { Navbar } from './nav/Navbar';
import { NewVersionBanner } from './NewVersionBanner';
import { OfflineBanner } from './OfflineBanner';
import { Spinner } from '../ui/Spinner';
import { PlanLimitModal } from './PlanLimitModal';
import { RouteAnnouncer } from './RouteAnnouncer';
import { screenKey } from './screen-key';
import { AccessibilityClasses, DebugPanel } from './ShellEffects';
import { VerifyEmailNotice } from '../features/account/VerifyEmailNotice';
import { UsernameSetup, WhenSignedIn } from './signed-in';
import { SignupPrompt } from './SignupPrompt';
import { SimulatedFeedsNotice } from './SimulatedFeedsNotice';
import { Toasts } from './Toasts';

/** The shell around every screen (the route table is its child). */
export function Layout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState<MenuOpen>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(null), []);
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LoadingBar />
      <RouteAnnouncer />
      <Navbar onOpenMenu={setMenuOpen} menuOpen={menuOpen !== null} menuButtonRef={menuButtonRef} />
      <MobileMenu open={menuOpen} onClose={closeMenu} trigger={menuButtonRef} />
      <SimulatedFeedsNotice />
      <OfflineBanner />
      <NewVersionBanner />
      {/* in the entry, not the signed-in parts' chunk: decided with the plan the odds page waits for, not after its rows */}
      <VerifyEmailNotice />
      <main className="content" id="main" tabIndex={-1}>
        <ErrorBoundary key={screenKey(pathname)}>
          {/* a screen whose code is still loading (screens load on demand, routing/lazy-pages) */}
          <Suspense fallback={<Spinner />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <SignupPrompt />
      <Footer />
      <BottomBar />
      <Toasts />
      <PlanLimitModal />
      <WhenSignedIn>
        <UsernameSetup />
      </WhenSignedIn>
      <DebugPanel />
      <AccessibilityClasses />
    </div>
  );
}
