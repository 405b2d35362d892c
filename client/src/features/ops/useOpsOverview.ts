import { OPS_OVERVIEW_KEY, type OpsOverview } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { liveSocketAtom } from '../../realtime/socket';
import { opsKeys, opsOverviewQuery } from './ops-api';
import { fallbackPollInterval, updateState, type UpdateState } from './ops-view';

export interface OpsOverviewState {
  overview: OpsOverview | null;
  /** When the overview shown arrived (this browser's clock). */
  receivedAt: number | null;
  /** The last failure to read it, while there is one. */
  error: string | null;
  /** live: overviews arrive every few seconds; delayed: none lately, the page reads one every 10 s itself. */
  updates: UpdateState;
  /** This browser's clock, ticking every second so ages move. */
  now: number;
}

/**
 * The operations overview: read once, then pushed on the `ops` channel every few seconds. When pushes stop (Redis
 * or the server's sampling away, the socket reconnecting) the page says so and reads it every 10 s, keeping the last
 * one on screen with its age; nothing goes blank.
 */
export function useOpsOverview(): OpsOverviewState {
  const socket = useAtomValue(liveSocketAtom);
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  // The interval is asked again on every render (the clock's tick among them), so polling starts once pushes stop.
  const query = useQuery({
    ...opsOverviewQuery(),
    refetchInterval: ({ state }) => fallbackPollInterval(state.data, state.dataUpdatedAt, Date.now()),
  });

  useEffect(
    () =>
      socket.subscribe({ channel: 'ops', sport: OPS_OVERVIEW_KEY }, (envelope) => {
        if ((envelope.type === 'ops.overview' || envelope.type === 'snapshot') && envelope.data)
          queryClient.setQueryData(opsKeys.overview, envelope.data);
      }),
    [socket, queryClient],
  );

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const overview = query.data ?? null;
  // a read and a push alike set the query's data, so its update time is when the overview shown arrived
  const receivedAt = overview ? query.dataUpdatedAt : null;
  return {
    overview,
    receivedAt,
    error: query.error ? query.error.message : null,
    updates: overview ? updateState(receivedAt, overview.sample_interval_ms, now) : 'delayed',
    now,
  };
}
