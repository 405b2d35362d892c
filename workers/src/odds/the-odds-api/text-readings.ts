import {
  canonicalBookKey,
  oddsApiV4BookKey,
  oddsApiV4EventId,
  type BoardBookmaker,
  type BoardEvent,
  type BookText,
  type OddsTextsReading,
} from '@oddspulse/shared';
import type { EventIntake } from '../../feeds/providers';

/** What the pipeline made of one book of an event's text, read from `text.slice(at, end)` of the event's. */
interface BookReading {
  at: number;
  end: number;
  made: BoardBookmaker;
}

/**
 * An event's text as the feed sent it and what the pipeline made of it, and of each of its books by key when it was
 * read book by book. A book's text is kept as where it lies in the event's, so that a reading carried over to the
 * next answer holds that answer's text alone (a slice of a body keeps the whole body in memory).
 */
interface EventReading {
  text: string;
  made: BoardEvent;
  books: ReadonlyMap<string, BookReading> | null;
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
 * body, so a sport's readings keep its last sweep's body (tens of MB for 1,000 games) until the next sweep's replaces it:
 * a text read again is kept as the new answer's, so that no game left unmoved keeps an older body.
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
    /** The event whose books were last asked for, and its reading while the intake holds that event. */
    let booksOf: string | null = null;
    let booksSeen: EventReading | null = null;
    return {
      knownEvent: (text) => {
        const id = oddsApiV4EventId(text);
        const seen = id === null ? undefined : before?.get(id);
        if (!seen || seen.text !== text || !intake.holds?.(seen.made)) return null;
        // the same text, of this answer's body: the last one's is then no longer kept for it
        after.set(seen.made.id, { ...seen, text });
        return seen.made;
      },
      knownBook: (eventId, text) => {
        if (booksOf !== eventId) {
          const seen = before?.get(eventId);
          booksOf = eventId;
          booksSeen = seen?.books && intake.holds?.(seen.made) ? seen : null;
        }
        const key = oddsApiV4BookKey(text);
        const book = key === null ? undefined : booksSeen?.books?.get(canonicalBookKey(key));
        const same = book && book.end - book.at === text.length && booksSeen!.text.startsWith(text, book.at);
        return same ? book.made : null;
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
 * Each book of `event` as the intake made it (`taken`), by its key (canonical, as read: a key cut from the text would
 * be a slice of the answer's body, and keep it): the intake keeps an event's books in their order, and a book it did
 * not keep in its place, or a second book of one key, is read again when it is sent again.
 */
function bookReadings(
  event: BoardEvent,
  taken: BoardEvent,
  bookTexts: readonly BookText[],
): ReadonlyMap<string, BookReading> {
  const books = new Map<string, BookReading>();
  event.bookmakers.forEach((book, i) => {
    const made = taken.bookmakers[i];
    const { text, at } = bookTexts[i];
    if (made?.key === book.key) books.set(book.key, { at, end: at + text.length, made });
  });
  return books;
}
