import type { EvBet } from '@oddspulse/shared';
import { lineId } from './rows/rows';

/**
 * The odds-table rows an alert's +EV bet may be shown in, best match first: its own outcome's row,
 * then the over/under row of its line (totals are one row per line).
 */
export function evAlertRowKeys(bet: Pick<EvBet, 'eventId' | 'market' | 'description' | 'outcome' | 'point'>): string[] {
  const prefix = `${bet.eventId}|${bet.market}|${bet.description ?? ''}`;
  return [`${prefix}|${bet.outcome}|${lineId(bet.point)}`, `${prefix}|OU|${lineId(bet.point)}`];
}
