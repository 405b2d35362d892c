import type { BoardEvent, StreamBookOdds, StreamBooksReading } from '@oddspulse/shared';
import type { EventIntake } from '../../feeds/providers';

/** What the pipeline made of a game, and the state's book each of its books was made from. */
interface GameReading {
  made: BoardEvent;
  /** In `made`'s books' order: the state's book the one in that place was made from (null: not kept in its place). */
  from: ReadonlyArray<StreamBookOdds | null>;
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
 * its game (EventIntake.holds: the board's very object, not turned final since). Of a book made anew, each market
 * whose odds are the very odds it was made of is handed on so too (madeBefore). A board another worker wrote, or a
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
    /** The place the next book asked for is first looked for at: the state's books are asked in the order made. */
    let next = 0;
    const gameReading = (fixtureId: string): GameReading | null => {
      if (booksOf !== fixtureId) {
        const reading = this.games.get(fixtureId);
        booksOf = fixtureId;
        seen = reading && intake.holds?.(reading.made) ? reading : null;
        next = 0;
      }
      return seen;
    };
    return {
      knownBook: (fixtureId, book) => {
        const game = gameReading(fixtureId);
        if (!game) return null;
        const at = game.from[next] === book ? next : game.from.indexOf(book);
        // a book not found (moved, or new) takes the place it is asked for in
        next = at < 0 ? next + 1 : at + 1;
        return at < 0 ? null : game.made.bookmakers[at];
      },
      madeBefore: (fixtureId, book) => {
        const game = gameReading(fixtureId);
        const at = game ? game.from.findIndex((source) => source?.sportsbook === book.sportsbook) : -1;
        const source = game?.from[at];
        return game && source ? { odds: source.odds, book: game.made.bookmakers[at] } : null;
      },
      take: (event, books) => {
        const taken = intake(event);
        made.set(event.id, { made: taken, from: bookSources(event, taken, books) });
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
 * The state's book each book of `event` as the intake made it (`taken`) was made from: the intake keeps an event's books
 * in their order, and a book it did not keep in its place is made again when it is asked for again.
 */
function bookSources(
  event: BoardEvent,
  taken: BoardEvent,
  books: ReadonlyArray<StreamBookOdds>,
): Array<StreamBookOdds | null> {
  return event.bookmakers.map((book, i) => (taken.bookmakers[i]?.key === book.key ? books[i] : null));
}
