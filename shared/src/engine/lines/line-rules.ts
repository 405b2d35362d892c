import type { BoardOutcome } from '../../domain/odds';
import { isLockedPrice } from './locked-market';

/**
 * The line-up rules of the engine (spec 001 §5, DECISIONS 11 and 23), stated once: which outcomes make a
 * market group, which quotes are one line, which quote a book keeps on a side, which sides a complete market
 * has, which lines an arbitrage may be made of and which side of a line is the "low" bet of a middle. The
 * object path (market-lines.ts, the finders' reference and the odds table's rows) and the prepared path
 * (prepared-event.ts and LineSet, the detection worker's hot path) both call these; they take plain numbers
 * and strings so the prepared path calls them from its typed arrays without allocating.
 */
export type LineKind = 'moneyline' | 'total' | 'spread';

/** The kinds as the prepared path's columns number them (KIND_NAMES[kind] is the object path's name). */
export const MONEYLINE = 0;
export const TOTAL = 1;
export const SPREAD = 2;
export const KIND_NAMES: readonly LineKind[] = ['moneyline', 'total', 'spread'];
export const KIND_NUMBERS: Readonly<Record<LineKind, number>> = { moneyline: MONEYLINE, total: TOTAL, spread: SPREAD };

/** Spread and total lines within 0.05 are one line (spec 001 §5). */
export const LINE_GROUPING_TOLERANCE = 0.05;

/** Spread lines must sum to zero, totals lines match, within this (spec 001 §5). */
export const ARBITRAGE_LINE_TOLERANCE = 0.01;

/** The market key with `alternate_` / `_alternate` folded away: alternate lines compare with the main one. */
export function marketFamily(key: string): string {
  return key.replace(/^alternate_/, '').replace(/_alternate$/, '');
}

// families repeat across every book and event: numbered once per process, for market groups' keys
const familyNumbers = new Map<string, number>();

/** A market family's number (the same on the object and prepared paths). */
export function familyNumber(family: string): number {
  let n = familyNumbers.get(family);
  if (n === undefined) familyNumbers.set(family, (n = familyNumbers.size));
  return n;
}

/** 2^20: outcome counts below it fit in a group's numeric key. */
const COUNT_SPAN = 1_048_576;

/**
 * Which market group an outcome is in (spec 001 §5): one group per market family, player/team, kind and
 * (moneylines; 0 otherwise) the book's outcome count, numbered 0, 1, … in the order first seen. Numeric keys,
 * one map per player/team, so reading an event builds no key strings.
 */
export class MarketGroupNumbers {
  /** How many groups are numbered: the number the next new group gets. */
  size = 0;
  private readonly plain = new Map<number, number>();
  private readonly described = new Map<string, Map<number, number>>();

  clear(): void {
    this.size = 0;
    this.plain.clear();
    this.described.clear();
  }

  /** The group's number; a new group (numbered `size` before the call) when first seen. */
  numberOf(family: number, description: string, kind: number, outcomeCount: number): number {
    if (outcomeCount >= COUNT_SPAN) throw new RangeError(`A market of ${outcomeCount} outcomes`);
    const key = (family * 3 + kind) * COUNT_SPAN + outcomeCount;
    let groups = this.plain;
    if (description !== '') {
      let described = this.described.get(description);
      if (described === undefined) this.described.set(description, (described = new Map()));
      groups = described;
    }
    let g = groups.get(key);
    if (g === undefined) groups.set(key, (g = this.size++));
    return g;
  }

  /** The group's number when it has been seen, −1 otherwise (numbers nothing). */
  find(family: number, description: string, kind: number, outcomeCount: number): number {
    if (outcomeCount >= COUNT_SPAN) return -1;
    const groups = description === '' ? this.plain : this.described.get(description);
    return groups?.get((family * 3 + kind) * COUNT_SPAN + outcomeCount) ?? -1;
  }
}

export function isAlternateMarket(key: string): boolean {
  return key.startsWith('alternate_') || key.endsWith('_alternate');
}

/** Exchange lay markets (`h2h_lay`) are not backable: they never make a line. */
export function isLayMarket(key: string): boolean {
  return key.endsWith('_lay');
}

/** An outcome with a finite point is on a line (spread or total); without one it is a moneyline-like outcome. */
export function hasLinePoint(point: number | undefined): point is number {
  return point !== undefined && Number.isFinite(point);
}

/** MONEYLINE without a point; with one, TOTAL for Over/Under and SPREAD for anything else. */
export function outcomeKind(name: string, hasPoint: boolean): number {
  return !hasPoint ? MONEYLINE : name === 'Over' || name === 'Under' ? TOTAL : SPREAD;
}

/** The draw of a three-way (1X2) market (DECISIONS 23). */
export function isDrawOutcome(name: string): boolean {
  return name.toLowerCase() === 'draw';
}

/**
 * spec 001 §5: a market with a price missing, 0 or beyond ±5000 is locked as a whole, so its other side can
 * never be paired as if it were open. Props are locked per player: the players whose market is locked ('' for
 * outcomes without one, so a market without players is locked whole), or null when nothing is.
 */
export function lockedDescriptions(outcomes: readonly BoardOutcome[]): Set<string> | null {
  let locked: Set<string> | null = null;
  for (let i = 0; i < outcomes.length; i++)
    if (isLockedPrice(outcomes[i].price)) (locked ??= new Set()).add(outcomes[i].description ?? '');
  return locked;
}

const noneLocked = (): boolean => false;
const allLocked = (): boolean => true;

/**
 * Which outcomes of a book's market are locked as a page shows them (spec 001 §5): a market too old (`stale`, by
 * isStaleAt) is locked whole, else lockedDescriptions says which players' outcomes are (all of a market without
 * players). One rule for the odds table's rows and the player-props items, so neither shows one side of a player
 * open whose other side is locked. The test is made once per market; unless a price is locked it allocates nothing.
 */
export function lockedOutcomes(outcomes: readonly BoardOutcome[], stale: boolean): (outcome: BoardOutcome) => boolean {
  if (stale) return allLocked;
  const locked = lockedDescriptions(outcomes);
  return locked === null ? noneLocked : (outcome) => locked.has(outcome.description ?? '');
}

/**
 * How many outcomes a book lists per player/team in a market (a moneyline group's outcome count: 2, or 3 for
 * 1X2): one number when no outcome has a player.
 */
export function moneylineCounts(outcomes: readonly BoardOutcome[]): number | Map<string, number> {
  if (!outcomes.some((o) => o.description !== undefined)) return outcomes.length;
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o.description ?? '', (counts.get(o.description ?? '') ?? 0) + 1);
  return counts;
}

/**
 * The reference side of a spread group, whose point is the line: the home team when it is one of the names,
 * else the lowest name. With `newest`, only the names whose newest quote is no older than `maxAge` at `now`
 * count (the names still quoted open).
 */
export function spreadReference(
  names: readonly string[],
  from: number,
  to: number,
  homeTeam: string,
  newest: Float64Array | null,
  now: number,
  maxAge: number,
): string | undefined {
  let lowest: string | undefined;
  for (let t = from; t < to; t++) {
    if (newest !== null && !(now - newest[t] <= maxAge)) continue;
    const name = names[t];
    if (name === homeTeam) return homeTeam;
    if (lowest === undefined || name < lowest) lowest = name;
  }
  return lowest;
}

/** A quote's line: its point, seen from the reference side on spreads (the other side's point negated). */
export function lineFromReference(name: string, point: number, reference: string | undefined): number {
  return reference === undefined || name === reference ? point : -point;
}

/** Is a quote at `line` still on the line that starts at `lowest` (quotes sorted by line)? */
export function onSameLine(lowest: number, line: number, tolerance: number): boolean {
  return !(line - lowest > tolerance + 1e-9);
}

/** How many sides a complete market of the group has: a moneyline's outcome count (2, or 3 for 1X2), else 2. */
export function completeSideCount(kind: number, outcomeCount: number): number {
  return kind === MONEYLINE ? outcomeCount : 2;
}

/**
 * Can a line of these sides be an arbitrage (spec 001 §5, DECISIONS 11)? A complete two-way market, or a
 * complete three-way 1X2 one of whose sides is the draw; `sideNames[0 .. sideCount)` are the line's sides.
 */
export function isArbitrageLine(
  kind: number,
  outcomeCount: number,
  sideNames: readonly string[],
  sideCount: number,
): boolean {
  if (kind === MONEYLINE) {
    if (outcomeCount !== sideCount) return false;
    if (sideCount === 3) {
      let draw = false;
      for (let i = 0; i < 3; i++) if (isDrawOutcome(sideNames[i])) draw = true;
      return draw;
    }
  }
  return sideCount === 2;
}

/** Do an arbitrage's two legs bet the same line: totals points equal, spread points summing to zero, within 0.01? */
export function legPointsMatch(kind: number, first: number, second: number): boolean {
  if (kind === TOTAL) return !(Math.abs(first - second) > ARBITRAGE_LINE_TOLERANCE + 1e-9);
  if (kind === SPREAD) return !(Math.abs(first + second) > ARBITRAGE_LINE_TOLERANCE + 1e-9);
  return true;
}

/**
 * A middle's "low" bets win when the result is above their line (Over X; the reference side at its point),
 * its "high" bets when it is below (Under Y; the other side).
 */
export function isLowSide(kind: number, name: string, reference: string | undefined): boolean {
  return kind === TOTAL ? name === 'Over' : name === reference;
}

/** Is a quote better than the best so far: a higher price, or the same price updated more recently? */
export function isBetterQuote(decimal: number, updatedAt: number, bestDecimal: number, bestUpdatedAt: number): boolean {
  return decimal > bestDecimal || (decimal === bestDecimal && updatedAt > bestUpdatedAt);
}

/**
 * One quote per book per side of a line, its best price: a book's later quote on the side replaces the one
 * held only when its price is higher, so the first is kept on a tie (spec 001 §5).
 */
export function replacesHeldQuote(decimal: number, heldDecimal: number): boolean {
  return decimal > heldDecimal;
}
