import type { BoardEvent } from '@oddspulse/shared';
import type { EventIntake } from '../../feeds/providers';

/** An event's text as the feed sent it, and what the pipeline made of it. */
interface Reading {
  text: string;
  event: BoardEvent;
}

/** How The Odds API writes an event's start, where oddsApiV4EventTexts cuts each event's text. */
const EVENT_START = '{"id":"';

/** The id an event's text starts with; an id with an escape in it reads wrong, and so is found nowhere. */
function textId(text: string): string | null {
  if (!text.startsWith(EVENT_START)) return null;
  const end = text.indexOf('"', EVENT_START.length);
  return end < 0 ? null : text.slice(EVENT_START.length, end);
}

/** One answer's reading: `known` and `take` for normaliseOddsApiV4Texts, then `keep` once the answer is accepted. */
export interface AnswerReading {
  known: (text: string) => BoardEvent | null;
  take: (event: BoardEvent, text: string) => BoardEvent;
  keep: () => void;
}

/**
 * What each event of a sport's answers was read as, by its text. The feed sends a game whose prices, lines, links and
 * times did not move as the same bytes; such a text is not parsed again while the intake holds what was made of it
 * (EventIntake.holds: the board's very object, not turned final since), which a reading would make again. The texts
 * share their answer's body, so a sport's readings keep its last sweep's body (tens of MB for 1,000 games) until the
 * next sweep's replaces it.
 */
export class TextReadings {
  private readonly sports = new Map<string, ReadonlyMap<string, Reading>>();

  /**
   * The reading of one answer of `sport`, each event made by `intake`. `sweep`: the answer lists the whole sport, so the
   * events it leaves out are forgotten; a poll by id remembers the others as they were.
   */
  reading(sport: string, sweep: boolean, intake: EventIntake): AnswerReading {
    const before = this.sports.get(sport);
    const after = new Map(sweep ? undefined : before);
    return {
      known: (text) => {
        const id = textId(text);
        const seen = id === null ? undefined : before?.get(id);
        if (!seen || seen.text !== text || !intake.holds?.(seen.event)) return null;
        after.set(seen.event.id, seen);
        return seen.event;
      },
      take: (event, text) => {
        const taken = intake(event);
        after.set(event.id, { text, event: taken });
        return taken;
      },
      keep: () => this.sports.set(sport, after),
    };
  }
}
