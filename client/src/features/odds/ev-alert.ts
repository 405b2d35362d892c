import type { EvBet } from '@oddspulse/shared';
import { lineId } from './rows/rows';

/**
 * The odds-table rows an alert's +EV bet may be shown in, best match first. The table lists a row per market key as
 * the books list it, so the bet's row is under the key its book listed the price in (an alternate line under
 * `alternate_spreads`, where the bet names the family `spreads`): its own outcome's row, then the over/under row of
 * its line (props are one row per line). The family's rows follow: a line one book lists as an alternate and the
 * others as their main line has a row only under the main key (a row needs two books).
 */
export function evAlertRowKeys(
  bet: Pick<EvBet, 'eventId' | 'market' | 'listedMarket' | 'description' | 'outcome' | 'point'>,
): string[] {
  const line = lineId(bet.point);
  const keys = [bet.listedMarket, bet.market].flatMap((market) => {
    const prefix = `${bet.eventId}|${market}|${bet.description ?? ''}`;
    return [`${prefix}|${bet.outcome}|${line}`, `${prefix}|OU|${line}`];
  });
  return [...new Set(keys)];
}
