import { useSetAtom } from 'jotai';
import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { FALLBACK_PLAN, fetchPlanInfo, fetchProfile } from '../account/account-api';
import { ApiError, type ApiEvent } from '../api/api-client';
import { api, apiEvents, ApiEventMessage } from '../api/client';
import { needsRefresh, type Session } from '../api/session';
import { startLiveSocket, stopLiveSocket } from '../realtime/socket-loader';
import { clearOfflineData } from '../service-worker';
import { AUTH_REQUIRED_PATH, authAtom, authRequiredAtom, planAtom, profileAtom } from './auth';
import { retryToast } from './offline';
import { useToasts } from './toasts';

/** Session refresh tick (spec 000 §9: every 30 s; refresh inside the 90 s expiry margin). */
const REFRESH_TICK_MS = 30_000;

/**
 * Keeps the auth, plan and profile atoms in step with the API client's session, starts and stops the
 * live socket with it, and turns the client's events into navigation and toasts.
 */
export function SessionSync() {
  const setAuth = useSetAtom(authAtom);
  const setPlan = useSetAtom(planAtom);
  const setProfile = useSetAtom(profileAtom);
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
    const apply = (session: Session | null) => {
      if (!session) {
        userId.current = null;
        setAuth({ status: 'signedOut' });
        setPlan({ status: 'ready', info: FALLBACK_PLAN });
        setProfile({ status: 'loading' });
        stopLiveSocket();
        clearOfflineData();
        return;
      }
      setAuthRequired(false);
      setAuth({ status: 'signedIn', session, user: session.user });
      if (userId.current === session.user.id) return;
      userId.current = session.user.id;
      setPlan({ status: 'loading' });
      setProfile({ status: 'loading' });
      startLiveSocket();
      fetchPlanInfo()
        .then((info) =>
          setPlan({
            status: 'ready',
            info: { ...info, plan: (info.plan?.toLowerCase() ?? 'free') as typeof info.plan },
          }),
        )
        .catch((error: unknown) => {
          // spec 000 §7: any error falls back to the free plan.
          console.warn('Plan info unavailable; showing the free plan', error);
          setPlan({ status: 'ready', info: FALLBACK_PLAN });
        });
      fetchProfile()
        .then((profile) => setProfile({ status: 'ready', profile }))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) {
            setProfile({ status: 'ready', profile: { id: session.user.id, username: null, updated_at: null } });
            return;
          }
          setProfile({ status: 'error', message: 'Unable to load profile. Please try again later.' });
        });
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
  }, [setAuth, setAuthRequired, setPlan, setProfile, show]);

  return null;
}
