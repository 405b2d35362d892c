import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useSignedInUserId } from '../../state/auth';
import { devigChoiceAtom } from '../../state/display-settings';
import { useBankroll } from '../bet-slip';
import { evAlertBetQuery } from './odds-api';
import { evAlertRowKeys } from './ev-alert';
import { alertRowKeysAtom } from './odds-state';

/** How long the table may take to show the alert's row before the notice alone has to do. */
const ROW_WAIT_MS = 15_000;

/**
 * An alert's +EV link on the odds page (`opportunity=ev:…`): says whether the price is still +EV (and
 * how much now) or is gone, opens the table on its row's page and scrolls to and focuses its row in the table (the focus ring marks it, and a
 * focused row holds the table's order).
 */
export function EvAlertTarget({ id }: { id: string }) {
  const userId = useSignedInUserId();
  // the user's de-vig method and commission rates, the table's (useSectionOdds): the EV said here is the focused row's
  const devig = useAtomValue(devigChoiceAtom);
  const { source, commissions } = useBankroll();
  const found = useQuery({
    ...evAlertBetQuery(userId, id, devig, commissions),
    // until the saved rates come, the answer would be at the exchanges' default rates
    enabled: userId !== '' && source !== 'loading',
  });
  const [rowMissing, setRowMissing] = useState(false);

  const bet = found.data ?? null;
  const setAlertRowKeys = useSetAtom(alertRowKeysAtom);
  useEffect(() => {
    if (!bet) return;
    const keys = evAlertRowKeys(bet);
    // the table opens on the page holding the row (useTablePaging); the interval below then finds and focuses it
    setAlertRowKeys(keys);
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
    return () => {
      window.clearInterval(timer);
      setAlertRowKeys([]);
    };
  }, [bet, setAlertRowKeys]);

  if (found.isPending) return null;
  const text = bet
    ? `From your alert: ${bet.outcome}${bet.point === undefined ? '' : ` ${bet.point}`} at ${bet.bookTitle} is still +EV: ${bet.evPct.toFixed(2)}% now.${
        rowMissing ? ' Its row is not in this view (another page, Player Props, or outside your filters).' : ''
      }`
    : found.isError
      ? `The price from your alert could not be checked: ${found.error.message}`
      : 'The +EV price from your alert is gone: the price has moved since the alert. Current prices for the game are below.';
  return (
    <div className={`banner ${bet ? 'banner-success' : 'banner-info'}`} role="status" data-testid="alert-target">
      {text}
    </div>
  );
}
