import type { BoardBookmaker, BoardEvent, OddsTextsReading } from '@oddspulse/shared';
import type { EventIntake } from '../../feeds/providers';

/** A text as the feed sent it (an event's, or one book's of an event), and what the pipeline made of it. */
interface Read<T> {
  text: string;
  made: T;
}

/** An event's reading: its text and event, and those of each of its books by key, when it was read book by book. */
interface EventReading extends Read<BoardEvent> {
  books: ReadonlyMap<string, Read<BoardBookmaker>> | null;
}

/** How The Odds API writes an event's start and a book's, where oddsApiV4EventTexts and oddsApiV4BookTexts cut. */
const EVENT_START = '{"id":"';
const BOOK_START = '{"key":"';

/** The id or key a text starts with (`start`); one with an escape in it reads wrong, and so is found nowhere. */
function leadingKey(text: string, start: string): string | null {
  if (!text.startsWith(start)) return null;
  const end = text.indexOf('"', start.length);
  return end < 0 ? null : text.slice(start.length, end);
}

/** One answer's reading, for normaliseOddsApiV4Texts, then `keep` once the answer is accepted. */
export interface AnswerReading extends OddsTextsReading {
  keep: () => void;
}

/**
 * What each event of a sport's answers was read as, by its text, and each book of an event read book by book. The feed
 * sends a game whose prices, lines, links and times did not move as the same bytes, and so each book of a moved game
 * that did not move; such a text is not parsed again while the intake holds what was made of it (EventIntake.holds:
 * the board's very object, not turned final since), which a reading would make again. The texts share their answer's
 * body, so a sport's readings keep its last sweep's body (tens of MB for 1,000 games) until the next sweep's replaces it.
 */
export class TextReadings {
  private readonly sports = new Map<string, ReadonlyMap<string, EventReading>>();

  /**
   * The reading of one answer of `sport`, each event made by `intake`. `sweep`: the answer lists the whole sport, so the
   * events it leaves out are forgotten; a poll by id remembers the others as they were.
   */
  reading(sport: string, sweep: boolean, intake: EventIntake): AnswerReading {
    const before = this.sports.get(sport);
    const after = new Map(sweep ? undefined : before);
    /** The event whose books were last asked for, and its books' readings while the intake holds that event. */
    let booksOf: string | null = null;
    let books: EventReading['books'] = null;
    return {
      knownEvent: (text) => {
        const id = leadingKey(text, EVENT_START);
        const seen = id === null ? undefined : before?.get(id);
        if (!seen || seen.text !== text || !intake.holds?.(seen.made)) return null;
        after.set(seen.made.id, seen);
        return seen.made;
      },
      knownBook: (eventId, text) => {
        if (booksOf !== eventId) {
          const seen = before?.get(eventId);
          booksOf = eventId;
          books = seen && intake.holds?.(seen.made) ? seen.books : null;
        }
        const key = leadingKey(text, BOOK_START);
        const seen = key === null ? undefined : books?.get(key);
        return seen?.text === text ? seen.made : null;
      },
      take: (event, text, bookTexts) => {
        const taken = intake(event);
        after.set(event.id, { text, made: taken, books: bookTexts && bookReadings(event, taken, bookTexts) });
        return taken;
      },
      keep: () => this.sports.set(sport, after),
    };
  }
}

/**
 * Each book of `event` as the intake made it (`taken`), by the key its text starts with: the intake keeps an event's
 * books in their order, and a book it did not keep in its place is read again when it is sent again.
 */
function bookReadings(
  event: BoardEvent,
  taken: BoardEvent,
  bookTexts: readonly string[],
): ReadonlyMap<string, Read<BoardBookmaker>> {
  const books = new Map<string, Read<BoardBookmaker>>();
  event.bookmakers.forEach((book, i) => {
    const made = taken.bookmakers[i];
    const key = leadingKey(bookTexts[i], BOOK_START);
    if (made?.key === book.key && key !== null) books.set(key, { text: bookTexts[i], made });
  });
  return books;
}
