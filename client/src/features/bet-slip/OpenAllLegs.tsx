import { useState } from 'react';
import type { LegLink } from './bet-slip';

/**
 * "Open all legs" of an executed arbitrage or middle: each click opens the next leg at its book in a new
 * tab. One leg per click because browsers let a click open one window; opening them all at once would be blocked.
 */
export function OpenAllLegs({ legs }: { legs: LegLink[] }) {
  const [next, setNext] = useState(0);
  const leg = legs[next % legs.length];
  const open = () => {
    window.open(leg.url, '_blank', 'noopener,noreferrer');
    setNext((n) => n + 1);
  };
  const label =
    next === 0
      ? `Open all legs (${legs.length})`
      : `Open leg ${(next % legs.length) + 1} of ${legs.length} in ${leg.bookmaker}`;
  return (
    <button type="button" className="button small" data-testid="open-all-legs" data-next-url={leg.url} onClick={open}>
      {label}
    </button>
  );
}
