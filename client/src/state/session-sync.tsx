import { useSetAtom } from 'jotai';
import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { planQuery, sessionKeys } from './session-api';
import type { ApiEvent } from '../api/api-client';
import { api, apiEvents, ApiEventMessage } from '../api/client';
import { needsRefresh, type BrowserSession } from '../api/session';
import { startLiveSocket, stopLiveSocket } from '../realtime/socket-loader';
import { clearOfflineData, retryToast } from './offline';
import { AUTH_REQUIRED_PATH, authAtom, authRequiredAtom } from './auth';
import { useToasts } from './toasts';

/** Session refresh tick (spec 000 §9: every 30 s; refresh inside the 90 s expiry margin). */
const REFRESH_TICK_MS = 30_000;

/**
 * Keeps the auth atom in step with the API client's session (the plan and profile queries are keyed by its user),
 * starts and stops the live socket with it, and turns the client's events into navigation and toasts.
 */
export function SessionSync() {
  const setAuth = useSetAtom(authAtom);
  const queryClient = useQueryClient();
  const setAuthRequired = useSetAtom(authRequiredAtom);
  // react-router's navigate is a new function after every navigation: the effect below reads the latest through a ref,
  // so it runs once, not on every navigation
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const { show } = useToasts();
  const userId = useRef<string | null>(null);

  // Before the first paint, not after it: the plan gates the first screen, and an effect ran a frame or more
  // late, after the page had painted its spinner.
  useLayoutEffect(() => {
    const apply = (session: BrowserSession | null) => {
      if (!session) {
        userId.current = null;
        setAuth({ status: 'signedOut' });
        // nothing of the last user's session stays in this tab's memory
        queryClient.removeQueries({ queryKey: sessionKeys.all });
        stopLiveSocket();
        clearOfflineData();
        return;
      }
      setAuthRequired(false);
      setAuth({ status: 'signedIn', session, user: session.user });
      if (userId.current === session.user.id) return;
      userId.current = session.user.id;
      startLiveSocket();
      // Asked for at once, before a screen reads it: the plan gates the first screen (spec 000 §7: a failure shows
      // the free plan, usePlan).
      void queryClient.prefetchQuery(planQuery(session.user.id));
    };
    apply(api.currentSession());

    const onEvent = (raw: Event) => {
      const event: ApiEvent = (raw as ApiEventMessage).event;
      if (event.type === 'session') apply(event.session);
      if (event.type === 'auth-required') {
        setAuthRequired(true);
        navigateRef.current(AUTH_REQUIRED_PATH);
      }
      if (event.type === 'retrying')
        show('warning', retryToast(event.message, navigator.onLine), (event.seconds + 1) * 1000, 'api-retry');
    };
    const types: ApiEvent['type'][] = ['session', 'auth-required', 'retrying'];
    for (const type of types) apiEvents.addEventListener(type, onEvent);

    const tick = window.setInterval(() => {
      const session = api.currentSession();
      if (session && needsRefresh(session, Date.now())) void api.refresh();
    }, REFRESH_TICK_MS);

    const online = () => console.info('Network online');
    const offline = () => console.warn('Network offline');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      for (const type of types) apiEvents.removeEventListener(type, onEvent);
      window.clearInterval(tick);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [setAuth, setAuthRequired, queryClient, show]);

  return null;
}
