import type { Sport } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { connectionErrorDetail } from './loading/connection-error';
import type { StaleSport } from './loading/useLiveOdds';
import type { PlatinumSection } from './sections';

/** What a Platinum section offers, for a plan that does not reach it. */
const PREMIUM: Record<PlatinumSection, { title: string; text: string }> = {
  arbitrage: {
    title: 'Arbitrage Detection - Premium Feature',
    text: 'Find guaranteed-profit bets across sportsbooks as prices move, with the stake for every leg.',
  },
  middles: {
    title: 'Middle Betting - Premium Feature',
    text: 'Find pairs of lines at different books where both bets can win, with the chance of landing in the middle.',
  },
  steam: {
    title: 'Steam Alerts - Premium Feature',
    text: 'Know the moment a sharp book moves a line, and which soft books are still at the old price.',
  },
};

/** The odds page's notice panels: a plan that does not reach a section, a sign-in needed, the API unreachable. */
export function PremiumPanel({ kind }: { kind: PlatinumSection }) {
  return (
    <section className="premium-panel card" data-testid="premium-panel">
      <h2>{PREMIUM[kind].title}</h2>
      <p className="muted">{PREMIUM[kind].text}</p>
      <Link className="button primary" to="/pricing">
        Upgrade to Platinum
      </Link>
    </section>
  );
}

export function GoldRequiredBanner() {
  return (
    <section className="banner banner-info gold-required" data-testid="gold-required">
      <div>
        <h2>Gold Subscription Required</h2>
        <p>Subscribe to Gold plan for just $10/month to access live odds and game data.</p>
      </div>
      <Link className="button primary" to="/pricing" aria-label="Upgrade Gold">
        Upgrade to Gold
      </Link>
    </section>
  );
}

export function AuthRequiredPanel() {
  return (
    <section className="card error-panel" data-testid="auth-required">
      <h2>Authentication Required</h2>
      <p>Please sign in to view live odds and betting data</p>
      <Link className="button primary" to="/login">
        Sign In to Continue
      </Link>
    </section>
  );
}

export function ConnectionErrorPanel({ message, status }: { message: string; status?: number }) {
  return (
    <section className="card error-panel" data-testid="api-connection-error" role="alert">
      <h2>API Connection Error</h2>
      <p>{connectionErrorDetail({ message, status })}</p>
      <p className="muted">This can happen when:</p>
      <ul className="muted">
        <li>The server is unavailable</li>
        <li>There are network issues</li>
        <li>API rate limits were reached</li>
      </ul>
      <button type="button" className="button primary" onClick={() => window.location.reload()}>
        Retry Connection
      </button>
    </section>
  );
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Sports whose prices are not current (a visible stale state), with the true cause: a failing feed says since when,
 * as the scores banner does, and its prices are the last received; live updates cut off (this browser's connection,
 * the server restarting) say the prices may have moved, not that the feed is down.
 */
export function StaleBanner({ staleSports, sports }: { staleSports: readonly StaleSport[]; sports: readonly Sport[] }) {
  if (!staleSports.length) return null;
  const title = (key: string) => sports.find((s) => s.key === key)?.title ?? key;
  const failing = staleSports.flatMap(({ sport, since }) => (since === null ? [] : [{ sport, since }]));
  const cutOff = staleSports.filter((s) => s.since === null);
  return (
    <div className="banner banner-warning stale-banner" role="status" data-testid="stale-banner">
      {failing.length > 0 && (
        <p>
          Prices for {failing.map((s) => `${title(s.sport)} (since ${clock(s.since)})`).join(', ')} are stale: the odds
          feed is not answering. Showing the last prices received.
        </p>
      )}
      {cutOff.length > 0 && (
        <p>
          Prices for {cutOff.map((s) => title(s.sport)).join(', ')} may have moved: live updates are interrupted until
          the connection is back.
        </p>
      )}
    </div>
  );
}
