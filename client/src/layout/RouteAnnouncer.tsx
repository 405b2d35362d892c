import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { authAtom } from '../state/auth';
import { pageTitle } from './page-title';

/** Spec 000 §4 / §9: a screen-reader announcement is removed after 1000 ms. */
export const ANNOUNCEMENT_MS = 1000;
/** How long to wait for a screen (whose code may still be loading) to show its heading. */
const HEADING_WAIT_MS = 3000;

/**
 * Tells screen-reader users where a client-side navigation landed (the new screen's first heading),
 * through a polite live region that empties itself after the spec's 1000 ms; and names the page in the title.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const signedIn = useAtomValue(authAtom).status === 'signedIn';
  const [message, setMessage] = useState('');
  useEffect(() => {
    document.title = pageTitle(pathname, signedIn);
  }, [pathname, signedIn]);
  useEffect(() => {
    let clear: number | undefined;
    const announce = (text: string) => {
      setMessage(text);
      clear = window.setTimeout(() => setMessage(''), ANNOUNCEMENT_MS);
    };
    // Screens load on demand: wait for the new screen's heading, and name the page by its title if none comes.
    const heading = () => document.querySelector('#main h1')?.textContent?.trim();
    let read: number | undefined;
    const started = Date.now();
    const poll = () => {
      const text = heading();
      if (text) announce(`${text} page`);
      else if (Date.now() - started >= HEADING_WAIT_MS) announce(document.title);
      else read = window.setTimeout(poll, 100);
    };
    read = window.setTimeout(poll, 100);
    return () => {
      window.clearTimeout(read);
      window.clearTimeout(clear);
      // the page left takes its announcement with it: its timer to clear it has just been cancelled
      setMessage('');
    };
  }, [pathname]);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
