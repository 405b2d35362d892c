/** The mark of a game in play, wherever a price of it shows: its prices move fast (the engine's own started rule). */
export function LiveMarker() {
  return (
    <span
      className="flag flag-live live-marker"
      data-testid="live-marker"
      title="In play: the game has started, prices move fast"
    >
      LIVE
    </span>
  );
}
