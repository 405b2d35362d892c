import { useEffect, useState } from 'react';
import { CORE_SPORTS, type EvBet } from '@oddspulse/shared';
import { fetchEv } from './odds-api';
import { evAlertRowKeys } from './ev-alert';

type Found =
  { status: 'loading' } | { status: 'live'; bet: EvBet } | { status: 'gone' } | { status: 'error'; message: string };

/** How long the table may take to show the alert's row before the notice alone has to do. */
const ROW_WAIT_MS = 15_000;

/**
 * An alert's +EV link on the odds page (`opportunity=ev:…`): says whether the price is still +EV (and
 * how much now) or is gone, and scrolls to and focuses its row in the table (the focus ring marks it, and a
 * focused row holds the table's order).
 */
export function EvAlertTarget({ id }: { id: string }) {
  const [found, setFound] = useState<Found>({ status: 'loading' });
  const [rowMissing, setRowMissing] = useState(false);
  useEffect(() => {
    let live = true;
    fetchEv({ sports: CORE_SPORTS.map((s) => s.key), books: [] })
      .then((bets) => {
        const bet = bets.find((b) => b.id === id);
        if (live) setFound(bet ? { status: 'live', bet } : { status: 'gone' });
      })
      .catch(
        (e: unknown) => live && setFound({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, [id]);

  const bet = found.status === 'live' ? found.bet : null;
  useEffect(() => {
    if (!bet) return;
    const keys = evAlertRowKeys(bet);
    const started = Date.now();
    const timer = window.setInterval(() => {
      const row = keys
        .map((k) => document.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(k)}"]`))
        .find(Boolean);
      if (row) {
        row.scrollIntoView({ block: 'center' });
        row.focus({ preventScroll: true });
      }
      const late = Date.now() - started > ROW_WAIT_MS;
      if (!row && late) setRowMissing(true);
      if (row || late) window.clearInterval(timer);
    }, 300);
    return () => window.clearInterval(timer);
  }, [bet]);

  if (found.status === 'loading') return null;
  const text =
    found.status === 'live'
      ? `From your alert: ${found.bet.outcome}${found.bet.point === undefined ? '' : ` ${found.bet.point}`} at ${found.bet.bookTitle} is still +EV: ${found.bet.evPct.toFixed(2)}% now.${
          rowMissing ? ' Its row is not in this view (another page, Player Props, or outside your filters).' : ''
        }`
      : found.status === 'gone'
        ? 'The +EV price from your alert is gone: the price has moved since the alert. Current prices for the game are below.'
        : `The price from your alert could not be checked: ${found.message}`;
  return (
    <div
      className={`banner ${found.status === 'live' ? 'banner-success' : 'banner-info'}`}
      role="status"
      data-testid="alert-target"
    >
      {text}
    </div>
  );
}
