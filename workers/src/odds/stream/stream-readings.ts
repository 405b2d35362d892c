import type { BoardBookmaker, BoardEvent, StreamBookOdds, StreamBooksReading, StreamOdd } from '@oddspulse/shared';
import type { EventIntake } from '../../feeds/providers';

/** What the pipeline made of one book of a game, and the odds it was made from. */
interface BookReading {
  odds: readonly StreamOdd[];
  made: BoardBookmaker;
}

/** What the pipeline made of a game, and of each of its books by the stream's name for the book. */
interface GameReading {
  made: BoardEvent;
  books: ReadonlyMap<string, BookReading>;
}

/** One batch's reading, for streamBoardEvents, then `keep` once its games are made. */
export interface BatchReading extends StreamBooksReading {
  keep: () => void;
}

/**
 * What each game of a sport's stream was made into, book by book, for the stream's batches: a message moves one odd or
 * a few, and the state replaces only the odds it moved, so each other book of a changed game holds the very odds it was
 * made from. Such a book is handed on as what the pipeline made of it (the board's own object: its links settled, its
 * unmoved markets kept), not made, normalised and compared again, while the intake holds what was made of its game
 * (EventIntake.holds: the board's very object, not turned final since). A board another worker wrote, or a batch that
 * failed, leaves the game's object off the board, and the game is made whole again.
 */
export class StreamReadings {
  private readonly games = new Map<string, GameReading>();

  /** Forgets every game: a snapshot's state holds odds other than those any book was made from. */
  clear(): void {
    this.games.clear();
  }

  /** The reading of one batch of `fixtureIds`, each game made by `intake`. */
  reading(fixtureIds: readonly string[], intake: EventIntake): BatchReading {
    // the batch's games as made now; a game asked for and not made has left the board, and what it was made into no
    // longer stands (kept apart until `keep`: a batch is a game or a few, the sport's games many)
    const made = new Map<string, GameReading>();
    /** The game whose books were last asked for, and its reading while the intake holds that game. */
    let booksOf: string | null = null;
    let seen: GameReading | null = null;
    return {
      knownBook: (fixtureId, sportsbook, odds) => {
        if (booksOf !== fixtureId) {
          const reading = this.games.get(fixtureId);
          booksOf = fixtureId;
          seen = reading && intake.holds?.(reading.made) ? reading : null;
        }
        const book = seen?.books.get(sportsbook);
        return book && sameOdds(book.odds, odds) ? book.made : null;
      },
      take: (event, books) => {
        const taken = intake(event);
        made.set(event.id, { made: taken, books: bookReadings(event, taken, books) });
        return taken;
      },
      keep: () => {
        for (const id of fixtureIds) {
          const game = made.get(id);
          if (game) this.games.set(id, game);
          else this.games.delete(id);
        }
      },
    };
  }
}

/** The very odds, in the same order: the state replaces an odd it moves, and keeps the object of one it does not. */
function sameOdds(a: readonly StreamOdd[], b: readonly StreamOdd[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Each book of `event` as the intake made it (`taken`), by the stream's name for it: the intake keeps an event's books in
 * their order, and a book it did not keep in its place is made again when it is asked for again.
 */
function bookReadings(
  event: BoardEvent,
  taken: BoardEvent,
  books: ReadonlyArray<StreamBookOdds>,
): ReadonlyMap<string, BookReading> {
  const readings = new Map<string, BookReading>();
  event.bookmakers.forEach((book, i) => {
    const made = taken.bookmakers[i];
    if (made?.key === book.key) readings.set(books[i].sportsbook, { odds: books[i].odds, made });
  });
  return readings;
}
