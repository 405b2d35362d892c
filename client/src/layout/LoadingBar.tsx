import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** The thin bar that animates for about 300 ms on every path change (spec 000 §2). */
export const LOADING_BAR_MS = 300;

export function LoadingBar() {
  const { pathname } = useLocation();
  const [active, setActive] = useState(false);
  useEffect(() => {
    setActive(true);
    const timer = window.setTimeout(() => setActive(false), LOADING_BAR_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return <div className={`loading-bar${active ? ' active' : ''}`} data-testid="loading-bar" aria-hidden="true" />;
}
