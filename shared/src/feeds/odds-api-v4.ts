import type { BoardBookmaker, BoardEvent, BoardMarket, BoardOutcome } from '../domain/odds';
import { canonicalBookKey } from '../domain/books/sportsbooks';
import { canonicalIsoTime } from '../engine/odds/iso-time';
import { detectOddsFormat, toDecimal, type OddsFormat } from '../engine/odds/odds-format';
import { oneNamePerPlayer } from './player-names';

/**
 * The Odds API v4 → the normalised board (spec 001 §3). Pure: takes parsed JSON (GET /v4/sports/{sport}/odds
 * gives a list of events, /events/{id}/odds one event) and returns BoardEvents with DECIMAL prices.
 *
 * - Events with no id or no sport_key are dropped (spec 001 §5 row building).
 * - A price of 0, an American price inside (−100, +100) or a decimal price of 1 or less is not a price: it
 *   locks its market (spec 001 §5), so the market's outcomes are dropped and counted, per player for props.
 * - Older responses carry `last_update` on the bookmaker only, newer ones on each market too: a market
 *   without one takes its bookmaker's, a bookmaker without one the newest of its markets; a market with
 *   neither is dropped, since its age (and so whether it is locked) cannot be known.
 * - Bookmaker keys are canonical (`caesars` → `williamhill_us`). An event lists a book once and a book a market
 *   once: a second bookmaker of one canonical key (a book sent under two of its names) or a second market of one key
 *   is dropped and its markets counted, so the first listed is the one every keyed reading of the board (the store's
 *   fields, the diff's pairing, the stream's kept markets) finds.
 * - A player is named alike in every book of an event's props (oneNamePerPlayer, player-names.ts): one of the books'
 *   spellings, for the player's every line.
 */
export interface NormaliseOptions {
  /** The response's price format; detected from the prices when absent. */
  oddsFormat?: OddsFormat;
}

export interface NormalisedBoard {
  events: BoardEvent[];
  /** The format the prices were read in (null when the payload had no price at all). */
  oddsFormat: OddsFormat | null;
  dropped: { events: number; markets: number; outcomes: number };
}

/** The payload is neither a list of events nor one event (spec 001 §5 message). */
export class InvalidOddsPayloadError extends Error {
  constructor() {
    super('Invalid response format from server');
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function rawEvents(payload: unknown): unknown[] {
  if (Array.isArray(payload)) return payload;
  if (isObject(payload)) return [payload];
  throw new InvalidOddsPayloadError();
}

function* rawPrices(events: unknown[]): Generator<number> {
  for (const event of events) {
    if (!isObject(event) || !Array.isArray(event.bookmakers)) continue;
    for (const bookmaker of event.bookmakers) {
      if (!isObject(bookmaker) || !Array.isArray(bookmaker.markets)) continue;
      for (const market of bookmaker.markets) {
        if (!isObject(market) || !Array.isArray(market.outcomes)) continue;
        for (const outcome of market.outcomes) {
          const price = isObject(outcome) ? num(outcome.price) : undefined;
          if (price !== undefined) yield price;
        }
      }
    }
  }
}

function isoOrUndefined(value: unknown): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  // the feed's own form, every field in range, is already the one written: read without making it again
  const canonical = canonicalIsoTime(text);
  if (!Number.isNaN(canonical)) return canonical % 1000 === 0 && text.length === 24 ? `${text.slice(0, 19)}Z` : text;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace('.000Z', 'Z');
}

/** isoOrUndefined() remembering its answers: a board repeats the same few update times across thousands of markets. */
function isoReader(): (value: unknown) => string | undefined {
  const seen = new Map<unknown, string | undefined>();
  return (value) => {
    if (seen.has(value)) return seen.get(value);
    const iso = isoOrUndefined(value);
    if (typeof value === 'string') seen.set(value, iso);
    return iso;
  };
}

/** The newest of the markets' update times (a bookmaker without its own takes it). */
function newestUpdate(markets: readonly BoardMarket[]): string {
  let newest = markets[0].last_update;
  for (const market of markets) if (Date.parse(market.last_update) > Date.parse(newest)) newest = market.last_update;
  return newest;
}

export function normaliseOddsApiV4(payload: unknown, options: NormaliseOptions = {}): NormalisedBoard {
  const events = rawEvents(payload);
  const oddsFormat = options.oddsFormat ?? detectOddsFormat(rawPrices(events));
  const reader = new EventReader(oddsFormat);
  const result: BoardEvent[] = [];
  for (const raw of events) {
    const read = reader.read(raw);
    if (read) result.push(read.event);
  }
  return { events: result, oddsFormat, dropped: reader.dropped };
}

/**
 * What a reading of a list answer knows of the texts it was sent before, and what it does with each event it reads
 * (normaliseOddsApiV4Texts). A game whose prices did not move is sent as the same bytes, and so is each book of a moved
 * game that did not move: such a text is not parsed again while what it was read as still stands.
 */
export interface OddsTextsReading {
  /** What an event's text was read as before, when that reading still stands. */
  knownEvent(text: string): BoardEvent | null;
  /** What the text of one book of event `eventId` was read as before, when that reading still stands. */
  knownBook(eventId: string, text: string): BoardBookmaker | null;
  /**
   * Takes in `event`, read from `text`, and returns what becomes of it. `bookTexts[i]` is the text `event.bookmakers[i]`
   * was read from, when the event was read book by book (oddsApiV4BookTexts); null when it was parsed whole.
   */
  take(event: BoardEvent, text: string, bookTexts: readonly BookText[] | null): BoardEvent;
}

/** The text of one book of an event, and where it starts in the event's text. */
export interface BookText {
  text: string;
  at: number;
}

/**
 * normaliseOddsApiV4 for a list answer read event by event (`texts`: each event's JSON, from oddsApiV4EventTexts), each
 * event handed to `reading.take` once read, with its text: the parsed event and what the intake leaves of it are
 * garbage before the next is parsed, where a whole answer parsed at once (a 1,000-game board: 640,000 prices) outlives
 * the young generation and is collected as old. A text `reading` knows is not parsed: a known event is handed on as it
 * was read, and an event read again is read book by book when its text cuts into books (oddsApiV4BookTexts), each known
 * book handed on as it was read. `oddsFormat`: the format the feed was asked for (feedOddsFormat). Null when the first
 * event parsed does not show its prices in it: the format is then the whole answer's to settle, as normaliseOddsApiV4
 * settles it (a recorded board of the other format reads right through the whole answer). A text that is not JSON
 * throws its SyntaxError. `dropped` counts what was parsed: a known text was counted when it was read.
 */
export function normaliseOddsApiV4Texts(
  texts: readonly string[],
  reading: OddsTextsReading,
  oddsFormat: OddsFormat,
): NormalisedBoard | null {
  let reader: EventReader | null = null;
  const result: BoardEvent[] = [];
  for (const text of texts) {
    const known = reading.knownEvent(text);
    if (known) {
      result.push(known);
      continue;
    }
    const parsed = parsedByBooks(text, reading) ?? { raw: JSON.parse(text) as unknown, bookTexts: null, known: false };
    if (reader === null) {
      // a known text was read here before, so in the format asked: else the first text parsed must show that format
      if (!result.length && !parsed.known && detectOddsFormat(rawPrices([parsed.raw])) !== oddsFormat) return null;
      reader = new EventReader(oddsFormat);
    }
    const read = reader.read(parsed.raw);
    const bookTexts = parsed.bookTexts;
    if (read) result.push(reading.take(read.event, text, bookTexts && read.from.map((i) => bookTexts[i])));
  }
  if (!reader && !result.length) return null;
  return { events: result, oddsFormat, dropped: reader?.dropped ?? { events: 0, markets: 0, outcomes: 0 } };
}

/** A book of an event's raw books that a reading knew: taken as it was made before, not read. */
class KnownBook {
  constructor(readonly book: BoardBookmaker) {}
}

/**
 * A market of a raw book that its reader knew: what the same quotes were made into before, taken as it is, not read. A
 * stream's message moves a price of one market, and the book's other markets are the quotes they were (odds-stream.ts).
 */
export class KnownMarket {
  constructor(readonly market: BoardMarket) {}
}

const NONE_KNOWN: ReadonlyArray<BoardBookmaker | null> = [];

/**
 * One event in The Odds API's form read as normaliseOddsApiV4 reads it, at `oddsFormat`, each book `known[i]` names
 * (by its index in the event's books) taken as what it was made into before rather than read: a book is read on its own,
 * so what it makes depends on nothing else of its event. `from[i]` is the index of the raw book `event.bookmakers[i]`
 * was made of (a book without a market is left out). Null when the event has no id or no sport.
 */
export function readOddsApiV4Event(
  raw: Record<string, unknown>,
  oddsFormat: OddsFormat,
  known: ReadonlyArray<BoardBookmaker | null>,
): { event: BoardEvent; from: number[] } | null {
  return new EventReader(oddsFormat).read(raw, known);
}

/**
 * An event's text parsed book by book: its header and each book's text parsed apart, a book `reading` knows not parsed
 * but taken as it was read (a KnownBook). Null when the text does not cut into books, or a cut does not parse: it is then
 * parsed whole, which throws the SyntaxError of a text that is not JSON and reads a text cut wrong as it is.
 */
function parsedByBooks(
  text: string,
  reading: OddsTextsReading,
): { raw: Json; bookTexts: BookText[]; known: boolean } | null {
  const cut = oddsApiV4BookTexts(text);
  if (!cut) return null;
  const raw = parsedOrNull(cut.header);
  if (!isObject(raw) || !Array.isArray(raw.bookmakers) || raw.bookmakers.length) return null;
  const id = str(raw.id);
  const books: unknown[] = [];
  let known = false;
  for (const { text: bookText } of cut.books) {
    const book = id === undefined ? null : reading.knownBook(id, bookText);
    known ||= book !== null;
    const parsed = book ? new KnownBook(book) : parsedOrNull(bookText);
    if (parsed === null) return null;
    books.push(parsed);
  }
  raw.bookmakers = books;
  return { raw, bookTexts: cut.books, known };
}

/** The JSON value of `text`, or null when it is not JSON: a cut that does not parse sends its event to be parsed whole. */
function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * An event's text of a list answer cut into its header (the event with no books: `…,"bookmakers":[]}`) and each book's
 * text, without parsing: cut where a book object begins (`},{"key":"…","title":"`, the form the API writes a book in;
 * a market has no title), and null when the text is not of that form (its books not its last field). A quote inside a
 * JSON string is escaped, so a cut falls between two objects; where every cut parses as a whole value, each is one
 * element of the book list, and the event reads as its text would whole.
 */
export function oddsApiV4BookTexts(text: string): { header: string; books: BookText[] } | null {
  const at = text.indexOf(BOOKS_START);
  const from = at + BOOKS_START.length;
  const to = text.length - BOOKS_END.length;
  if (at < 0 || to < from || !text.endsWith(BOOKS_END)) return null;
  const books: BookText[] = [];
  let start = from;
  for (let cut = text.indexOf(BOOK_CUT, from); cut >= 0 && cut < to; cut = text.indexOf(BOOK_CUT, cut + 1)) {
    const keyEnd = text.indexOf('"', cut + BOOK_CUT.length);
    if (!text.startsWith(BOOK_TITLE, keyEnd)) continue;
    books.push({ text: text.slice(start, cut + 1), at: start });
    start = cut + 2;
  }
  if (to > from) books.push({ text: text.slice(start, to), at: start });
  return { header: text.slice(0, from) + BOOKS_END, books };
}

const BOOKS_START = '"bookmakers":[';
const BOOKS_END = ']}';
const BOOK_START = '{"key":"';
const BOOK_CUT = `},${BOOK_START}`;
const BOOK_TITLE = '","title":"';

/** The value a text starts with as `start` writes it; one with an escape in it reads wrong, and so is found nowhere. */
function leadingValue(text: string, start: string): string | null {
  if (!text.startsWith(start)) return null;
  const end = text.indexOf('"', start.length);
  return end < 0 ? null : text.slice(start.length, end);
}

/** The id an event's text (oddsApiV4EventTexts) starts with, without parsing it; null when it starts otherwise. */
export const oddsApiV4EventId = (text: string): string | null => leadingValue(text, EVENT_START);

/** The key a book's text (oddsApiV4BookTexts) starts with, as sent (not made canonical); null when it starts otherwise. */
export const oddsApiV4BookKey = (text: string): string | null => leadingValue(text, BOOK_START);

/**
 * The text of each event of a list answer of The Odds API, cut where each event object begins (`{"id":"`, the form the
 * API writes), without parsing: null when the body is not of that form (another order of keys, spaces between them),
 * and the caller parses it whole. A quote inside a JSON string is escaped, so `{"id":"` marks an object's start: a cut
 * that is not an event's (an object of that form nested in an event) leaves a text that does not parse.
 */
export function oddsApiV4EventTexts(body: string): string[] | null {
  const first = body.indexOf(EVENT_START);
  if (first < 0 || body.slice(0, first).trim() !== '[') return null;
  const last = body.lastIndexOf(']');
  if (last < first || body.charCodeAt(last - 1) !== CLOSE_BRACE || body.slice(last + 1).trim() !== '') return null;
  const texts: string[] = [];
  for (let at = first; at >= 0;) {
    const next = body.indexOf(EVENT_START, at + EVENT_START.length);
    const end = next < 0 ? last : next - 1;
    if (next >= 0 && body.charCodeAt(end) !== COMMA) return null;
    texts.push(body.slice(at, end));
    at = next;
  }
  return texts;
}

const EVENT_START = '{"id":"';
const COMMA = 44;
const CLOSE_BRACE = 125;

/** Reads raw events into BoardEvents at one price format, counting what it drops. */
class EventReader {
  readonly dropped = { events: 0, markets: 0, outcomes: 0 };
  private readonly iso = isoReader();
  /** The keys listed so far of the event being read, and of the book being read (one of each at a time). */
  private readonly bookKeys = new Set<string>();
  private readonly marketKeys = new Set<string>();

  constructor(private readonly oddsFormat: OddsFormat | null) {}

  /**
   * The event of `raw`, or null when it has no id or no sport. `from[i]`: the index of the raw book `event.bookmakers[i]`
   * was made of (a book without a market is left out). `known[i]`: what the `i`th raw book was made into before, taken
   * as it is, not read.
   */
  read(
    raw: unknown,
    known: ReadonlyArray<BoardBookmaker | null> = NONE_KNOWN,
  ): { event: BoardEvent; from: number[] } | null {
    const id = isObject(raw) ? str(raw.id) : undefined;
    const sportKey = isObject(raw) ? str(raw.sport_key) : undefined;
    if (!isObject(raw) || !id || !sportKey) {
      this.dropped.events++;
      return null;
    }
    const bookmakers: BoardBookmaker[] = [];
    const from: number[] = [];
    const bookKeys = this.bookKeys;
    bookKeys.clear();
    const rawBooks: unknown[] = Array.isArray(raw.bookmakers) ? raw.bookmakers : [];
    for (let i = 0; i < rawBooks.length; i++) {
      const rawBook = rawBooks[i];
      const bookmaker = known[i] ?? (rawBook instanceof KnownBook ? rawBook.book : this.bookmaker(rawBook));
      if (!bookmaker) continue;
      if (bookKeys.has(bookmaker.key)) {
        this.dropped.markets += bookmaker.markets.length;
        continue;
      }
      bookKeys.add(bookmaker.key);
      bookmakers.push(bookmaker);
      from.push(i);
    }
    const event: BoardEvent = {
      id,
      sport_key: sportKey,
      sport_title: str(raw.sport_title) ?? sportKey,
      commence_time: this.iso(raw.commence_time) ?? '',
      home_team: str(raw.home_team) ?? '',
      away_team: str(raw.away_team) ?? '',
      // one player, one line, whatever each book calls them (player-names.ts); a known book bears the name it was given
      bookmakers: oneNamePerPlayer(bookmakers),
    };
    return { event, from };
  }

  private bookmaker(rawBook: unknown): BoardBookmaker | null {
    const { dropped, iso, oddsFormat, marketKeys } = this;
    if (!isObject(rawBook) || !str(rawBook.key)) return null;
    marketKeys.clear();
    const bookUpdate = iso(rawBook.last_update);
    const markets: BoardMarket[] = [];
    for (const rawMarket of Array.isArray(rawBook.markets) ? rawBook.markets : []) {
      if (rawMarket instanceof KnownMarket) {
        marketKeys.add(rawMarket.market.key);
        markets.push(rawMarket.market);
        continue;
      }
      if (!isObject(rawMarket) || !str(rawMarket.key) || marketKeys.has(rawMarket.key as string)) {
        dropped.markets++;
        continue;
      }
      const lastUpdate = iso(rawMarket.last_update) ?? bookUpdate;
      if (!lastUpdate || oddsFormat === null) {
        dropped.markets++;
        continue;
      }
      const rawOutcomes: unknown[] = Array.isArray(rawMarket.outcomes) ? rawMarket.outcomes : [];
      const parsed = rawOutcomes.map((raw) => (isObject(raw) ? normaliseOutcome(raw, oddsFormat) : null));
      let outcomes = parsed as BoardOutcome[];
      if (parsed.includes(null)) {
        // a price of 0 (or no price) locks its market (spec 001 §5): the player's, for props; the whole market otherwise
        const lockedPlayers = new Set(
          rawOutcomes
            .filter((_, i) => parsed[i] === null)
            .map((raw) => (isObject(raw) ? (str(raw.description) ?? str(raw.player) ?? '') : '')),
        );
        outcomes = [];
        for (const outcome of parsed) {
          if (outcome && !lockedPlayers.has(outcome.description ?? '')) outcomes.push(outcome);
          else dropped.outcomes++;
        }
      }
      if (outcomes.length === 0) {
        dropped.markets++;
        continue;
      }
      const market: BoardMarket = { key: rawMarket.key as string, last_update: lastUpdate, outcomes };
      if (str(rawMarket.link)) market.link = rawMarket.link as string;
      if (str(rawMarket.sid)) market.sid = rawMarket.sid as string;
      marketKeys.add(market.key);
      markets.push(market);
    }
    if (markets.length === 0) return null;
    const bookmaker: BoardBookmaker = {
      key: canonicalBookKey(rawBook.key as string),
      title: str(rawBook.title) ?? (rawBook.key as string),
      last_update: bookUpdate ?? newestUpdate(markets),
      markets,
    };
    if (str(rawBook.link)) bookmaker.link = rawBook.link as string;
    if (str(rawBook.sid)) bookmaker.sid = rawBook.sid as string;
    return bookmaker;
  }
}

function normaliseOutcome(raw: Json, format: OddsFormat): BoardOutcome | null {
  const name = str(raw.name);
  const price = num(raw.price);
  if (!name || price === undefined) return null;
  const decimal = toDecimal(price, format);
  if (decimal === null) return null;
  const outcome: BoardOutcome = { name, price: decimal };
  const description = str(raw.description) ?? str(raw.player);
  if (description) outcome.description = description;
  const point = num(raw.point);
  if (point !== undefined) outcome.point = point;
  const betLimit = num(raw.bet_limit) ?? num(raw.betLimit);
  if (betLimit !== undefined) outcome.bet_limit = betLimit;
  const link = str(raw.link) ?? str(raw.betslip_link);
  if (link) outcome.link = link;
  const sid = str(raw.sid) ?? str(raw.outcome_sid);
  if (sid) outcome.sid = sid;
  return outcome;
}
