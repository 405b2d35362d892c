import { DEFAULT_BLEND, DEFAULT_DEVIG_METHOD } from '../odds/devig';
import { MONEYLINE } from '../lines/line-rules';
import { bookDfs, type PreparedLines } from './prepared-columns';
import type { LineSet } from './prepared-lines';

/**
 * The lines of `set` (loaded with loadAllOpen) as prepared lines, with what a scan takes from a prepared line
 * none of whose quotes closed: fair lines by the default method, best prices, arbitrage legs and middles tables
 * (see PreparedLines).
 */
export function toPreparedLines(set: LineSet): { lines: PreparedLines; gLineStart: Int32Array; gLineEnd: Int32Array } {
  const { lineCount, sideCount, poolSize, fair } = set;
  const groupCount = set.p.groupCount;
  const gLineStart = new Int32Array(groupCount);
  const gLineEnd = new Int32Array(groupCount);
  const lFair = new Uint8Array(lineCount);
  const lFairBooks = new Int32Array(lineCount);
  const sFair = new Float64Array(sideCount);
  const lOldest = new Float64Array(lineCount);
  const sTop = new Float64Array(sideCount);
  const sDfs = new Uint8Array(sideCount);
  for (let s = 0; s < sideCount; s++) {
    for (let k = set.sStart[s]; k < set.sStart[s] + set.sLength[s]; k++) {
      const q = set.pool[k];
      if (bookDfs[set.p.qBook[q]]) sDfs[s] = 1;
      else sTop[s] = Math.max(sTop[s], set.p.qEffective[q]);
    }
  }
  const gSimple = new Uint8Array(groupCount);
  const { byLine, qUpdated, gKind } = set.p;
  for (let g = 0; g < groupCount; g++) gSimple[g] = gKind[g] === MONEYLINE ? 0 : 1;
  for (let l = 0; l < lineCount; l++) {
    const g = set.lGroup[l];
    if (l === 0 || set.lGroup[l - 1] !== g) gLineStart[g] = l;
    gLineEnd[g] = l + 1;
    if (set.lSpan[l] !== 0) gSimple[g] = 0;
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
  const lUnique = new Uint8Array(lineCount);
  for (let l = 0; l < lineCount; l++) {
    let listed = 0;
    for (let s = set.lSideStart[l]; s < set.lSideStart[l] + set.lSideCount[l]; s++) listed += set.sLength[s];
    lUnique[l] = listed === set.lQuoteEnd[l] - set.lQuoteStart[l] ? 1 : 0;
  }
  const lLegs = new Int32Array(3 * lineCount);
  const lLegCount = new Uint8Array(lineCount);
  const legs = new Int32Array(3);
  for (let l = 0; l < lineCount; l++) {
    lLegCount[l] = set.arbitrage.find(l, null, legs);
    for (let i = 0; i < lLegCount[l]; i++) lLegs[3 * l + i] = legs[i];
  }
  const gMidStart = new Int32Array(groupCount);
  const gMidLow = new Int32Array(groupCount);
  const gMidHigh = new Int32Array(groupCount);
  const midFirst: number[] = [];
  const midSecond: number[] = [];
  for (let g = 0; g < groupCount; g++) {
    gMidStart[g] = midFirst.length;
    if (gKind[g] === MONEYLINE || set.p.gGameLine[g] === 0) continue;
    const tops = set.middles;
    tops.collect(g, null);
    for (const [from, count] of [
      [0, tops.low],
      [tops.highStart, tops.high],
    ]) {
      for (let e = from; e < from + count; e++) {
        midFirst.push(tops.first[e]);
        midSecond.push(tops.second[e]);
      }
    }
    gMidLow[g] = tops.low;
    gMidHigh[g] = tops.high;
  }
  return {
    gLineStart,
    gLineEnd,
    lines: {
      lineCount,
      lQuoteStart: set.lQuoteStart.slice(0, lineCount),
      lQuoteEnd: set.lQuoteEnd.slice(0, lineCount),
      lOldest,
      gSimple,
      lLine: set.lLine.slice(0, lineCount),
      lSpan: set.lSpan.slice(0, lineCount),
      lSideStart: set.lSideStart.slice(0, lineCount),
      lSideCount: set.lSideCount.slice(0, lineCount),
      lFair,
      lFairBooks,
      sName: set.sName.slice(0, sideCount),
      sStart: set.sStart.slice(0, sideCount),
      sLength: set.sLength.slice(0, sideCount),
      sFair,
      sTop,
      sDfs,
      pool: set.pool.slice(0, poolSize),
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
