/**
 * Pages whose content comes with later work. Each route, guard and navigation is real; the page says
 * plainly what is coming instead of showing an empty or made-up table.
 */
function Upcoming({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <div className="card upcoming" data-testid="coming-soon">
        {children}
      </div>
    </section>
  );
}

export function PicksPage() {
  return (
    <Upcoming title="My Picks">
      <p>Your pick tracker is coming: picks kept on your account, settled automatically against final scores, with win rate, ROI and streaks.</p>
    </Upcoming>
  );
}

export function ScoresPage() {
  return (
    <Upcoming title="Live Scores">
      <p>Live and final scores for the NFL, NCAAF, NBA, NCAAB, NHL and MLB, with line movement for each game, are coming to this page.</p>
    </Upcoming>
  );
}
