import { payoutCents } from '../engine/odds/money';
import { isSoccer } from '../domain/sports';
import { isPlayerPropMarket } from '../domain/odds';
import { normaliseTeamName, splitGameText, teamMatchStrength } from '../scores/team-match';
import { unsupportedSportMessage } from './leagues';
import type { PickAmounts, SettledStatus } from './pick';

/** Confidence the validator assigns to an automatic settlement, and the bar it must clear (spec 002 §4, §9). */
export const SETTLEMENT_CONFIDENCE = 95;
export const SETTLEMENT_CONFIDENCE_REQUIRED = 80;
/** Payout multiplier when a pick has no potential recorded (spec 002 §5). */
export const DEFAULT_WIN_MULTIPLIER = 1.91;

export interface FinalGame {
  home_team: string;
  away_team: string;
  home_score: number;
  away_score: number;
  /** A soccer final whose score counts extra time (isAfterExtraTime): not the 90 minutes its picks settle on. */
  after_extra_time?: boolean;
  /** A baseball final called before 9 innings (isCalledEarly): its run lines and totals have no action. */
  called_early?: boolean;
}

export interface SettlementInput {
  game: string;
  market: string;
  selection: string;
  /** The pick's sport key, when known: a soccer moneyline is three-way (DECISIONS 23), and team short forms are per league. */
  sport?: string | null;
}

/**
 * Why a pick is still pending: shown on /picks instead of a silent "pending". `games` counts the games
 * an ambiguous pick could be; `league` names an unsupported league.
 */
export type UnsettledCode =
  | 'unsupported_league'
  | 'game_not_found'
  | 'not_final'
  | 'ambiguous'
  | 'game_text'
  | 'unsupported_market'
  | 'unreadable_selection'
  | 'team_not_found'
  | 'split_result'
  | 'extra_time'
  | 'called_early';
export const UNSETTLED_CODES: readonly UnsettledCode[] = [
  'unsupported_league',
  'game_not_found',
  'not_final',
  'ambiguous',
  'game_text',
  'unsupported_market',
  'unreadable_selection',
  'team_not_found',
  'split_result',
  'extra_time',
  'called_early',
];
export interface UnsettledReason {
  code: UnsettledCode;
  games?: number;
  league?: string;
}

/** What /picks says of an unsettled pick. */
export function unsettledReasonMessage(reason: UnsettledReason): string {
  switch (reason.code) {
    case 'unsupported_league':
      return unsupportedSportMessage(reason.league ?? 'unknown');
    case 'game_not_found':
      return 'Game not found: no game between these teams in the scores yet';
    case 'not_final':
      return 'Not final yet: the game has not finished';
    case 'ambiguous':
      return `Ambiguous: ${reason.games ?? 2} games match`;
    case 'game_text':
      return 'Unreadable game: name the two teams as "Away @ Home" (a city alone, such as "LA", is not a team)';
    case 'unsupported_market':
      return 'This market is not settled automatically: settle it by hand';
    case 'unreadable_selection':
      return 'Unreadable selection: a team with its line ("Team -3.5"), a team or Draw, or Over/Under with a number';
    case 'team_not_found':
      return 'The selection names neither team of this game';
    case 'split_result':
      return 'Quarter line split between two results: settle it by hand';
    case 'extra_time':
      return 'Decided after extra time: a soccer bet settles on the 90 minutes, which the final score does not give; settle it by hand';
    case 'called_early':
      return 'Called before 9 innings: a run line or total has no action at most books (the stake is returned); settle it by hand';
  }
}

export type SettlementOutcome =
  | { settled: true; status: SettledStatus; confidence: number }
  | {
      settled: false;
      reason: Exclude<UnsettledCode, 'unsupported_league' | 'game_not_found' | 'not_final' | 'ambiguous'>;
    };

const SIGNED_NUMBER = /([+-]\s?\d+(?:\.\d+)?|\bpk\b|\bpick(?:'?em)?\b|\beven\b)\s*$/i;
const TOTAL = /^(over|under|o|u)\s*(\d+(?:\.\d+)?)/i;
/** A three-way moneyline's middle outcome. */
const DRAW = new Set(['draw', 'tie', 'x', 'the draw']);
const DRAW_NO_BET = /draw\s*no\s*bet|\bdnb\b/i;

export type MarketKind = 'spread' | 'total' | 'moneyline';

/** What a pick's selection says: the side (a team's text, the draw, or over/under) and the line when it has one. */
export type ParsedSelection =
  | { kind: 'total'; side: 'over' | 'under'; line: number }
  | { kind: 'spread'; team: string; line: number }
  | { kind: 'moneyline'; team: string }
  | { kind: 'moneyline'; draw: true };

/** Reads a pick's market and selection by the rules of spec 002 §5; null when they cannot be read. */
export function parseSelection(market: string, selection: string): ParsedSelection | null {
  const kind = marketKind(market);
  const text = selection.trim();
  if (kind === 'total') {
    const match = TOTAL.exec(text);
    return match
      ? { kind, side: match[1].toLowerCase().startsWith('o') ? 'over' : 'under', line: Number(match[2]) }
      : null;
  }
  if (!kind) return null;
  const signed = SIGNED_NUMBER.exec(text);
  const team = (signed ? text.slice(0, signed.index) : text).trim();
  if (!normaliseTeamName(team)) return null;
  if (kind === 'moneyline') return DRAW.has(normaliseTeamName(team)) ? { kind, draw: true } : { kind, team };
  if (!signed) return null;
  const line = readLine(signed[1]);
  return Number.isFinite(line) ? { kind, team, line } : null;
}

/**
 * A market on a part of the game: a half, quarter, period or the first innings, as the labels write it ("Total · 1st
 * Half", "Totals 1st 5 Innings", "1H Spread", "F5 Moneyline") and as the odds feed keys it ("totals_h1", "h2h_q1",
 * "spreads_p1", "h2h_1st_5_innings"). Matched on words of the market text with "_" and punctuation as spaces.
 */
const GAME_PART =
  /\b(?:half|halves|halftime|ht|quarters?|periods?|innings?|1st|2nd|3rd|4th|first|second|third|fourth|[hqp][1-4]|[1-4][hqp]|f[1-9])\b/;

/**
 * A market on regulation time, as the feed keys it ("h2h_3_way") and as labels write it ("3-Way Moneyline", "1X2",
 * "Regulation Time Moneyline", "60 Minute Line"). Matched on words of the market text, "_" and punctuation as spaces.
 */
const REGULATION_TIME = /\b(?:(?:3|three) ?way|1x2|regulation|60 ?min(?:ute)?s?)\b/;

/** A team's total and a lay, as the feed keys them ("team_totals", "h2h_lay") and as labels write them. */
const NOT_DECIDED_BY_THE_SCORE = /\b(?:team totals?|lay)\b/;

/** The words of a market's text, lower case, with "_" and punctuation as spaces: what the patterns above match. */
function marketWords(market: string): string {
  return market.toLowerCase().replace(/[^a-z0-9]+/g, ' ');
}

/**
 * Spec 002 §5: 'spread' in the market text; a total, over or under in the market text; otherwise a moneyline if the
 * selection names a team. A market on a part of the game is none of these: its result is that part's score, which the
 * final score does not give, so it has no settlement and the pick stays pending (§5 "Otherwise ... stays pending";
 * DECISIONS 24: a wrong settlement is worse than a late one). Nor is a market the final score does not decide as the
 * rule reads it: a player's prop ("player_points", or its label "Points" with "Over 20.5", §5 reads the market text,
 * not the selection), a team's total (one team's score, not the combined), or a lay (it wins when the selection
 * loses, and pays by its liability).
 */
export function marketKind(market: string): MarketKind | null {
  const text = market.toLowerCase();
  const words = marketWords(market);
  if (GAME_PART.test(words) || NOT_DECIDED_BY_THE_SCORE.test(words) || isPlayerPropMarket(text.trim())) return null;
  if (text.includes('spread') || text.includes('handicap') || text.includes('run line') || text.includes('puck line'))
    return 'spread';
  if (text.includes('total') || text.includes('over') || text.includes('under')) return 'total';
  if (
    text.includes('moneyline') ||
    text.includes('money line') ||
    text.includes('h2h') ||
    text === 'ml' ||
    text.includes('winner') ||
    text === '1x2' ||
    text.includes('match result') ||
    DRAW_NO_BET.test(text)
  )
    return 'moneyline';
  return null;
}

/** DECISIONS 23: a soccer moneyline (1X2) has three outcomes; draw-no-bet and every other sport's are two-way. */
export function isThreeWayPick(market: string, sport: string | null | undefined): boolean {
  return isSoccer(sport) && marketKind(market) === 'moneyline' && !isDrawNoBet(market);
}

/** A draw-no-bet market, as labels write it ("Draw No Bet", "DNB"). */
export function isDrawNoBet(market: string): boolean {
  return DRAW_NO_BET.test(market);
}

/**
 * A three-way market outside soccer (hockey's, football's) is decided on the score after regulation, a tie then its
 * draw, whoever wins in overtime; so is a draw-no-bet market there, a tie after regulation returning the stake. The
 * final score counts the overtime (and a shootout's goal), so it does not decide such a market: the pick stays pending
 * (spec 002 §5 "Otherwise ... stays pending"; DECISIONS 24: a wrong settlement is worse than a late one), and its
 * close is not the two-way moneyline's, which counts the overtime (closingLineFor). Soccer's are its moneyline,
 * three-way by DECISIONS 23, and its draw-no-bet, both on the 90 minutes.
 */
export function isRegulationTimeOutsideSoccer(market: string, sport: string | null | undefined): boolean {
  return !isSoccer(sport) && (REGULATION_TIME.test(marketWords(market)) || isDrawNoBet(market));
}

function readLine(token: string): number {
  const cleaned = token.replace(/\s+/g, '').toLowerCase();
  if (cleaned === 'pk' || cleaned.startsWith('pick') || cleaned === 'even') return 0;
  return Number(cleaned);
}

/** Which side the selection names: the stronger of the two team matches, or null when neither or both equally. */
function chosenSide(teamText: string, game: FinalGame, sport: string | null | undefined): 'home' | 'away' | null {
  const home = teamMatchStrength(teamText, game.home_team, sport);
  const away = teamMatchStrength(teamText, game.away_team, sport);
  if (home === away) return null;
  return home > away ? 'home' : 'away';
}

function compare(value: number): SettledStatus {
  if (value > 0) return 'won';
  if (value < 0) return 'lost';
  return 'push';
}

/**
 * A spread or total at `line` for a result `value` (margin + line, or the total against the line). A quarter line
 * (x.25, x.75) is two half stakes on the lines a quarter point either side, as the books settle it: when the halves
 * end alike the pick has that result; when they split (half won and half pushed, half lost and half pushed) it is
 * left to the user, never settled as either.
 */
function lineResult(score: (line: number) => number, line: number): SettledStatus | null {
  const quarters = Math.round(line * 4);
  if (Math.abs(line * 4 - quarters) > 1e-9 || quarters % 2 === 0) return compare(score(line));
  const low = compare(score(line - 0.25));
  const high = compare(score(line + 0.25));
  return low === high ? low : null;
}

/**
 * Settles one pick against a final score by the rules of spec 002 §5, with DECISIONS 19 (a result exactly on the
 * line, or a tied two-way moneyline, is a push) and DECISIONS 23 (a soccer moneyline is three-way: on a draw a
 * "Draw" pick wins and a pick on either team loses). The pick's game text must name both teams of the game.
 */
export function settlePick(pick: SettlementInput, game: FinalGame): SettlementOutcome {
  const teams = splitGameText(pick.game);
  if (!teams) return { settled: false, reason: 'game_text' };
  if (!marketKind(pick.market) || isRegulationTimeOutsideSoccer(pick.market, pick.sport))
    return { settled: false, reason: 'unsupported_market' };
  const parsed = parseSelection(pick.market, pick.selection);
  if (!parsed) return { settled: false, reason: 'unreadable_selection' };
  // a soccer bet settles on the 90 minutes and stoppage time: a score with extra time's goals would settle it wrongly
  if (game.after_extra_time) return { settled: false, reason: 'extra_time' };
  // official for the moneyline, but a run line or total has no action unless the 9th inning was reached
  if (game.called_early && parsed.kind !== 'moneyline') return { settled: false, reason: 'called_early' };
  const settled = (status: SettledStatus | null): SettlementOutcome =>
    status ? { settled: true, status, confidence: SETTLEMENT_CONFIDENCE } : { settled: false, reason: 'split_result' };

  if (parsed.kind === 'total') {
    const combined = game.home_score + game.away_score;
    const over = parsed.side === 'over';
    return settled(lineResult((line) => (over ? combined - line : line - combined), parsed.line));
  }
  const threeWay = parsed.kind === 'moneyline' && isThreeWayPick(pick.market, pick.sport);
  if ('draw' in parsed) {
    if (!threeWay) return { settled: false, reason: 'team_not_found' };
    return settled(game.home_score === game.away_score ? 'won' : 'lost');
  }
  const side = chosenSide(parsed.team, game, pick.sport);
  if (!side) return { settled: false, reason: 'team_not_found' };
  const margin = side === 'home' ? game.home_score - game.away_score : game.away_score - game.home_score;
  if (parsed.kind === 'spread') return settled(lineResult((line) => margin + line, parsed.line));
  if (threeWay) return settled(margin > 0 ? 'won' : 'lost');
  return settled(compare(margin));
}

/**
 * What a settled pick pays back, in cents (spec 002 §5, DECISIONS 19): a win pays the potential, or the
 * stake × 1.91 when none was recorded; a push returns the stake; a loss pays nothing.
 */
export function settlementPayoutCents(
  status: SettledStatus,
  stakeCents: number,
  potentialCents: number | null,
): number {
  if (status === 'lost') return 0;
  if (status === 'push') return stakeCents;
  return potentialCents ?? payoutCents(stakeCents, DEFAULT_WIN_MULTIPLIER);
}

/**
 * The payout a pick settled before it arrives (a CSV row, the browser's list) is kept with, from the one it gives, if
 * any: a win's as given, what the book paid (spec 002 §4: the user enters it); a loss's and a push's are the rule's
 * above whatever is given (spec 002 §5 "A loss pays 0", DECISIONS 19: the stake is returned), so money given with a
 * lost or pushed pick never counts as returns. A payout given that differs from this one is not the pick's.
 */
export function recordedPayoutCents(
  status: SettledStatus,
  stakeCents: number,
  potentialCents: number | null,
  givenCents: number | null,
): number {
  if (status === 'won' && givenCents !== null) return givenCents;
  return settlementPayoutCents(status, stakeCents, potentialCents);
}

/**
 * What a settled pick paid back, stake included: the payout recorded at settlement (always there for a pick the
 * server settled), else the rule above (spec 002 §5). Null while pending.
 */
export function settledPayoutCents(pick: PickAmounts): number | null {
  if (pick.status === 'pending') return null;
  return pick.actualPayoutCents ?? settlementPayoutCents(pick.status, pick.stakeCents, pick.potentialCents);
}

/** A settled pick's profit: payout − stake (negative for a loss, 0 for a push); null while pending. */
export function pickProfitCents(pick: PickAmounts): number | null {
  const payout = settledPayoutCents(pick);
  return payout === null ? null : payout - pick.stakeCents;
}

/**
 * The result text after "Validate now" (spec 002 §8), verbatim. The catalogue fixes these as messages, so the
 * update message says "ESPN results" whichever scores provider settled the picks; each settled pick names its
 * real source in validatedBy, shown on its card.
 */
export function validationMessage(counts: { checked: number; matched: number; updated: number }): string {
  if (counts.checked === 0) return 'No pending bets to validate';
  if (counts.updated > 0) return `✅ Updated ${counts.updated} bet(s) with ESPN results`;
  if (counts.matched > 0) return '📊 All bets checked - no updates needed';
  return '⏳ No completed games found for pending bets';
}
