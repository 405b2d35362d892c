import type { BoardBookmaker, BoardEvent, StreamBookOdds, StreamBooksReading } from '@oddspulse/shared';
import type { EventIntake } from '../../feeds/providers';

/** What the pipeline made of a game, and of each of its books by the state's book it was made from. */
interface GameReading {
  made: BoardEvent;
  books: ReadonlyMap<StreamBookOdds, BoardBookmaker>;
}

/** One batch's reading, for streamBoardEvents, then `keep` once its games are made. */
export interface BatchReading extends StreamBooksReading {
  keep: () => void;
}

/**
 * What each game of a sport's stream was made into, book by book, for the stream's batches: a message moves one odd or
 * a few, and the state makes anew only the books whose odds it moved, so each other book of a changed game is the very
 * book it was made from. Such a book is handed on as what the pipeline made of it (the board's own object: its links
 * settled, its unmoved markets kept), not made, normalised and compared again, while the intake holds what was made of
 * its game (EventIntake.holds: the board's very object, not turned final since). A board another worker wrote, or a
 * batch that failed, leaves the game's object off the board, and the game is made whole again.
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
      knownBook: (fixtureId, book) => {
        if (booksOf !== fixtureId) {
          const reading = this.games.get(fixtureId);
          booksOf = fixtureId;
          seen = reading && intake.holds?.(reading.made) ? reading : null;
        }
        return seen?.books.get(book) ?? null;
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

/**
 * Each book of `event` as the intake made it (`taken`), by the state's book it was made from: the intake keeps an
 * event's books in their order, and a book it did not keep in its place is made again when it is asked for again.
 */
function bookReadings(
  event: BoardEvent,
  taken: BoardEvent,
  books: ReadonlyArray<StreamBookOdds>,
): ReadonlyMap<StreamBookOdds, BoardBookmaker> {
  const readings = new Map<StreamBookOdds, BoardBookmaker>();
  event.bookmakers.forEach((book, i) => {
    const made = taken.bookmakers[i];
    if (made?.key === book.key) readings.set(books[i], made);
  });
  return readings;
}
