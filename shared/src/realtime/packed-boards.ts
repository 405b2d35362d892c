import type { BoardBookmaker, BoardEvent, BoardMarket, BoardOutcome, SportBoard } from '../domain/odds';
import { americanToDecimal, decimalToAmerican, isValidDecimal } from '../engine/odds/odds-format';
import { InvalidOddsPayloadError } from '../feeds/odds-api-v4';

/**
 * The packed form of the boards: GET /api/boards?format=packed, the browser's first load (spec 001 §7).
 * The same boards as the plain form, written so that brotli has less to say; `unpackBoards(packBoards(x))` deep-equals
 * x (every key, every optional field present or absent as it was, every number the same double).
 *
 * Boards and event headers keep their fields as they are. Each event adds its table of names and its books; the
 * markets and outcomes of all the board's events are columns of the board, event after event (version 3: a column of
 * like values across the board, prices beside prices and links beside links, costs brotli's quality 5 about 8 % fewer
 * bytes than columns per event, so a first visit served before its stronger compression still fits the first-visit budget):
 * - `names` (per event): the event's table of outcome names and descriptions (teams, Over/Under, players); its
 *   outcomes refer to it by index.
 * - `books` (per event): each bookmaker's key, title, `u` (its last_update), link and sid, and `m`, how many markets
 *   are its own: the markets are listed book after book, and an event's are the sum of its books'.
 * - `markets` (per board): one entry per market in each column: `k` keys, `c` how many outcomes are its own (the
 *   outcomes are listed market after market), `u` its last_update where it differs from its book's (null where it is
 *   the same), `link` and `sid` (null where absent), and the outcome links' common prefix `lp` (null: the previous
 *   market's) and suffix `ls`.
 * - `outcomes` (per board): one entry per outcome in each column: `n` name indexes, `p` prices, and `x` points, `d`
 *   description indexes, `bl` bet limits, `s` sids and `l` link middles (prefix + middle + suffix is the link), null
 *   where absent.
 * A column whose entries would all be null (or '' for `ls`) is left out.
 *
 * A price is its American integer when that converts back to exactly the same decimal (the usual case: the feeds
 * quote American), else the decimal itself. Read back, an integer ≥ 100 or ≤ −100 is American and any other number
 * decimal: a decimal price of 100 or more is an integer, which always converts exactly, so it is written American. A link
 * middle made of an integer's own digits is written as that number.
 */
export const PACKED_BOARDS_VERSION = 3;

export interface PackedBook {
  key: string;
  title: string;
  u: string;
  link?: string;
  sid?: string;
  m: number;
}

export interface PackedMarkets {
  k: string[];
  c: number[];
  u?: Array<string | null>;
  link?: Array<string | null>;
  sid?: Array<string | null>;
  lp?: Array<string | null>;
  ls?: string[];
}

export interface PackedOutcomes {
  n: number[];
  p: number[];
  x?: Array<number | null>;
  d?: Array<number | null>;
  bl?: Array<number | null>;
  s?: Array<string | null>;
  l?: Array<string | number | null>;
}

export interface PackedEvent extends Omit<BoardEvent, 'bookmakers'> {
  names: string[];
  books: PackedBook[];
}

export interface PackedBoard extends Omit<SportBoard, 'events'> {
  events: PackedEvent[];
  markets: PackedMarkets;
  outcomes: PackedOutcomes;
}

export interface PackedBoards {
  packed: typeof PACKED_BOARDS_VERSION;
  boards: PackedBoard[];
}

export function packBoards(boards: readonly SportBoard[]): PackedBoards {
  return { packed: PACKED_BOARDS_VERSION, boards: boards.map(packBoard) };
}

/** One column of a board: an entry per market or outcome, `empty` where it has none; left out when all are empty. */
class Column<T> {
  private readonly values: T[] = [];
  private used = false;

  constructor(private readonly empty: T) {}

  push(value: T | undefined): void {
    if (value === undefined || value === this.empty) this.values.push(this.empty);
    else {
      this.values.push(value);
      this.used = true;
    }
  }

  /** The entries, or undefined (no key in the packed form) when every one is empty. */
  get kept(): T[] | undefined {
    return this.used ? this.values : undefined;
  }
}

// One pass over the board's markets and outcomes, filling every column at once (the view's cold build and
// its allocations).
function packBoard({ events, ...board }: SportBoard): PackedBoard {
  const columns = new BoardColumnsWriter();
  const packed = events.map((event) => packEvent(event, columns));
  return { ...board, events: packed, ...columns.written() };
}

/** An event's header, names and books; its markets and outcomes go into the board's columns. */
function packEvent({ bookmakers, ...event }: BoardEvent, columns: BoardColumnsWriter): PackedEvent {
  const { names, nameIndex } = nameTable();
  const books = bookmakers.map(({ last_update: bookUpdate, markets, ...book }) => {
    for (const market of markets) columns.pushMarket(market, bookUpdate, nameIndex);
    return { ...book, u: bookUpdate, m: markets.length };
  });
  return { ...event, names, books };
}

/** A board's market and outcome columns as they are filled, market after market. */
class BoardColumnsWriter {
  private readonly markets = { k: [] as string[], c: [] as number[] };
  private readonly market = {
    u: new Column<string | null>(null),
    link: new Column<string | null>(null),
    sid: new Column<string | null>(null),
    lp: new Column<string | null>(null),
    ls: new Column(''),
  };
  private readonly outcomes = { n: [] as number[], p: [] as number[] };
  private readonly outcome = {
    x: new Column<number | null>(null),
    d: new Column<number | null>(null),
    bl: new Column<number | null>(null),
    s: new Column<string | null>(null),
    l: new Column<string | number | null>(null),
  };
  private previousPrefix = '';

  /** A book's market and its outcomes; `nameIndex` is the event's table of names. */
  pushMarket(
    { key, last_update, outcomes, link, sid }: BoardMarket,
    bookUpdate: string,
    nameIndex: (name: string) => number,
  ): void {
    this.markets.k.push(key);
    this.markets.c.push(outcomes.length);
    this.market.u.push(last_update === bookUpdate ? undefined : last_update);
    this.market.link.push(link);
    this.market.sid.push(sid);
    const { prefix, suffix } = linkParts(outcomes);
    // a prefix is written where it changes; null repeats the previous market's
    this.market.lp.push(
      prefix !== undefined && prefix !== this.previousPrefix ? (this.previousPrefix = prefix) : undefined,
    );
    this.market.ls.push(suffix);
    for (const { name, description, price, point, bet_limit, sid: outcomeSid, link: outcomeLink } of outcomes) {
      this.outcomes.n.push(nameIndex(name));
      this.outcomes.p.push(packPrice(price));
      this.outcome.x.push(point);
      this.outcome.d.push(description === undefined ? undefined : nameIndex(description));
      this.outcome.bl.push(bet_limit);
      this.outcome.s.push(outcomeSid);
      this.outcome.l.push(
        outcomeLink === undefined
          ? undefined
          : packId(outcomeLink.slice(prefix!.length, outcomeLink.length - suffix.length)),
      );
    }
  }

  /** The columns as the packed board carries them. */
  written(): { markets: PackedMarkets; outcomes: PackedOutcomes } {
    return {
      markets: withColumns<PackedMarkets>(this.markets, this.market),
      outcomes: withColumns<PackedOutcomes>(this.outcomes, this.outcome),
    };
  }
}

/** An event's table of names, and the index of a name in it (added where new). */
function nameTable(): { names: string[]; nameIndex: (name: string) => number } {
  const names: string[] = [];
  const indexes = new Map<string, number>();
  const nameIndex = (name: string) => {
    let index = indexes.get(name);
    if (index === undefined) {
      index = names.push(name) - 1;
      indexes.set(name, index);
    }
    return index;
  };
  return { names, nameIndex };
}

/** The columns that have an entry, so an absent column is an absent key (in the order they are listed). */
function withColumns<T extends object>(target: object, columns: Record<string, Column<unknown>>): T {
  for (const [field, column] of Object.entries(columns))
    if (column.kept) Object.assign(target, { [field]: column.kept });
  return target as T;
}

/** A market's outcome links' common prefix (undefined where it has none) and suffix, each outcome's middle between. */
function linkParts(outcomes: readonly BoardOutcome[]): { prefix?: string; suffix: string } {
  const links: string[] = [];
  for (const outcome of outcomes) if (outcome.link !== undefined) links.push(outcome.link);
  if (!links.length) return { suffix: '' };
  const prefix = commonPrefix(links);
  return { prefix, suffix: commonSuffix(links, prefix.length) };
}

/** An id of digits as a number: its quotes cost brotli a byte per link. */
function packId(id: string): string | number {
  const value = Number(id);
  return Number.isSafeInteger(value) && String(value) === id ? value : id;
}

function packPrice(decimal: number): number {
  // the board's invariant (spec 001 §3): a price of 1 or less never reaches a board, and would be misread here
  if (!isValidDecimal(decimal)) throw new RangeError(`Not a decimal price: ${decimal}`);
  const american = Math.round(decimalToAmerican(decimal));
  return Math.abs(american) >= 100 && americanToDecimal(american) === decimal ? american : decimal;
}

function unpackPrice(price: number): number {
  return Number.isInteger(price) && Math.abs(price) >= 100 ? americanToDecimal(price) : price;
}

/**
 * The values' common prefix, shorter than the shortest, up to and including its last character that is not a letter
 * or digit: ids are cut whole, so the prefix is the same for every market of an event (written once) instead of taking the first digits
 * two ids happen to share.
 */
function commonPrefix(values: readonly string[]): string {
  const first = values[0];
  // short of the whole value, so a link alone in its market (or links all alike) still leaves its id out
  let length = shortest(values) - 1;
  for (const value of values) {
    let i = 0;
    while (i < length && value.charCodeAt(i) === first.charCodeAt(i)) i++;
    length = i;
  }
  while (length > 0 && isLetterOrDigit(first.charCodeAt(length - 1))) length--;
  return first.slice(0, length);
}

/**
 * The same rule from the other end, over what follows each value's first `skip` characters (its prefix): short of
 * the shortest, from its first character that is not a letter or digit.
 */
function commonSuffix(values: readonly string[], skip: number): string {
  const first = values[0];
  let length = shortest(values) - skip - 1;
  for (const value of values) {
    let i = 0;
    while (i < length && value.charCodeAt(value.length - 1 - i) === first.charCodeAt(first.length - 1 - i)) i++;
    length = i;
  }
  while (length > 0 && isLetterOrDigit(first.charCodeAt(first.length - length))) length--;
  return length > 0 ? first.slice(first.length - length) : '';
}

function shortest(values: readonly string[]): number {
  let length = Infinity;
  for (const value of values) length = Math.min(length, value.length);
  return length;
}

/** [A-Za-z0-9] */
function isLetterOrDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

type Json = Record<string, unknown>;

function fail(): never {
  throw new InvalidOddsPayloadError();
}

const object = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : fail();
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : fail());
const text = (value: unknown): string => (typeof value === 'string' ? value : fail());
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : fail());
const count = (value: unknown): number =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fail();

/** The fields of `source` that are present, read by `read` (a field present in the packed form is present in the board). */
function present<T>(source: Json, fields: readonly string[], read: (value: unknown) => T): Record<string, T> {
  const result: Record<string, T> = {};
  for (const field of fields) if (field in source) result[field] = read(source[field]);
  return result;
}

/** A column of `length` entries as sent (undefined when it is absent); each entry is read where it is used (at). */
function columnOf(source: Json, field: string, length: number): unknown[] | undefined {
  if (!(field in source)) return undefined;
  const values = list(source[field]);
  return values.length === length ? values : fail();
}

/** A column's entry read by `read`; undefined where the column is absent or the entry null. */
function at<T>(column: unknown[] | undefined, index: number, read: (value: unknown) => T): T | undefined {
  const value = column?.[index];
  return value === undefined || value === null ? undefined : read(value);
}

const middleText = (value: unknown): string => (typeof value === 'number' ? String(number(value)) : text(value));

/**
 * The boards of a packed answer; anything of another shape (a field missing or of the wrong type, columns of unequal
 * length, counts that do not add up, a name index outside the table, another version) is 'Invalid response format
 * from server'.
 */
export function unpackBoards(packed: unknown): SportBoard[] {
  const body = object(packed);
  if (body.packed !== PACKED_BOARDS_VERSION) fail();
  return list(body.boards).map(unpackBoard);
}

/** A board's columns, read once, and where the next event's markets and outcomes start in them. */
interface BoardColumnsReader {
  keys: unknown[];
  sizes: unknown[];
  marketUpdates?: unknown[];
  marketLinks?: unknown[];
  marketSids?: unknown[];
  prefixes?: unknown[];
  suffixes?: unknown[];
  nameIndexes: unknown[];
  prices: unknown[];
  points?: unknown[];
  descriptions?: unknown[];
  betLimits?: unknown[];
  sids?: unknown[];
  middles?: unknown[];
  /** The next market and outcome, and the link prefix in force (it carries from one event to the next). */
  market: number;
  outcome: number;
  prefix: string;
}

function unpackBoard(raw: unknown): SportBoard {
  const board = object(raw);
  const markets = object(board.markets);
  const outcomes = object(board.outcomes);

  const keys = list(markets.k);
  const marketCount = keys.length;
  const sizes = list(markets.c);
  if (sizes.length !== marketCount) fail();
  const nameIndexes = list(outcomes.n);
  const total = nameIndexes.length;
  let counted = 0;
  for (const size of sizes) counted += count(size);
  if (counted !== total) fail();
  const prices = list(outcomes.p);
  if (prices.length !== total) fail();
  const columns: BoardColumnsReader = {
    keys,
    sizes,
    marketUpdates: columnOf(markets, 'u', marketCount),
    marketLinks: columnOf(markets, 'link', marketCount),
    marketSids: columnOf(markets, 'sid', marketCount),
    prefixes: columnOf(markets, 'lp', marketCount),
    suffixes: columnOf(markets, 'ls', marketCount),
    nameIndexes,
    prices,
    points: columnOf(outcomes, 'x', total),
    descriptions: columnOf(outcomes, 'd', total),
    betLimits: columnOf(outcomes, 'bl', total),
    sids: columnOf(outcomes, 's', total),
    middles: columnOf(outcomes, 'l', total),
    market: 0,
    outcome: 0,
    prefix: '',
  };
  const events = list(board.events).map((event) => unpackEvent(event, columns));
  // every market belongs to an event's book
  if (columns.market !== marketCount) fail();
  return {
    sport_key: text(board.sport_key),
    fetched_at: text(board.fetched_at),
    ...present(board, ['stale_since'], text),
    events,
  };
}

// One pass over the event's part of the board's columns, building each outcome and market once (this runs on
// the browser's main thread before the first odds row, with nothing yet optimised).
function unpackEvent(raw: unknown, columns: BoardColumnsReader): BoardEvent {
  const event = object(raw);
  const names = list(event.names).map(text);
  const name = (index: unknown) => names[number(index)] ?? fail();
  const rawBooks = list(event.books);
  const owned = rawBooks.map((book) => count(object(book).m));
  let marketCount = 0;
  for (const own of owned) marketCount += own;
  const first = columns.market;
  if (first + marketCount > columns.keys.length) fail();
  const { sizes, prices, nameIndexes } = columns;

  const unpackedMarkets = new Array<BoardMarket>(marketCount);
  const updates = new Array<string | undefined>(marketCount);
  let o = columns.outcome;
  for (let i = 0; i < marketCount; i++) {
    const m = first + i;
    columns.prefix = at(columns.prefixes, m, text) ?? columns.prefix;
    const { prefix } = columns;
    const suffix = at(columns.suffixes, m, text) ?? '';
    const size = sizes[m] as number;
    const marketOutcomes = new Array<BoardOutcome>(size);
    for (let j = 0; j < size; j++, o++) {
      // the fields in the order the board has them
      const outcome = { name: name(nameIndexes[o]) } as BoardOutcome;
      const description = at(columns.descriptions, o, name);
      if (description !== undefined) outcome.description = description;
      outcome.price = unpackPrice(number(prices[o]));
      const point = at(columns.points, o, number);
      if (point !== undefined) outcome.point = point;
      const betLimit = at(columns.betLimits, o, number);
      if (betLimit !== undefined) outcome.bet_limit = betLimit;
      const middle = at(columns.middles, o, middleText);
      if (middle !== undefined) outcome.link = prefix + middle + suffix;
      const sid = at(columns.sids, o, text);
      if (sid !== undefined) outcome.sid = sid;
      marketOutcomes[j] = outcome;
    }
    const market: BoardMarket = { key: text(columns.keys[m]), last_update: '', outcomes: marketOutcomes };
    const link = at(columns.marketLinks, m, text);
    if (link !== undefined) market.link = link;
    const sid = at(columns.marketSids, m, text);
    if (sid !== undefined) market.sid = sid;
    unpackedMarkets[i] = market;
    updates[i] = at(columns.marketUpdates, m, text);
  }
  columns.market = first + marketCount;
  columns.outcome = o;

  const bookmakers = new Array<BoardBookmaker>(rawBooks.length);
  let next = 0;
  for (let b = 0; b < rawBooks.length; b++) {
    const book = object(rawBooks[b]);
    const lastUpdate = text(book.u);
    const own = unpackedMarkets.slice(next, next + owned[b]);
    for (let j = 0; j < owned[b]; j++) own[j].last_update = updates[next + j] ?? lastUpdate;
    next += owned[b];
    bookmakers[b] = {
      key: text(book.key),
      title: text(book.title),
      last_update: lastUpdate,
      markets: own,
      ...present(book, ['link', 'sid'], text),
    };
  }

  return {
    id: text(event.id),
    sport_key: text(event.sport_key),
    sport_title: text(event.sport_title),
    commence_time: text(event.commence_time),
    home_team: text(event.home_team),
    away_team: text(event.away_team),
    bookmakers,
    ...present(event, ['completed'], (value) => (typeof value === 'boolean' ? value : fail())),
  };
}
