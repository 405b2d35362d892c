import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useSecurityActivityChanged } from '../account';
import { billingKeys } from './billing-api';
import { liveSocketAtom } from '../../realtime/socket';
import { authAtom } from '../../state/auth';
import { useRefreshPlan } from '../../state/session-state';

/**
 * Keeps the plan in step with the server without a reload: the gateway announces every plan change
 * on the user's own channel (a checkout paid, a gift, a cancellation that ended, a repair), and /api/me is read
 * again, so the badge, the gates and the pages follow while the socket's rooms change on the server. The user's
 * billing reads and security activity (which records a plan change) are read again where shown.
 */
export function PlanSync() {
  const auth = useAtomValue(authAtom);
  const socket = useAtomValue(liveSocketAtom);
  const refreshPlan = useRefreshPlan();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const queryClient = useQueryClient();
  const activityChanged = useSecurityActivityChanged(userId ?? '');
  useEffect(() => {
    if (!userId) return;
    return socket.subscribe({ channel: 'user' }, (envelope) => {
      // A snapshot means messages were missed: the plan may have changed meanwhile.
      if (envelope.type !== 'plan.changed' && envelope.type !== 'snapshot') return;
      void queryClient.invalidateQueries({ queryKey: billingKeys.user(userId) });
      activityChanged();
      void refreshPlan();
    });
  }, [socket, userId, refreshPlan, queryClient, activityChanged]);
  return null;
}
