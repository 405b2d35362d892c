import { bookLabel, unsettledReasonMessage, type UserPick } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { oddsFormatAtom } from '../../state/display-settings';
import { formatPickOdds, statusLabel } from './picks-logic';
import { PickMoney } from './PickMoney';
import { PickPendingActions } from './PickPendingActions';
import { usePickActions } from './usePickActions';

/** One pick (spec 002 §2): its line, money and settlement; a pending one can be settled by hand (spec 002 §4) or removed. */
export function PickCard({
  pick,
  onUpdated,
  onRemoved,
}: {
  pick: UserPick;
  onUpdated: (pick: UserPick) => void;
  onRemoved: (id: string) => void;
}) {
  const actions = usePickActions(pick, onUpdated, onRemoved);
  const oddsFormat = useAtomValue(oddsFormatAtom);
  const { busy, error, remove } = actions;

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
        <span>{formatPickOdds(pick.odds, oddsFormat)}</span>
        {pick.bookmaker && <span className="muted">{bookLabel(pick.bookmaker)}</span>}
      </div>
      <PickMoney pick={pick} oddsFormat={oddsFormat} />
      {pick.note && <p className="small muted">{pick.note}</p>}
      {pick.status === 'pending' && pick.unsettledReason && (
        <p
          className="small pick-unsettled"
          data-testid="pick-unsettled-reason"
          title="Why this pick has not been settled automatically"
        >
          Not settled: {unsettledReasonMessage(pick.unsettledReason)}
        </p>
      )}
      {pick.status !== 'pending' && (
        <p className="small muted">
          {pick.validatedBy
            ? `Settled automatically (${pick.validatedBy}, confidence ${pick.validationConfidence ?? '—'})`
            : 'Settled by hand'}
          {` on ${new Date(pick.settledDate ?? pick.validatedAt ?? pick.dateAdded).toLocaleString()}`}
        </p>
      )}
      <div className="pick-actions">
        {pick.status === 'pending' && <PickPendingActions pick={pick} actions={actions} />}
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
