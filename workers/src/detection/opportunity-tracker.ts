import { expiresInAt, OpportunityUpdate } from '@oddspulse/shared';

/** What every kind of opportunity has in common, as far as tracking goes. */
export interface Trackable {
  id: string;
  eventId: string;
  timeFound: string;
  expiresIn: number;
  /** Found only below the published commission rates (opportunities-for-user.ts). */
  belowDefaultCommission?: true;
}

/** Fields that change with the clock alone; a change in them is not a change of the opportunity. */
const VOLATILE = new Set(['ageSeconds', 'timeFound', 'expiresIn']);

function signature(value: unknown): string {
  return JSON.stringify(value, (key, v) => (VOLATILE.has(key) ? undefined : v));
}

export interface TrackResult<T> {
  /** What to keep for the event (empty: delete it). */
  current: Array<OpportunityUpdate<T>>;
  /** What to publish: new, updated (something but the clock changed) and gone. */
  published: Array<OpportunityUpdate<T>>;
}

/**
 * Compares a fresh scan of one event with what was found before: an id seen for the first time is `new`
 * (found now), one seen again keeps its time_found and is `updated` only when more than its age changed,
 * one no longer found is `gone`. expires_in counts down from 30 minutes (spec 001 §9) from time_found. One that crosses
 * the published rates (found only below them before, at them now, or the other way) is found anew: for a user at the
 * published rates it appears (or goes) then, and its clock starts then.
 */
export function trackOpportunities<T extends Trackable>(
  board: 'odds' | 'props',
  eventId: string,
  previous: ReadonlyArray<OpportunityUpdate<T>>,
  found: readonly T[],
  now: number,
): TrackResult<T> {
  const before = new Map(previous.map((p) => [p.id, p]));
  const current: Array<OpportunityUpdate<T>> = [];
  const published: Array<OpportunityUpdate<T>> = [];
  for (const opportunity of found) {
    const seen = before.get(opportunity.id);
    before.delete(opportunity.id);
    const old =
      seen && seen.opportunity?.belowDefaultCommission === opportunity.belowDefaultCommission ? seen : undefined;
    const timeFound = old?.time_found ?? new Date(now).toISOString();
    const expiresIn = expiresInAt(timeFound, now);
    const stamped = { ...opportunity, timeFound, expiresIn };
    const update: OpportunityUpdate<T> = {
      action: old ? 'updated' : 'new',
      id: opportunity.id,
      event_id: eventId,
      board,
      time_found: timeFound,
      expires_in: expiresIn,
      opportunity: stamped,
    };
    current.push(update);
    if (!old || signature(old.opportunity) !== signature(stamped)) published.push(update);
  }
  for (const gone of before.values()) {
    published.push({
      action: 'gone',
      id: gone.id,
      event_id: eventId,
      board,
      time_found: gone.time_found,
      expires_in: 0,
    });
  }
  return { current, published };
}
