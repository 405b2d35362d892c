import { useState } from 'react';
import { evTone, formatEvPct, priceWithNet } from '@oddspulse/shared';
import { formatOdds, type OddsDisplayFormat } from '../../../format/odds-format';
import { LOGOS } from './book-logos';

/** How a price, a book and an EV show in the odds table: the shared pieces of its rows and mini tables. */
export const evText = (ev: number | null) => (ev === null ? '—' : formatEvPct(ev));
export const evClass = (ev: number | null) => (ev === null ? 'ev-none' : `ev-${evTone(ev)}`);
/** Hold as users read it: percent, two decimals (the book's theoretical win, 1 − 1/Σ implied). */
export const holdText = (hold: number | null) => (hold === null ? '—' : `${(hold * 100).toFixed(2)}%`);
export const HOLD_TITLE = "The book's hold on this line: 1 − 1/Σ implied probability, what it keeps of a balanced book";

export function BookLogo({ book }: { book: string }) {
  const [broken, setBroken] = useState(false);
  const src = LOGOS.get(book);
  // A broken logo image is hidden (spec 001 §2).
  if (!src || broken) return null;
  return <img className="book-logo" src={src} alt="" width={18} height={18} onError={() => setBroken(true)} />;
}

/**
 * A price as the table shows it; at an exchange, the quoted price and then what it pays net of the user's commission,
 * "-135 (-138 net)" (commission.ts priceWithNet, the same rule the slip follows). The row's best price and its EV are
 * already chosen on the net price (rows.ts paidDecimal).
 */
export function Price({
  value,
  flash,
  format,
  commission = 0,
}: {
  value: number;
  flash: 'up' | 'down' | null;
  format: OddsDisplayFormat;
  /** The user's commission at the price's exchange (FRACTION; 0 at a book and a DFS app). */
  commission?: number;
}) {
  return (
    <span className={`price${flash ? ` flash-${flash}` : ''}`} data-flash={flash ?? undefined}>
      {priceWithNet(value, commission, (decimal) => formatOdds(decimal, format))}
    </span>
  );
}
