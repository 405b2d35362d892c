import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { healthAtom } from '../health/health-state';

function SystemStatus() {
  const health = useAtomValue(healthAtom);
  if (!health) return <p className="status status-down">Live data is unavailable right now. Retrying shortly.</p>;
  return (
    <p className={`status status-${health.status === 'ok' ? 'up' : 'down'}`} data-testid="system-status">
      {health.status === 'ok' ? 'Live feeds running' : 'Some live services are degraded'}
    </p>
  );
}

export function HomePage() {
  return (
    <section className="hero">
      <h1>Every price, every book, the moment it moves.</h1>
      <p>
        Compare odds across 25+ sportsbooks, DFS pick apps and exchanges, and catch +EV bets, arbitrage and middles
        live.
      </p>
      <Suspense fallback={<p className="status">Checking live feeds…</p>}>
        <SystemStatus />
      </Suspense>
    </section>
  );
}
