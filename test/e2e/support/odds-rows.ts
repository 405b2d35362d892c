import type { EvBet } from '@oddspulse/shared';

/**
 * The odds-table rows a +EV bet may be listed in, as the table keys them: its outcome's row and the over/under row of
 * its line, under the market the book lists the price in (alternate_spreads for a spread's alternate line), then under
 * its family (a line a book lists as an alternate has a row only under the main key when no second book lists it so).
 */
export function evBetRowKeys(bet: EvBet): string[] {
  const line = bet.point === undefined ? '' : String(Math.round(bet.point * 100) / 100);
  return [bet.listedMarket, bet.market].flatMap((market) => {
    const prefix = `${bet.eventId}|${market}|${bet.description ?? ''}|`;
    return [`${prefix}${bet.outcome}|${line}`, `${prefix}OU|${line}`];
  });
}
