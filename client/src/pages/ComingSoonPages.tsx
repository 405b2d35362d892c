import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isPlatinum } from '../api/accounts';
import { SECTIONS } from '../layout/MobileNav';
import { planAtom } from '../state/auth';

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

/** /sportsbooks: mode selects the section; arbitrage and middles links are ignored without Platinum (001 §2). */
export function OddsPage() {
  const [params, setParams] = useSearchParams();
  const plan = useAtomValue(planAtom);
  const platinum = plan.status === 'ready' && isPlatinum(plan.info);
  const mode = params.get('mode');
  const section = SECTIONS.find((s) => s.mode === mode && (platinum || !s.platinum)) ?? SECTIONS[0];
  useEffect(() => {
    if (mode && section.mode !== mode) {
      const next = new URLSearchParams(params);
      next.delete('mode');
      setParams(next, { replace: true });
    }
  }, [mode, section.mode, params, setParams]);
  const q = params.get('q');
  return (
    <Upcoming title={`Odds: ${section.label}`}>
      <p>
        The live odds table for {section.label.toLowerCase()} is being connected to the server's odds feed. It will list every market at your sportsbooks with
        its EV, fair line and best price, updated live.
      </p>
      {q && <p className="muted">Search: “{q}”</p>}
      <p>
        Meanwhile, <Link to="/my-sportsbooks">choose your sportsbooks and bankroll</Link>.
      </p>
    </Upcoming>
  );
}

export function DfsPage() {
  return (
    <Upcoming title="DFS Props">
      <p>PrizePicks, Underdog and Pick6 props with their expected value against the sportsbooks are coming to this page.</p>
    </Upcoming>
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
