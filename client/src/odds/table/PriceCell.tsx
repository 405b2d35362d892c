import { useState } from 'react';
import { DFS_FIXED_DECIMAL, evTone, formatEvPct } from '@oddspulse/shared';
import { formatOdds, type OddsDisplayFormat } from '../filters/filter-settings';
import type { BookPrice } from '../rows/rows';
import { LOGOS } from './book-logos';

/** How a price, a book and an EV show in the odds table: the shared pieces of its rows and mini tables. */
export const evText = (ev: number | null) => (ev === null ? '—' : formatEvPct(ev));
export const evClass = (ev: number | null) => (ev === null ? 'ev-none' : `ev-${evTone(ev)}`);
/** Hold as users read it: percent, two decimals (the book's theoretical win, 1 − 1/Σ implied). */
export const holdText = (hold: number | null) => (hold === null ? '—' : `${(hold * 100).toFixed(2)}%`);
export const HOLD_TITLE = "The book's hold on this line: 1 − 1/Σ implied probability, what it keeps of a balanced book";
/** The price a book is taken at: DFS apps at the fixed −119 (spec 001 §5). */
export const priceOf = (b: BookPrice) => (b.isDfs ? DFS_FIXED_DECIMAL : b.decimal);

export function BookLogo({ book }: { book: string }) {
  const [broken, setBroken] = useState(false);
  const src = LOGOS.get(book);
  // A broken logo image is hidden (spec 001 §2).
  if (!src || broken) return null;
  return <img className="book-logo" src={src} alt="" width={18} height={18} onError={() => setBroken(true)} />;
}

export function Price({
  value,
  flash,
  format,
}: {
  value: number;
  flash: 'up' | 'down' | null;
  format: OddsDisplayFormat;
}) {
  return (
    <span className={`price${flash ? ` flash-${flash}` : ''}`} data-flash={flash ?? undefined}>
      {formatOdds(value, format)}
    </span>
  );
}
