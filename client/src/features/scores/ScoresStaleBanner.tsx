/**
 * A sport's scoreboard whose feed is not being polled (failing, halted with the provider, or late past its cadence):
 * the workers push `board.status` when it turns stale and when it recovers, and the page says so while it is stale.
 */
export function ScoresStaleBanner({ sportTitle, staleSince }: { sportTitle: string; staleSince: string | null }) {
  if (!staleSince) return null;
  const since = new Date(staleSince).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="banner banner-warning" role="status" data-testid="scores-stale">
      Scores for {sportTitle} are stale: the scores feed has not answered since {since}. Showing the last scores
      received.
    </div>
  );
}
