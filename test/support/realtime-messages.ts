import type { RealtimeMessage } from '@oddspulse/shared';

/** A new arbitrage of one event of `sport`, as detection publishes one (its opportunity left out: a notice of it). */
export function arbitrageUpdate(id: string, sport: string): RealtimeMessage<'arbitrage'> {
  const update = {
    action: 'new' as const,
    board: 'odds' as const,
    id,
    event_id: 'e1',
    time_found: new Date().toISOString(),
    expires_in: 1800,
  };
  return {
    channel: 'arbitrage',
    key: sport,
    at: new Date().toISOString(),
    type: 'opportunities',
    data: { updates: [update] },
  };
}
