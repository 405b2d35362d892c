import {
  bookHold,
  cachedTime,
  canonicalBookKey,
  commissionOf,
  commissionRates,
  completeSideCount,
  DEFAULT_BLEND,
  DEFAULT_DEVIG_METHOD,
  DFS_FIXED_DECIMAL,
  effectiveDecimal,
  evPercent,
  isDfsBook,
  isEventLive,
  isLayMarket,
  isStaleAt,
  KIND_NUMBERS,
  lineKey,
  lockedOutcomes,
  marketFamily,
  marketLines,
  PREFERRED_BOOK_ORDER,
  replacesHeldQuote,
  sportsbookName,
  type BlendableMethod,
  type BoardEvent,
  type BoardOutcome,
  type CommissionRates,
  type DevigMethod,
  type MarketLine,
  type Quote,
  type TimeCache,
} from '@oddspulse/shared';

/**
 * The odds table's rows (spec 001 §3 table row, §5 row building). A row is one outcome of one market of one
 * game (or, for player props, one player's Over/Under line) with every book's price beside it; EV and the
 * de-vigged fair line come from the engine (DECISIONS 10), never from the client.
 */
export type TableMode = 'game' | 'props';

/** One book's price for the row's outcome. `decimal` is the raw price; DFS apps are priced at −119 for EV. */
export interface BookPrice {
  book: string;
  title: string;
  decimal: number;
  lastUpdate: string;
  /** Spec 001 §5 locked-market rule: missing or 0, beyond ±5000, or older than 15 min (5 min live). */
  locked: boolean;
  isDfs: boolean;
  /** The user's commission at this book (FRACTION; 0 at a book and a DFS app): its EV is net of it (commission.ts). */
  commission: number;
  link?: string;
  /** EV in PERCENT of this book's price, net of its commission, against the fair line, when there is one. */
  evPct: number | null;
  /**
   * The book's hold on this line: 1 − 1/Σ implied of its complete market, a FRACTION; null when it does not
   * quote every side (or is a DFS app, whose prices are fixed).
   */
  hold: number | null;
  /** The book's complete market on this line, this outcome first (decimal odds): what the edge calculator de-vigs. */
  market?: MarketSide[];
}

/** The price a book is taken at, as the table shows it: DFS apps at the fixed −119 (spec 001 §5). */
export const priceOf = (b: Pick<BookPrice, 'decimal' | 'isDfs'>) => (b.isDfs ? DFS_FIXED_DECIMAL : b.decimal);

/** What a price pays per unit staked: net of the book's commission, and a DFS app's fixed −119; the best price is the highest. */
export function paidDecimal(price: Pick<BookPrice, 'decimal' | 'isDfs' | 'commission'>): number {
  return price.isDfs ? DFS_FIXED_DECIMAL : effectiveDecimal(price.decimal, price.commission);
}

export interface MarketSide {
  outcome: string;
  decimal: number;
}

export interface OddsRow {
  /** Stable across updates: event, market, player, outcome and line. */
  key: string;
  eventId: string;
  sportKey: string;
  sportTitle: string;
  homeTeam: string;
  awayTeam: string;
  commenceTime: string;
  market: string;
  /** Team, Over, Under, Yes, No, Draw; for a combined prop, the side with the better EV. */
  outcome: string;
  point?: number;
  playerName?: string;
  isCombinedProp: boolean;
  /** Every book quoting the outcome, in the preferred book order (spec 001 §5). */
  allBooks: BookPrice[];
  selectedBooks: BookPrice[];
  nonSelectedBooks: BookPrice[];
  /** Combined props: both sides. */
  overBooks?: BookPrice[];
  underBooks?: BookPrice[];
  /** The best open price among the selected books, net of each exchange's commission (null: all locked). */
  best: BookPrice | null;
  /** EV in PERCENT of the best price (null without a fair line). */
  evPct: number | null;
  /** De-vigged fair probability of the outcome (fraction), when there is one. */
  fairProbability: number | null;
  /** The best book is a DFS app: always shown, whatever the EV filter (spec 001 §5). */
  isDfs: boolean;
  /** Newest update among the row's books (ISO), for the row's age. */
  lastUpdate: string;
}

export interface BuildRowsOptions {
  mode: TableMode;
  /** The user's selected books (any key spelling); all books when empty. */
  selectedBooks: readonly string[];
  /** Market keys to show; all when empty. */
  markets?: readonly string[];
  now: number;
  method?: DevigMethod;
  /** With method `blend`: the methods averaged. */
  blend?: readonly BlendableMethod[];
  /** The user's own exchange commission rates (FRACTIONS by book), laid over the published defaults (commission.ts). */
  commission?: Readonly<Record<string, number>>;
}

/** Player prop markets of The Odds API: player_*, batter_*, pitcher_* (team totals are game markets). */
export function isPropMarket(key: string): boolean {
  return /^(player|batter|pitcher)_/.test(key);
}

/** Spreads and totals need 2 books with a price, other game markets 3 (spec 001 §5 row building). */
export function minimumBooks(market: string): number {
  const family = marketFamily(market);
  return /^(spreads|totals)/.test(family) ? 2 : 3;
}

/** A line as rows name it (to the cent, so 44.5 and 44.50 are one line). */
export const lineId = (point: number | undefined) => lineKey(point ?? null);

/** Compares as String.prototype.localeCompare does (the same default locale and options), without a collator a call. */
const collator = new Intl.Collator();

/**
 * Rows of one event. Events with no id or sport_key are dropped (spec 001 §5), and so is a game the scoreboard marked
 * final while the feed still lists it: its prices can no longer be bet, so neither a best price nor an EV is shown for
 * them (the engine skips finished games for the same reason, spec 001 §5 arbitrage). When building the rows of many
 * events with the same options, rowsBuilder() reads what they share once.
 */
export function buildEventRows(event: BoardEvent, options: BuildRowsOptions): OddsRow[] {
  return rowsBuilder(options)(event);
}

/** Rows of every event, best EV first (rows without EV last). */
export function buildRows(events: readonly BoardEvent[], options: BuildRowsOptions): OddsRow[] {
  return events.flatMap(rowsBuilder(options)).sort(compareRows);
}

export function compareRows(a: OddsRow, b: OddsRow): number {
  return (
    (b.evPct ?? -Infinity) - (a.evPct ?? -Infinity) ||
    collator.compare(a.commenceTime, b.commenceTime) ||
    collator.compare(a.key, b.key)
  );
}

/** buildEventRows() with `options`, for one event after another: the selection read and each time parsed once. */
export function rowsBuilder(options: BuildRowsOptions): (event: BoardEvent) => OddsRow[] {
  const markets = options.markets?.length ? new Set(options.markets) : null;
  const shown = new Map<string, boolean>();
  const settings: RowSettings = {
    mode: options.mode,
    now: options.now,
    method: options.method ?? DEFAULT_DEVIG_METHOD,
    blend: options.blend ?? DEFAULT_BLEND,
    selected: new Set(options.selectedBooks.map(canonicalBookKey)),
    rates: commissionRates(options.commission),
    times: new Map(),
    shows: (key) => {
      let show = shown.get(key);
      if (show === undefined) {
        show =
          !isLayMarket(key) &&
          (options.mode === 'props') === isPropMarket(key) &&
          (!markets || markets.has(key) || markets.has(marketFamily(key)));
        shown.set(key, show);
      }
      return show;
    },
  };
  return (event) => eventRows(event, settings);
}

/**
 * Would the rows of `event` built at `then` be built the same at `now` (same board, same options)? The clock enters
 * the rows only through the locked-market rule (spec 001 §5): whether the game has started, and whether each market is
 * past its age (which prices are locked, which go into the fair lines and holds). When neither changed, no row did.
 */
export function sameRowsAt(event: BoardEvent, then: number, now: number, times: TimeCache = new Map()): boolean {
  const live = isEventLive(event, then);
  if (isEventLive(event, now) !== live) return false;
  for (const bookmaker of event.bookmakers) {
    for (const market of bookmaker.markets) {
      const updatedAt = cachedTime(market.last_update, times);
      if (isStaleAt(updatedAt, then, live) !== isStaleAt(updatedAt, now, live)) return false;
    }
  }
  return true;
}

interface RowSettings {
  mode: TableMode;
  now: number;
  method: DevigMethod;
  blend: readonly BlendableMethod[];
  /** Canonical keys of the selected books; all books when empty. */
  selected: ReadonlySet<string>;
  /** Each exchange's commission as the user pays it. */
  rates: CommissionRates;
  times: TimeCache;
  /** Whether the table lists a market key: of the mode, among the markets chosen, not an exchange's lay market. */
  shows: (market: string) => boolean;
}

/**
 * What the engine's lines say of one (family, player/team, outcome, line) of an event, for every row's book quoting
 * it: the fair probability (de-vig, line grouping and weighted median: DECISIONS 10), strictly between 0 and 1, and
 * for each book quoting every side of the line its complete market (this outcome first) and hold, by the book's number
 * in the event (EventBooks). Several lines may name the same one (a moneyline of 2 and of 3 outcomes): the last read
 * says.
 */
interface LineFacts {
  fair: number | undefined;
  market: MarketSide[][];
  hold: number[];
}

/** The event's books numbered: by canonical key, and each bookmaker's number; whether each is a DFS app. */
interface EventBooks {
  numbers: Map<string, number>;
  ofBookmaker: number[];
  dfs: boolean[];
}

/** One outcome of one market key (to the cent) and every book quoting it: a row, or half a combined prop. */
interface Cell {
  market: string;
  outcome: string;
  point?: number;
  description?: string;
  facts: LineFacts | undefined;
  /** The books in the book order (spec 001 §5), and of them the selected ones and the others (when books are chosen). */
  books: BookPrice[];
  selectedBooks: BookPrice[];
  otherBooks: BookPrice[];
  /** Books with an open price, and the best open price of the selected ones (the first on the board on a tie). */
  open: number;
  best: BookPrice | null;
  bestPrice: number;
  bestAt: number;
  /** The newest update of the books: the first of the newest in the book order. */
  newest: string;
  newestTime: number;
  /**
   * Where the board first lists it (whose point and player it shows): its bookmaker's index, and the outcome's among
   * that bookmaker's.
   */
  firstBookmaker: number;
  firstOutcome: number;
  /** The bookmaker of the last entry of `books` (−1 for none): a second price of it replaces that entry or is dropped. */
  lastBookmaker: number;
}

function eventRows(event: BoardEvent, settings: RowSettings): OddsRow[] {
  if (!event.id || !event.sport_key || event.completed) return [];
  const { cells, byKey } = eventCells(event, settings);
  const rowOf = (cell: Cell): OddsRow => {
    const best = cell.best;
    const row: OddsRow = {
      key: `${event.id}|${cell.market}|${cell.description ?? ''}|${cell.outcome}|${lineId(cell.point)}`,
      eventId: event.id,
      sportKey: event.sport_key,
      sportTitle: event.sport_title,
      homeTeam: event.home_team,
      awayTeam: event.away_team,
      commenceTime: event.commence_time,
      market: cell.market,
      outcome: cell.outcome,
      isCombinedProp: false,
      allBooks: cell.books,
      selectedBooks: settings.selected.size ? cell.selectedBooks : cell.books,
      nonSelectedBooks: cell.otherBooks,
      best,
      evPct: best?.evPct ?? null,
      fairProbability: cell.facts?.fair ?? null,
      isDfs: best?.isDfs ?? false,
      lastUpdate: cell.newest,
    };
    if (cell.point !== undefined) row.point = cell.point;
    if (cell.description !== undefined) row.playerName = cell.description;
    return row;
  };

  const rows: OddsRow[] = [];
  if (settings.mode === 'game') {
    for (const cell of cells) {
      if (cell.open < minimumBooks(cell.market)) continue;
      if (cell.best) rows.push(rowOf(cell));
    }
    return rows;
  }

  // Props: an Over and an Under on the same player, market and line make one combined row (spec 001 §5).
  const used = new Set<Cell>();
  for (const cell of cells) {
    if (cell.outcome !== 'Over' || cell.point === undefined) continue;
    const under = byKey.get(cellKey(cell.market, cell.description, 'Under', cell.point));
    if (!under) continue;
    used.add(cell).add(under);
    const overRow = rowOf(cell);
    const underRow = rowOf(under);
    const pick = (underRow.evPct ?? -Infinity) > (overRow.evPct ?? -Infinity) ? underRow : overRow;
    const row: OddsRow = {
      ...pick,
      key: `${event.id}|${cell.market}|${cell.description ?? ''}|OU|${lineId(cell.point)}`,
      isCombinedProp: true,
      overBooks: overRow.allBooks,
      underBooks: underRow.allBooks,
      // the newest of both sides' books, the Over's first
      lastUpdate: under.newestTime > cell.newestTime ? under.newest : cell.newest,
    };
    if (row.best) rows.push(row);
  }
  for (const cell of cells) {
    // A line quoted on one side only is no combined prop (spec 001 §5 needs both sides), but its books still price it:
    // it stands alone as a Yes/No prop does, with the best price and, lacking the other side to de-vig, no fair line
    // or EV unless the engine has one (DECISIONS 10), as a straight bet without a fair line is listed.
    if (used.has(cell)) continue;
    if (cell.best) rows.push(rowOf(cell));
  }
  return rows;
}

/** What eventCells builds for one event: its cells by cellKey() and in the order made, and the lines' facts once needed. */
interface EventCellsBuild {
  event: BoardEvent;
  settings: RowSettings;
  books: EventBooks;
  facts: Map<string, LineFacts> | undefined;
  byKey: Map<string, Cell>;
  list: Cell[];
}

/**
 * The event's cells (and by cellKey()), in the order the board first lists them, each with its books' prices (a price
 * of 0 is ignored: spec 001 §5). Bookmakers are read in the book order, so each cell's books come in that order as
 * they are added; the board's order decides the cells' order and, on a tie, the best price.
 */
function eventCells(event: BoardEvent, settings: RowSettings): { cells: Cell[]; byKey: Map<string, Cell> } {
  const { mode, now, selected } = settings;
  const live = isEventLive(event, now);
  const books = eventBooks(event);
  // the lines' facts are worked out with the first cell: an event with nothing to show (another mode's markets) needs none
  const build: EventCellsBuild = { event, settings, books, facts: undefined, byKey: new Map(), list: [] };
  // per market key, the cell of each outcome position last seen: books mostly list a market's outcomes alike
  const seen = new Map<string, Cell[]>();
  const order = inBookOrder(event);
  for (let j = 0; j < order.length; j++) {
    const m = order[j];
    const bookmaker = event.bookmakers[m];
    const book = books.ofBookmaker[m];
    const dfs = books.dfs[book];
    // spec 001 §5: in game mode DFS-only apps are excluded
    if (mode === 'game' && dfs) continue;
    const quoted: QuotingBook = {
      bookmaker,
      book,
      title: sportsbookName(bookmaker.key, bookmaker.title),
      at: m,
      dfs,
      // an exchange's price pays net of the user's commission: its EV, and which price is best, are worked on that
      commission: dfs ? 0 : commissionOf(bookmaker.key, settings.rates),
      isSelected: selected.size === 0 || selected.has(bookmaker.key),
    };
    let at = -1;
    for (let k = 0; k < bookmaker.markets.length; k++) {
      const market = bookmaker.markets[k];
      if (!settings.shows(market.key)) continue;
      const updatedAt = cachedTime(market.last_update, settings.times);
      // spec 001 §5 locked market: too old locks it whole; a price beyond ±5000 locks a game market whole but a props
      // market per player, as the engine reads it: one player's far-out line leaves the others open. The props items'
      // is_active is the same rule (lockedOutcomes)
      const isLocked = lockedOutcomes(market.outcomes, isStaleAt(updatedAt, now, live));
      let known = seen.get(market.key);
      if (!known) seen.set(market.key, (known = []));
      for (let i = 0; i < market.outcomes.length; i++) {
        const outcome = market.outcomes[i];
        at++;
        if (!(outcome.price > 0)) continue;
        const cell = cellOf(build, known, i, market.key, outcome, m, at);
        addPrice(cell, quoted, market, outcome, at, updatedAt, isLocked(outcome), selected.size > 0);
      }
    }
  }
  build.list.sort((a, b) => a.firstBookmaker - b.firstBookmaker || a.firstOutcome - b.firstOutcome);
  return { cells: build.list, byKey: build.byKey };
}

/** A bookmaker as eventCells reads it: its canonical book, name, place in the board, and how its prices are paid. */
interface QuotingBook {
  bookmaker: BoardEvent['bookmakers'][number];
  /** The book's number in the event (EventBooks). */
  book: number;
  title: string;
  /** The bookmaker's index on the board. */
  at: number;
  dfs: boolean;
  commission: number;
  isSelected: boolean;
}

/**
 * The cell of the `i`-th outcome of a market: the one that position held at the last book when it is the same line,
 * else the one by its key, made (and listed) the first time the line is seen.
 */
function cellOf(
  build: EventCellsBuild,
  known: Cell[],
  i: number,
  market: string,
  outcome: BoardOutcome,
  m: number,
  at: number,
): Cell {
  const last = known[i];
  if (last && last.outcome === outcome.name && last.description === outcome.description && last.point === outcome.point)
    return last;
  const key = cellKey(market, outcome.description, outcome.name, outcome.point);
  let cell = build.byKey.get(key);
  if (!cell) {
    build.facts ??= eventFacts(build.event, build.settings, build.books);
    cell = newCell(market, outcome, build.facts, m, at);
    build.byKey.set(key, cell);
    build.list.push(cell);
  }
  known[i] = cell;
  return cell;
}

/**
 * One book's price added to its cell: its EV against the line's fair price and the book's hold, and, when open, the
 * cell's best price if it beats it (the first on the board on a tie). A book quoting the cell's line twice (Caesars
 * lists props lines twice) is one entry, its best price: the engine's rule, replacesHeldQuote (spec 001 §5).
 */
function addPrice(
  cell: Cell,
  quoted: QuotingBook,
  market: BoardEvent['bookmakers'][number]['markets'][number],
  outcome: BoardOutcome,
  at: number,
  updatedAt: number,
  locked: boolean,
  booksChosen: boolean,
): void {
  const { bookmaker, book, dfs, commission, at: m } = quoted;
  // a bookmaker's prices are added together (eventCells reads the board book by book): its listed one is the cell's last
  const listed = cell.lastBookmaker === m ? cell.books[cell.books.length - 1] : null;
  if (listed && !replacesHeldQuote(outcome.price, listed.decimal)) return;
  const lineFacts = cell.facts;
  const fair = lineFacts?.fair;
  const held = lineFacts?.market[book];
  const price = paidDecimal({ decimal: outcome.price, isDfs: dfs, commission });
  const entry: BookPrice = {
    book: bookmaker.key,
    title: quoted.title,
    decimal: outcome.price,
    lastUpdate: market.last_update,
    locked,
    isDfs: dfs,
    commission,
    evPct: fair === undefined ? null : evPercent(fair, price),
    hold: held ? lineFacts.hold[book] : null,
  };
  if (held) entry.market = held;
  const link = outcome.link ?? market.link ?? bookmaker.link;
  if (link) entry.link = link;
  if (listed) {
    // the same market of the same book as the listed entry: the same lock, update time and place on the board
    cell.books[cell.books.length - 1] = entry;
    if (booksChosen) {
      const chosen = quoted.isSelected ? cell.selectedBooks : cell.otherBooks;
      chosen[chosen.length - 1] = entry;
    }
    if (cell.best === listed) {
      cell.best = entry;
      cell.bestPrice = price;
    }
  } else {
    cell.books.push(entry);
    cell.lastBookmaker = m;
    if (booksChosen) (quoted.isSelected ? cell.selectedBooks : cell.otherBooks).push(entry);
    if (m < cell.firstBookmaker) {
      // the row takes the point and player as the board first lists them (44.5 or 44.50, '' or none)
      cell.firstBookmaker = m;
      cell.firstOutcome = at;
      cell.point = outcome.point;
      cell.description = outcome.description;
    }
    if (updatedAt > cell.newestTime) {
      cell.newestTime = updatedAt;
      cell.newest = market.last_update;
    }
  }
  if (locked) return;
  if (!listed) cell.open++;
  if (quoted.isSelected && (price > cell.bestPrice || (price === cell.bestPrice && m < cell.bestAt))) {
    cell.best = entry;
    cell.bestPrice = price;
    cell.bestAt = m;
  }
}

function newCell(
  market: string,
  outcome: BoardOutcome,
  facts: Map<string, LineFacts>,
  bookmaker: number,
  at: number,
): Cell {
  return {
    market,
    outcome: outcome.name,
    point: outcome.point,
    description: outcome.description,
    facts: facts.get(factsKey(marketFamily(market), outcome.description, outcome.name, outcome.point)),
    books: [],
    selectedBooks: [],
    otherBooks: [],
    open: 0,
    best: null,
    bestPrice: -Infinity,
    bestAt: -1,
    newest: '',
    newestTime: -Infinity,
    firstBookmaker: bookmaker,
    firstOutcome: at,
    lastBookmaker: -1,
  };
}

function cellKey(market: string, description: string | undefined, outcome: string, point: number | undefined): string {
  return `${market}\u0001${description ?? ''}\u0001${outcome}\u0001${lineId(point)}`;
}

function factsKey(family: string, description: string | undefined, outcome: string, point: number | undefined): string {
  return `${family}\u0001${description ?? ''}\u0001${outcome}\u0001${lineId(point)}`;
}

/**
 * The event's LineFacts, by factsKey(): its lines at the settings' `now` (marketLines: the engine's lines, grouped
 * at the EV tolerance) and their fair lines by the chosen de-vig.
 */
function eventFacts(event: BoardEvent, settings: RowSettings, books: EventBooks): Map<string, LineFacts> {
  const facts = new Map<string, LineFacts>();
  for (const line of marketLines(event, settings.now, { method: settings.method, blend: settings.blend })) {
    // a line without all its sides has no fair line and no book quoting every side
    if (line.sides.size === completeSideCount(KIND_NUMBERS[line.group.kind], line.group.outcomeCount))
      addLineFacts(line, books, facts);
  }
  return facts;
}

function addLineFacts(line: MarketLine, books: EventBooks, facts: Map<string, LineFacts>): void {
  const fair = line.fair;
  const { family, description } = line.group;
  // arrays made at their size throughout: grown by push, a short array takes room for 17
  const n = line.sides.size;
  const names: string[] = new Array(n);
  const sides: Quote[][] = new Array(n);
  let s = 0;
  line.sides.forEach((quotes, name) => {
    names[s] = name;
    sides[s++] = quotes;
  });
  // per side, each quote's facts: a side's quotes are sorted by line, so they mostly share one point, and one key
  const factsOf: LineFacts[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    const quotes = sides[i];
    const p = fair?.probabilities.get(names[i]);
    const valid = p !== undefined && p > 0 && p < 1;
    const keyed: LineFacts[] = new Array(quotes.length);
    for (let k = 0; k < quotes.length; k++) {
      const f =
        k > 0 && quotes[k].point === quotes[k - 1].point
          ? keyed[k - 1]
          : factsAt(facts, factsKey(family, description, names[i], quotes[k].point), books);
      if (valid) f.fair = p;
      keyed[k] = f;
    }
    factsOf[i] = keyed;
  }
  // each book quoting every side (DFS apps are priced at a fixed −119: no hold): its market, each side first in turn
  const at: number[] = new Array(n).fill(0);
  const decimals: number[] = new Array(n).fill(0);
  const first = sides[0];
  for (let k = 0; k < first.length; k++) {
    const book = first[k].book;
    const number = books.numbers.get(book)!;
    if (books.dfs[number]) continue;
    at[0] = k;
    let everySide = true;
    for (let i = 1; i < n && everySide; i++) {
      at[i] = indexOfBook(sides[i], book, k);
      everySide = at[i] >= 0;
    }
    if (!everySide) continue;
    const market: MarketSide[] = new Array(n);
    for (let i = 0; i < n; i++) market[i] = { outcome: names[i], decimal: sides[i][at[i]].decimal };
    for (let i = 0; i < n; i++) {
      let ordered = market;
      if (i > 0) {
        ordered = new Array(n);
        ordered[0] = market[i];
        for (let j = 0, k = 1; j < n; j++) if (j !== i) ordered[k++] = market[j];
      }
      for (let j = 0; j < n; j++) decimals[j] = ordered[j].decimal;
      const f = factsOf[i][at[i]];
      f.market[number] = ordered;
      f.hold[number] = bookHold(decimals);
    }
  }
}

function factsAt(facts: Map<string, LineFacts>, key: string, books: EventBooks): LineFacts {
  let f = facts.get(key);
  if (f === undefined)
    facts.set(
      key,
      (f = { fair: undefined, market: new Array(books.numbers.size), hold: new Array(books.numbers.size) }),
    );
  return f;
}

/** The event's books, numbered in the order the board lists them (by canonical key: aliases are one book). */
function eventBooks(event: BoardEvent): EventBooks {
  const numbers = new Map<string, number>();
  const dfs: boolean[] = [];
  const ofBookmaker = event.bookmakers.map((bookmaker) => {
    const key = canonicalBookKey(bookmaker.key);
    let number = numbers.get(key);
    if (number === undefined) {
      numbers.set(key, (number = numbers.size));
      dfs.push(isDfsBook(key));
    }
    return number;
  });
  return { numbers, ofBookmaker, dfs };
}

/** Where `book` quotes this side (a book quotes a side once): sides usually list the books alike, so `hint` first. */
function indexOfBook(quotes: readonly Quote[], book: string, hint: number): number {
  if (hint < quotes.length && quotes[hint].book === book) return hint;
  for (let k = 0; k < quotes.length; k++) if (quotes[k].book === book) return k;
  return -1;
}

const bookOrder = (key: string) => {
  const i = PREFERRED_BOOK_ORDER.indexOf(key);
  return i === -1 ? PREFERRED_BOOK_ORDER.length : i;
};

/**
 * The event's bookmakers (their indices) in the order rows list books (spec 001 §5): the preferred book order, then
 * the others by name; bookmakers alike in both keep the board's order (a stable sort).
 */
function inBookOrder(event: BoardEvent): number[] {
  const orders = event.bookmakers.map((b) => bookOrder(b.key));
  const titles = event.bookmakers.map((b) => sportsbookName(b.key, b.title));
  return event.bookmakers
    .map((_, m) => m)
    .sort((a, b) => orders[a] - orders[b] || collator.compare(titles[a], titles[b]));
}

/**
 * The book with the lowest hold on a row's line, among the open prices of books quoting every side; null
 * when none does. Ties go to the first in the book order.
 */
export function lowestHoldBook(books: readonly BookPrice[]): BookPrice | null {
  let lowest: BookPrice | null = null;
  for (const b of books) if (!b.locked && b.hold !== null && (lowest === null || b.hold < lowest.hold!)) lowest = b;
  return lowest;
}

/** Mini table: up to 20 books in props mode (spec 001 §2). */
export const PROPS_MINI_TABLE_BOOKS = 20;

/** How many books a row's mini table lists: 20 in props mode, otherwise as many as the fixed book order holds (spec 001 §2, §5). */
export function miniTableLimit(mode: TableMode): number {
  return mode === 'props' ? PROPS_MINI_TABLE_BOOKS : PREFERRED_BOOK_ORDER.length;
}

/**
 * The books a row's mini table lists (spec 001 §2): the user's books, then the others, each in the preferred
 * book order, up to the mode's limit. The book of the row's best price and the lowest-hold book are always
 * among them, so the row's Book column and the marked lowest hold can be found in its own mini table.
 */
export function miniTableBooks(
  row: Pick<OddsRow, 'selectedBooks' | 'nonSelectedBooks' | 'best'>,
  mode: TableMode,
  all = false,
): BookPrice[] {
  const ordered = [...row.selectedBooks, ...row.nonSelectedBooks];
  const limit = miniTableLimit(mode);
  // "8 more books quote this line" opens to every book, in the same order
  if (all || ordered.length <= limit) return ordered;
  const kept = new Set<BookPrice>();
  const best = row.best && ordered.find((b) => b.book === row.best!.book);
  if (best) kept.add(best);
  const lowest = lowestHoldBook(ordered);
  if (lowest) kept.add(lowest);
  for (const b of ordered) if (kept.size < limit) kept.add(b);
  return ordered.filter((b) => kept.has(b));
}
