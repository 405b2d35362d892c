import { useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { LoadingBar } from './LoadingBar';
import { BottomBar, MobileMenu } from './MobileNav';
import { Navbar } from './Navbar';
import { PlanLimitModal } from './PlanLimitModal';
import { AccessibilityClasses, DebugPanel } from './ShellEffects';
import { SignupPrompt } from './SignupPrompt';
import { Toasts } from './Toasts';
import { UsernameSetupModal } from './UsernameSetupModal';

export function Layout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // A new path gets a fresh error boundary, so Go Home and the navbar recover from a failed screen.
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LoadingBar />
      <Navbar onOpenMenu={() => setMenuOpen(true)} />
      <MobileMenu open={menuOpen} onClose={closeMenu} />
      <main className="content" id="main" tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <SignupPrompt />
      <Footer />
      <BottomBar />
      <Toasts />
      <PlanLimitModal />
      <UsernameSetupModal />
      <DebugPanel />
      <AccessibilityClasses />
    </div>
  );
}
