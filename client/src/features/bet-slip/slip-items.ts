import {
  decimalToAmericanRounded,
  DFS_FIXED_DECIMAL,
  isThreeWayMoneyline,
  marketFamily,
  sportsbookName,
  type ArbitrageOpportunity,
  type EvBet,
  type MiddleOpportunity,
  type OpportunityLeg,
} from '@oddspulse/shared';
import { type OddsRow } from '../odds';
import { betSelectionLabel, marketLabel, matchLabel, selectionLabel } from '../../format/bet-labels';
import { dollarAmountCents, type NewSlipItem } from './bet-slip';

/** The slip's key for the legs of one three-way market (a soccer 1X2), sized together. */
export function exclusiveGroupOf(sport: string, eventId: string, market: string): string | undefined {
  const family = marketFamily(market);
  return isThreeWayMoneyline(sport, family) ? `${eventId}|${family}` : undefined;
}

/** A table row's best price as a bet slip item (spec 001 §3 bet slip item). */
export function rowToSlipItem(row: OddsRow): NewSlipItem | null {
  const best = row.best;
  if (!best) return null;
  // a DFS app pays its fixed −119 whatever the feed quotes (spec 001 §5)
  const decimal = best.isDfs ? DFS_FIXED_DECIMAL : best.decimal;
  return {
    id: `${row.key}|${best.book}`,
    matchup: matchLabel(row),
    selection: selectionLabel(row),
    market: marketLabel(row.market),
    americanOdds: decimalToAmericanRounded(decimal),
    decimal,
    bookmaker: best.title,
    sport: row.sportKey,
    league: row.sportTitle,
    edge: row.evPct,
    gameTime: row.commenceTime,
    gameId: row.eventId,
    fairProbability: row.fairProbability,
    exclusiveGroup: exclusiveGroupOf(row.sportKey, row.eventId, row.market),
    bookKey: best.book,
    commission: best.commission,
    ...(best.link ? { link: best.link } : {}),
  };
}

/** A +EV bet (GET /api/ev) as a bet slip item. */
export function evBetToSlipItem(bet: EvBet): NewSlipItem {
  return {
    id: bet.id,
    matchup: bet.game,
    selection: betSelectionLabel(bet),
    market: marketLabel(bet.market),
    americanOdds: bet.price,
    decimal: bet.decimal,
    bookmaker: bet.bookTitle,
    sport: bet.sport,
    league: bet.sportTitle,
    edge: bet.evPct,
    gameTime: bet.commenceTime,
    gameId: bet.eventId,
    fairProbability: bet.fairProbability,
    exclusiveGroup: exclusiveGroupOf(bet.sport, bet.eventId, bet.market),
    bookKey: bet.book,
    commission: bet.commission,
    ...(bet.link ? { link: bet.link } : {}),
  };
}

/**
 * "Execute": every back leg of an arbitrage or middle with its computed stake (DECISIONS 12). A back/lay's lay leg
 * stays out: it is not a back bet but a lay placed at the exchange, whose liability the scanner card shows.
 */
export function opportunityToSlipItems(opportunity: ArbitrageOpportunity | MiddleOpportunity): NewSlipItem[] {
  const items: NewSlipItem[] = [];
  opportunity.legs.forEach((leg: OpportunityLeg, i) => {
    if (!leg.lay) items.push(legToSlipItem(opportunity, leg, i));
  });
  return items;
}

function legToSlipItem(
  opportunity: ArbitrageOpportunity | MiddleOpportunity,
  leg: OpportunityLeg,
  i: number,
): NewSlipItem {
  return {
    id: `${opportunity.id}|leg${i}`,
    matchup: opportunity.game,
    selection: betSelectionLabel(leg),
    market: marketLabel(leg.market),
    americanOdds: leg.price,
    decimal: leg.decimal,
    bookmaker: leg.bookTitle || sportsbookName(leg.book),
    sport: opportunity.sport,
    league: opportunity.sportTitle,
    edge: null,
    gameTime: opportunity.commenceTime,
    gameId: opportunity.eventId,
    fairProbability: null,
    stakeCents: dollarAmountCents(leg.stake),
    hedge: opportunity.id,
    bookKey: leg.book,
    commission: leg.commission,
    ...(leg.link ? { link: leg.link } : {}),
  };
}
