import { KIND_NAMES, spreadReference, SPREAD } from '../lines/line-rules';
import { hasStarted, LOCKED_MAX_AGE_LIVE_MS, LOCKED_MAX_AGE_MS } from '../lines/locked-market';
import type { MarketGroup, Quote } from '../lines/market-lines';
import { bookKeys, grownByte, grownInt, type PreparedEvent } from './prepared-columns';
import { ArbitrageLegs } from './prepared-lines-arbitrage';
import { FairLines } from './prepared-lines-fair';
import { MadeLines } from './prepared-lines-made';
import { MiddleTops } from './prepared-lines-middles';
import { ReusedLines } from './prepared-lines-reuse';
import { LineStore } from './prepared-lines-store';

/**
 * The lines of a prepared event at one moment, as buildEventIndex and groupLines() make them: which quotes are
 * open (not past the locked-market age), the groups in the order of their first open quote, and per group its
 * lines (quotes within 0.05 of the cluster's lowest line) with each book's best open quote per side. A line
 * none of whose quotes closed is the prepared one (with its fair line, arbitrage legs and best prices:
 * ReusedLines); the others are made here from the group's sorted quotes (MadeLines). The lines are stored in
 * typed arrays reused from one event to the next (LineStore).
 */
export class LineSet extends LineStore {
  p!: PreparedEvent;
  now = 0;
  live = false;
  /** This scan takes lines from the event's preparation where they hold (an event read for one scan has none). */
  usesPrepared = false;

  /**
   * Per group: all its quotes open (1). Per quote of the other groups: open at `now` (1) or too old to bet (0).
   * Per quote: its line (spreads: from the reference side at `now`; the prepared lines unless a reference side
   * changed).
   */
  fresh = new Uint8Array(64);
  open = new Uint8Array(1024);
  line: Float64Array = new Float64Array(0);

  /** Groups with an open quote, in the order of their first open quote; per group its first open quote. */
  groupOrder = new Int32Array(64);
  liveGroups = 0;
  firstOpen = new Int32Array(64);
  /** Per group at `now`: spreads' reference side, the player/team of its first open quote. */
  gReference: (string | undefined)[] = [];
  gDescription: (string | undefined)[] = [];

  /** How the lines are made: taken from the preparation, or made from the open quotes. */
  readonly reused: ReusedLines = new ReusedLines(this);
  readonly made: MadeLines = new MadeLines(this);
  /** What the finders ask of these lines: fair lines, arbitrage legs, middles' best quotes per line. */
  readonly fair: FairLines = new FairLines(this);
  readonly arbitrage: ArbitrageLegs = new ArbitrageLegs(this);
  readonly middles: MiddleTops = new MiddleTops(this);

  /** The lines at `now`: prepared lines for groups whose quotes are all open, clustered here for the others. */
  load(p: PreparedEvent, now: number): void {
    this.live = hasStarted(p.commence, now);
    this.start(p, now, this.live ? LOCKED_MAX_AGE_LIVE_MS : LOCKED_MAX_AGE_MS, true);
  }

  /**
   * The lines with every quote open, clustered here (to prepare them). `kept`: per group, whether its lines are taken
   * as `p`'s prepared lines hold them, its quotes, prices and times being those they were prepared from
   * (repricedEvent); the others are clustered.
   */
  loadAllOpen(p: PreparedEvent, kept: Uint8Array | null = null): void {
    this.live = false;
    this.start(p, 0, Infinity, false, kept);
  }

  private start(
    p: PreparedEvent,
    now: number,
    maxAge: number,
    usePrepared: boolean,
    kept: Uint8Array | null = null,
  ): void {
    this.p = p;
    this.now = now;
    this.usesPrepared = usePrepared && p.linesPrepared;
    this.clear();
    this.open = grownByte(this.open, p.quoteCount);
    this.line = p.qLine;
    this.orderGroups(maxAge);
    this.reused.begin(p);
    this.made.begin(p);
    for (let k = 0; k < this.liveGroups; k++) {
      const g = this.groupOrder[k];
      this.gDescription[g] = p.qDescription[this.firstOpen[g]];
      if (kept?.[g] === 1) {
        this.gReference[g] = p.gReference[g];
        for (let pl = p.gLineStart[g]; pl < p.gLineEnd[g]; pl++) this.reused.keepLine(g, pl);
      } else if (this.usesPrepared && this.fresh[g] === 1) {
        this.gReference[g] = p.gReference[g];
        for (let pl = p.gLineStart[g]; pl < p.gLineEnd[g]; pl++) this.reused.copyLine(g, pl);
      } else this.addGroupLines(g, now, maxAge);
    }
  }

  /**
   * Which quotes are open, and the groups in buildEventIndex's order: a group is made at its first open quote,
   * so they go in that order, without those whose quotes all closed.
   */
  private orderGroups(maxAge: number): void {
    const p = this.p;
    const { groupCount, byGroup, gStart, gEnd, gOldest, qUpdated } = p;
    const now = this.now;
    this.groupOrder = grownInt(this.groupOrder, groupCount);
    this.firstOpen = grownInt(this.firstOpen, groupCount);
    this.fresh = grownByte(this.fresh, groupCount);
    const { open, fresh, groupOrder, firstOpen } = this;
    let count = 0;
    for (let g = 0; g < groupCount; g++) {
      let first = -1;
      if (now - gOldest[g] <= maxAge) {
        fresh[g] = 1;
        first = byGroup[gStart[g]];
      } else {
        fresh[g] = 0;
        for (let k = gStart[g]; k < gEnd[g]; k++) {
          const q = byGroup[k];
          open[q] = maxAge === Infinity || now - qUpdated[q] <= maxAge ? 1 : 0;
          if (first < 0 && open[q] === 1) first = q;
        }
      }
      firstOpen[g] = first;
      if (first < 0) continue;
      // groups are numbered by their first quote, so this is nearly always in order already
      let j = count - 1;
      while (j >= 0 && firstOpen[groupOrder[j]] > first) {
        groupOrder[j + 1] = groupOrder[j];
        j--;
      }
      groupOrder[j + 1] = g;
      count++;
    }
    this.liveGroups = count;
  }

  /**
   * groupLines(group, 0.05) over the group's open quotes. When the group's prepared lines each hold one line
   * value (and the spread's reference side has not changed), closing quotes cannot merge or split them: the
   * lines none of whose quotes closed are taken as prepared and only the others are made again.
   */
  private addGroupLines(g: number, now: number, maxAge: number): void {
    const p = this.p;
    let reference: string | undefined;
    if (p.gKind[g] === SPREAD) {
      reference =
        maxAge === Infinity
          ? p.gReference[g]
          : spreadReference(p.names, p.gNameStart[g], p.gNameEnd[g], p.header.home_team, p.nameNewest, now, maxAge);
    }
    this.gReference[g] = reference;
    // moneylines are never simple; totals have no reference side (undefined on both sides)
    if (this.usesPrepared && p.lines.gSimple[g] === 1 && reference === p.gReference[g])
      this.reused.addIntactLines(g, now, maxAge);
    else this.made.addGroup(g, reference);
  }

  /** The first side of line l (its sides are lSideCount[l] from there), copying a prepared line's sides in. */
  sidesOf(l: number): number {
    const start = this.lSideStart[l];
    return start >= 0 ? start : this.reused.sidesOf(l);
  }

  /**
   * Adds one line per cluster of quotes[0 .. n) (sorted by line) within `tolerance` of the cluster's lowest
   * line. Returns the index of the first line added.
   */
  clusterLines(g: number, quotes: Int32Array, n: number, tolerance: number): number {
    return this.made.clusterLines(g, quotes, n, tolerance);
  }

  /** The prepared side that side i of line l was copied from, or −1 when the line was made at this scan. */
  preparedSide(l: number, i: number): number {
    const pl = this.lPrepared[l];
    return pl < 0 ? -1 : this.p.lines.lSideStart[pl] + i;
  }

  /** The Quote object of quote q, as buildEventIndex builds it: only for the legs of reported opportunities. */
  quote(q: number): Quote {
    const p = this.p;
    const m = p.qMarket[q];
    const point = p.qPoint[q];
    return {
      book: bookKeys[p.qBook[q]],
      bookTitle: p.mTitle[m],
      market: p.mKey[m],
      alternate: p.mAlternate[m] === 1,
      outcome: p.names[p.qName[q]],
      description: p.qDescription[q],
      point: Number.isNaN(point) ? undefined : point,
      decimal: p.qDecimal[q],
      commission: p.bookCommission[p.qBook[q]],
      effective: p.qEffective[q],
      lastUpdate: p.mLastUpdate[m],
      updatedAt: p.qUpdated[q],
      line: this.line[q],
      link: p.qLink[q],
    };
  }

  group(g: number): Pick<MarketGroup, 'family' | 'description' | 'kind'> {
    return { family: this.p.gFamily[g], description: this.gDescription[g], kind: KIND_NAMES[this.p.gKind[g]] };
  }

  sideName(s: number): string {
    return this.p.names[this.sName[s]];
  }
}
