import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTitle } from './page-title';

/** Spec 000 §4 / §9: a screen-reader announcement is removed after 1000 ms. */
export const ANNOUNCEMENT_MS = 1000;

/**
 * Tells screen-reader users where a client-side navigation landed (the new screen's first heading),
 * through a polite live region that empties itself after the spec's 1000 ms; and names the page in the title.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  useEffect(() => {
    document.title = pageTitle(pathname);
    let clear: number | undefined;
    // After the new screen has rendered its heading.
    const read = window.setTimeout(() => {
      const heading = document.querySelector('#main h1')?.textContent?.trim();
      setMessage(heading ? `${heading} page` : document.title);
      clear = window.setTimeout(() => setMessage(''), ANNOUNCEMENT_MS);
    }, 100);
    return () => {
      window.clearTimeout(read);
      window.clearTimeout(clear);
    };
  }, [pathname]);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
