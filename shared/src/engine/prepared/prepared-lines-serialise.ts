import { DEFAULT_BLEND, DEFAULT_DEVIG_METHOD } from '../odds/devig';
import { MONEYLINE } from '../lines/line-rules';
import { bookDfs, ColumnBuffer, type ColumnPool, type PreparedLines } from './prepared-columns';
import type { LineSet } from './prepared-lines';

/**
 * The lines of `set` (loaded with loadAllOpen) as prepared lines, with what a scan takes from a prepared line
 * none of whose quotes closed: fair lines by the default method, best prices, arbitrage legs and middles tables
 * (see PreparedLines). `kept`: the groups whose lines the set took from its event's prepared lines (loadAllOpen's
 * `kept`): what was worked out for them there is copied, not worked out again.
 */
export function toPreparedLines(
  set: LineSet,
  pool: ColumnPool | null = null,
  kept: Uint8Array | null = null,
): { lines: PreparedLines; gLineStart: Int32Array; gLineEnd: Int32Array } {
  // what the lines the set took as prepared were prepared with
  const before = set.p.lines;
  const { lineCount, sideCount, poolSize, fair } = set;
  const groupCount = set.p.groupCount;
  const columns = new ColumnBuffer(
    3 * lineCount + 2 * sideCount,
    5 * groupCount + 8 * lineCount + 3 * sideCount + poolSize,
    3 * lineCount + sideCount + groupCount,
    pool,
  );
  const gLineStart = columns.int(groupCount);
  const gLineEnd = columns.int(groupCount);
  const lFair = columns.byte(lineCount);
  const lFairBooks = columns.int(lineCount);
  const sFair = columns.float(sideCount);
  const lOldest = columns.float(lineCount);
  const sTop = columns.float(sideCount);
  const sDfs = columns.byte(sideCount);
  for (let s = 0; s < sideCount; s++) {
    for (let k = set.sStart[s]; k < set.sStart[s] + set.sLength[s]; k++) {
      const q = set.pool[k];
      if (bookDfs[set.p.qBook[q]]) sDfs[s] = 1;
      else sTop[s] = Math.max(sTop[s], set.p.qEffective[q]);
    }
  }
  const gSimple = columns.byte(groupCount);
  const { byLine, qUpdated, gKind } = set.p;
  for (let g = 0; g < groupCount; g++) gSimple[g] = gKind[g] === MONEYLINE ? 0 : 1;
  for (let l = 0; l < lineCount; l++) {
    const g = set.lGroup[l];
    if (l === 0 || set.lGroup[l - 1] !== g) gLineStart[g] = l;
    gLineEnd[g] = l + 1;
    if (set.lSpan[l] !== 0) gSimple[g] = 0;
    const pl = set.lPrepared[l];
    if (pl >= 0) {
      lOldest[l] = before.lOldest[pl];
      if (before.lFair[pl] === 0) continue;
      lFair[l] = 1;
      lFairBooks[l] = before.lFairBooks[pl];
      for (let i = 0; i < set.lSideCount[l]; i++)
        sFair[set.lSideStart[l] + i] = before.sFair[before.lSideStart[pl] + i];
      continue;
    }
    let oldest = Infinity;
    // NaN sticks: a quote of unreadable time is never open
    for (let k = set.lQuoteStart[l]; k < set.lQuoteEnd[l] && !Number.isNaN(oldest); k++)
      oldest = Math.min(oldest, qUpdated[byLine[k]]);
    lOldest[l] = oldest;
    if (!fair.compute(l, DEFAULT_DEVIG_METHOD, DEFAULT_BLEND)) continue;
    lFair[l] = 1;
    lFairBooks[l] = fair.books;
    for (let i = 0; i < set.lSideCount[l]; i++) sFair[set.lSideStart[l] + i] = fair.probability(i);
  }
  const lUnique = columns.byte(lineCount);
  for (let l = 0; l < lineCount; l++) {
    let listed = 0;
    for (let s = set.lSideStart[l]; s < set.lSideStart[l] + set.lSideCount[l]; s++) listed += set.sLength[s];
    lUnique[l] = listed === set.lQuoteEnd[l] - set.lQuoteStart[l] ? 1 : 0;
  }
  const lLegs = columns.int(3 * lineCount);
  const lLegCount = columns.byte(lineCount);
  const legs = new Int32Array(3);
  for (let l = 0; l < lineCount; l++) {
    lLegCount[l] = set.arbitrage.find(l, null, legs);
    for (let i = 0; i < lLegCount[l]; i++) lLegs[3 * l + i] = legs[i];
  }
  const gMidStart = columns.int(groupCount);
  const gMidLow = columns.int(groupCount);
  const gMidHigh = columns.int(groupCount);
  const midFirst: number[] = [];
  const midSecond: number[] = [];
  for (let g = 0; g < groupCount; g++) {
    gMidStart[g] = midFirst.length;
    if (gKind[g] === MONEYLINE || set.p.gGameLine[g] === 0) continue;
    if (kept?.[g] === 1) {
      const from = before.gMidStart[g];
      const to = from + before.gMidLow[g] + before.gMidHigh[g];
      for (let e = from; e < to; e++) {
        midFirst.push(before.midFirst[e]);
        midSecond.push(before.midSecond[e]);
      }
      gMidLow[g] = before.gMidLow[g];
      gMidHigh[g] = before.gMidHigh[g];
      continue;
    }
    const tops = set.middles;
    tops.collect(g, null);
    // the low lines, then the high ones
    for (let e = 0; e < tops.low; e++) {
      midFirst.push(tops.first[e]);
      midSecond.push(tops.second[e]);
    }
    for (let e = tops.highStart; e < tops.highStart + tops.high; e++) {
      midFirst.push(tops.first[e]);
      midSecond.push(tops.second[e]);
    }
    gMidLow[g] = tops.low;
    gMidHigh[g] = tops.high;
  }
  return {
    gLineStart,
    gLineEnd,
    lines: {
      lineCount,
      lQuoteStart: columns.intsOf(set.lQuoteStart, lineCount),
      lQuoteEnd: columns.intsOf(set.lQuoteEnd, lineCount),
      lOldest,
      gSimple,
      lLine: columns.floatsOf(set.lLine, lineCount),
      lSpan: columns.floatsOf(set.lSpan, lineCount),
      lSideStart: columns.intsOf(set.lSideStart, lineCount),
      lSideCount: columns.intsOf(set.lSideCount, lineCount),
      lFair,
      lFairBooks,
      sName: columns.intsOf(set.sName, sideCount),
      sStart: columns.intsOf(set.sStart, sideCount),
      sLength: columns.intsOf(set.sLength, sideCount),
      sFair,
      sTop,
      sDfs,
      pool: columns.intsOf(set.pool, poolSize),
      gMidStart,
      gMidLow,
      gMidHigh,
      midFirst: Int32Array.from(midFirst),
      midSecond: Int32Array.from(midSecond),
      lLegs,
      lLegCount,
      lUnique,
    },
  };
}
