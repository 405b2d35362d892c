import { OPS_OVERVIEW_KEY, type OpsOverview } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { liveSocketAtom } from '../realtime/socket';
import { fetchOpsOverview } from './ops-api';
import { FALLBACK_POLL_MS, updateState, type UpdateState } from './ops-view';

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
  const [overview, setOverview] = useState<OpsOverview | null>(null);
  const [receivedAt, setReceivedAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const show = useCallback((next: OpsOverview) => {
    setOverview(next);
    setReceivedAt(Date.now());
    setError(null);
  }, []);

  const load = useCallback(async () => {
    try {
      show(await fetchOpsOverview());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [show]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(
    () =>
      socket.subscribe({ channel: 'ops', sport: OPS_OVERVIEW_KEY }, (envelope) => {
        if ((envelope.type === 'ops.overview' || envelope.type === 'snapshot') && envelope.data) show(envelope.data);
      }),
    [socket, show],
  );

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const updates = overview ? updateState(receivedAt, overview.sample_interval_ms, now) : 'delayed';
  useEffect(() => {
    if (updates === 'live') return;
    const timer = window.setInterval(() => void load(), FALLBACK_POLL_MS);
    return () => window.clearInterval(timer);
  }, [updates, load]);

  return { overview, receivedAt, error, updates, now };
}
