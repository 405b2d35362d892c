import { pickProfitCents, unsettledReasonMessage, type SettledStatus, type UserPick } from '@oddspulse/shared';
import { useState } from 'react';
import { ApiError } from '../api/api-client';
import { removePick, setPickStake, settlePick } from './picks-api';
import { formatMoney, readStakeInput, statusLabel } from './picks-logic';

/** One pick (spec 002 §2): its line, money and settlement; a pending one can be settled by hand (spec 002 §4) or removed. */
export function PickCard({ pick, onUpdated, onRemoved }: { pick: UserPick; onUpdated: (pick: UserPick) => void; onRemoved: (id: string) => void }) {
  const [payout, setPayout] = useState('');
  const [stake, setStakeText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const profit = pickProfitCents(pick);

  const settle = async (status: SettledStatus) => {
    const amount = status === 'won' && payout.trim() !== '' ? Number(payout) : undefined;
    if (amount !== undefined && (!Number.isFinite(amount) || amount < 0)) {
      setError('Enter a payout of 0 or more');
      return;
    }
    setBusy(true);
    setError('');
    try {
      onUpdated(await settlePick(pick.id, status, amount));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  // issue 22: a pick saved with "Add to My Picks" has no stake; while pending, the user sets or corrects it
  const saveStake = async () => {
    const read = readStakeInput(stake);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setBusy(true);
    setError('');
    try {
      onUpdated(await setPickStake(pick.id, read.stake));
      setStakeText('');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await removePick(pick.id);
      onRemoved(pick.id);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <li className={`card pick-card pick-${pick.status}`} data-testid="pick" data-pick-id={pick.id}>
      <div className="pick-top">
        <div>
          <strong className="pick-game">{pick.game}</strong>
          <span className="muted small">
            {' '}
            · {pick.league} · {new Date(pick.dateAdded).toLocaleString()}
          </span>
        </div>
        <span className={`status-badge status-${pick.status}`} data-testid="pick-status">
          {statusLabel(pick.status)}
        </span>
      </div>
      <div className="pick-line">
        <span>{pick.market}</span>
        <strong>{pick.selection}</strong>
        <span>{pick.odds}</span>
        {pick.bookmaker && <span className="muted">{pick.bookmaker}</span>}
      </div>
      <div className="pick-money small">
        <span data-testid="pick-stake">{pick.stakeCents > 0 ? `Stake ${formatMoney(pick.stakeCents)}` : 'No stake set'}</span>
        {/* DECISIONS 30: "To win" is the profit, "Payout" the total returned */}
        {pick.potentialCents !== null && <span>To win {formatMoney(pick.potentialCents - pick.stakeCents)}</span>}
        {pick.potentialCents !== null && pick.status === 'pending' && <span>Payout {formatMoney(pick.potentialCents)}</span>}
        {pick.actualPayoutCents !== null && pick.status !== 'pending' && <span>Paid {formatMoney(pick.actualPayoutCents)}</span>}
        {profit !== null && <span className={profit > 0 ? 'up' : profit < 0 ? 'down' : ''}>Profit {formatMoney(profit, true)}</span>}
        {pick.edge !== null && <span>Edge {pick.edge.toFixed(1)}%</span>}
        {pick.clv !== null && (
          <span data-testid="pick-clv" className={pick.clv >= 0 ? 'up' : 'down'}>
            CLV {pick.clv > 0 ? '+' : ''}
            {pick.clv.toFixed(1)}%{pick.closingOdds !== null ? ` (close ${pick.closingOdds > 0 ? '+' : ''}${pick.closingOdds})` : ''}
          </span>
        )}
      </div>
      {pick.note && <p className="small muted">{pick.note}</p>}
      {pick.status === 'pending' && pick.unsettledReason && (
        <p className="small pick-unsettled" data-testid="pick-unsettled-reason" title="Why this pick has not been settled automatically">
          Not settled: {unsettledReasonMessage(pick.unsettledReason)}
        </p>
      )}
      {pick.status !== 'pending' && (
        <p className="small muted">
          {pick.validatedBy ? `Settled automatically (${pick.validatedBy}, confidence ${pick.validationConfidence ?? '—'})` : 'Settled by hand'}
          {` on ${new Date(pick.settledDate ?? pick.validatedAt ?? pick.dateAdded).toLocaleString()}`}
        </p>
      )}
      <div className="pick-actions">
        {pick.status === 'pending' && (
          <>
            <label className="small">
              Stake ($)
              <input
                type="number"
                step="0.01"
                min="1"
                inputMode="decimal"
                value={stake}
                onChange={(e) => setStakeText(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && void saveStake()}
                placeholder={pick.stakeCents > 0 ? (pick.stakeCents / 100).toFixed(2) : ''}
              />
            </label>
            <button type="button" className="button small" disabled={busy || stake.trim() === ''} onClick={() => void saveStake()}>
              {pick.stakeCents > 0 ? 'Change stake' : 'Set stake'}
            </button>
            <label className="small">
              Actual payout ($)
              <input
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                value={payout}
                onChange={(e) => setPayout(e.target.value)}
                placeholder={pick.potentialCents !== null ? (pick.potentialCents / 100).toFixed(2) : ''}
              />
            </label>
            <button type="button" className="button small won" disabled={busy} onClick={() => void settle('won')}>
              Won
            </button>
            <button type="button" className="button small lost" disabled={busy} onClick={() => void settle('lost')}>
              Lost
            </button>
            <button type="button" className="button small" disabled={busy} onClick={() => void settle('push')}>
              Push
            </button>
          </>
        )}
        <button type="button" className="link-button small" disabled={busy} onClick={() => void remove()}>
          Remove
        </button>
      </div>
      {error && (
        <p className="form-error small" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
