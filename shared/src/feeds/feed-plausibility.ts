/**
 * Whether a feed's answer may replace the board it answers for. A feed that answers 200 with `[]`,
 * junk entries or ESPN's `{"events":[]}` used to wipe a good board and report itself ok. An answer is refused when:
 * - most of its entries could not be read (more dropped than kept), or
 * - it is empty while the board it would replace still holds a game that has not finished: games end and drop off
 *   one by one, they do not all vanish at once. A board whose games are all over may empty (a day with no games).
 * The refusal is a feed error: the last board is kept and shown stale.
 */
export function implausibleAnswer(
  answer: { kept: number; dropped: number },
  previous: ReadonlyArray<{ finished: boolean }> | null,
): string | null {
  if (answer.dropped > 0 && answer.dropped >= answer.kept) {
    return `Implausible answer: ${answer.dropped} of ${answer.kept + answer.dropped} entries unreadable`;
  }
  if (answer.kept === 0 && previous?.some((game) => !game.finished)) {
    return `Implausible answer: no events, while the last board had ${previous.length}`;
  }
  return null;
}
