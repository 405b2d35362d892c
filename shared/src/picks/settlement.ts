import { normaliseTeamName, splitGameText, teamMatchStrength } from '../scores/team-match';
import type { SettledStatus } from './pick';

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
}

export interface SettlementInput {
  game: string;
  market: string;
  selection: string;
}

export type SettlementOutcome =
  | { settled: true; status: SettledStatus; confidence: number }
  | { settled: false; reason: 'unsupported_market' | 'unreadable_selection' | 'team_not_found' | 'game_text' };

const SIGNED_NUMBER = /([+-]\s?\d+(?:\.\d+)?|\bpk\b|\bpick(?:'?em)?\b|\beven\b)\s*$/i;
const TOTAL = /^(over|under|o|u)\s*(\d+(?:\.\d+)?)/i;

export type MarketKind = 'spread' | 'total' | 'moneyline';

/** What a pick's selection says: the side (a team's text, or over/under) and the line when it has one. */
export type ParsedSelection =
  | { kind: 'total'; side: 'over' | 'under'; line: number }
  | { kind: 'spread'; team: string; line: number }
  | { kind: 'moneyline'; team: string };

/** Reads a pick's market and selection by the rules of spec 002 §5; null when they cannot be read. */
export function parseSelection(market: string, selection: string): ParsedSelection | null {
  const kind = marketKind(market, selection);
  const text = selection.trim();
  if (kind === 'total') {
    const match = TOTAL.exec(text);
    return match ? { kind, side: match[1].toLowerCase().startsWith('o') ? 'over' : 'under', line: Number(match[2]) } : null;
  }
  if (!kind) return null;
  const signed = SIGNED_NUMBER.exec(text);
  const team = (signed ? text.slice(0, signed.index) : text).trim();
  if (!normaliseTeamName(team)) return null;
  if (kind === 'moneyline') return { kind, team };
  if (!signed) return null;
  const line = readLine(signed[1]);
  return Number.isFinite(line) ? { kind, team, line } : null;
}

/** Spec 002 §5: 'spread' in the market text; a total, over or under; otherwise a moneyline if the selection names a team. */
export function marketKind(market: string, selection: string): MarketKind | null {
  const text = market.toLowerCase();
  if (text.includes('spread') || text.includes('handicap') || text.includes('run line') || text.includes('puck line')) return 'spread';
  if (text.includes('total') || text.includes('over') || text.includes('under') || TOTAL.test(selection.trim())) return 'total';
  if (text.includes('moneyline') || text.includes('money line') || text.includes('h2h') || text === 'ml' || text.includes('winner')) return 'moneyline';
  return null;
}

function readLine(token: string): number {
  const cleaned = token.replace(/\s+/g, '').toLowerCase();
  if (cleaned === 'pk' || cleaned.startsWith('pick') || cleaned === 'even') return 0;
  return Number(cleaned);
}

/** Which side the selection names: the stronger of the two team matches, or null when neither or both equally. */
function chosenSide(teamText: string, game: FinalGame): 'home' | 'away' | null {
  const home = teamMatchStrength(teamText, game.home_team);
  const away = teamMatchStrength(teamText, game.away_team);
  if (home === away) return null;
  return home > away ? 'home' : 'away';
}

function compare(value: number): SettledStatus {
  if (value > 0) return 'won';
  if (value < 0) return 'lost';
  return 'push';
}

/**
 * Settles one pick against a final score by the rules of spec 002 §5, with DECISIONS 19: a result exactly
 * on the line, or a tied moneyline, is a push. The pick's game text must name both teams of the game.
 */
export function settlePick(pick: SettlementInput, game: FinalGame): SettlementOutcome {
  const teams = splitGameText(pick.game);
  if (!teams) return { settled: false, reason: 'game_text' };
  if (!marketKind(pick.market, pick.selection)) return { settled: false, reason: 'unsupported_market' };
  const parsed = parseSelection(pick.market, pick.selection);
  if (!parsed) return { settled: false, reason: 'unreadable_selection' };

  if (parsed.kind === 'total') {
    const combined = game.home_score + game.away_score;
    const over = parsed.side === 'over';
    return { settled: true, status: compare(over ? combined - parsed.line : parsed.line - combined), confidence: SETTLEMENT_CONFIDENCE };
  }
  const side = chosenSide(parsed.team, game);
  if (!side) return { settled: false, reason: 'team_not_found' };
  const margin = side === 'home' ? game.home_score - game.away_score : game.away_score - game.home_score;
  const status = parsed.kind === 'spread' ? compare(margin + parsed.line) : compare(margin);
  return { settled: true, status, confidence: SETTLEMENT_CONFIDENCE };
}

/**
 * What a settled pick pays back, in cents (spec 002 §5, DECISIONS 19): a win pays the potential, or the
 * stake × 1.91 when none was recorded; a push returns the stake; a loss pays nothing.
 */
export function settlementPayoutCents(status: SettledStatus, stakeCents: number, potentialCents: number | null): number {
  if (status === 'lost') return 0;
  if (status === 'push') return stakeCents;
  return potentialCents ?? Math.round(stakeCents * DEFAULT_WIN_MULTIPLIER);
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
