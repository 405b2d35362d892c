import type { SiteConfig } from '@oddspulse/shared';
import { useSimulatedFeeds } from '../state/site';

/** What the notice says for the simulated feeds; null when the numbers are the providers'. */
export function simulatedFeedsText(simulated: SiteConfig['simulated'] | null): string | null {
  if (simulated?.odds && simulated.scores) return 'Simulated odds and scores — not real prices or results';
  if (simulated?.odds) return 'Simulated odds — not real prices';
  if (simulated?.scores) return 'Simulated scores — not real results';
  return null;
}

/**
 * On every page while the server's odds or scores come from the built-in simulator (the default, production's too):
 * someone betting on what the app shows must know these are not a book's prices or a game's real score. Not
 * dismissible: it stays true on every page for as long as the feeds are simulated.
 */
export function SimulatedFeedsNotice() {
  const text = simulatedFeedsText(useSimulatedFeeds());
  if (!text) return null;
  return (
    <div className="offline-banner" role="note" data-testid="simulated-notice">
      {text}
    </div>
  );
}
