import { evTone, formatEvPct, priceWithNet } from '@oddspulse/shared';
import { formatOdds, type OddsDisplayFormat } from '../../format/odds-format';
import { OpenInBook } from '../../ui/OpenInBook';
import { notAutoSized, typedStakeCents, type BetSlipItem, type KellyGroup, type SlipMode } from './bet-slip';

/** One bet of the slip (spec 001 §4): selection, game, market and book, the price, its edge and, for singles, its stake. */
export function SlipItem({
  item,
  mode,
  format,
  kellyGroup,
  onRemove,
  onStake,
}: {
  item: BetSlipItem;
  mode: SlipMode;
  format: OddsDisplayFormat;
  /** The three-way market this leg is sized with, when two or more of its outcomes are in the slip. */
  kellyGroup?: KellyGroup;
  onRemove: () => void;
  onStake: (cents: number) => void;
}) {
  return (
    <li className="slip-item" data-testid="slip-item">
      <div className="slip-item-head">
        <strong>{item.selection}</strong>
        <button type="button" className="link-button" aria-label={`Remove ${item.selection}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      <div className="muted small">
        {item.matchup} · {item.market} · {item.bookmaker}
        {item.bookKey && <OpenInBook book={item.bookKey} title={item.bookmaker} link={item.link} compact />}
      </div>
      {kellyGroup && <KellyLegNote group={kellyGroup} id={item.id} />}
      <div className="slip-item-line">
        {/* at an exchange, the price it pays net of the commission beside the quoted one (commission.ts priceWithNet) */}
        <span className="odds" data-testid="slip-odds">
          {priceWithNet(item.decimal, item.commission ?? 0, (decimal) => formatOdds(decimal, format))}
        </span>
        {item.edge !== null && (
          <span className={`edge ev-${evTone(item.edge)}`} data-testid="slip-edge">
            {formatEvPct(item.edge)} edge
          </span>
        )}
        {mode === 'single' && (
          <label className="stake">
            <span className="sr-only">Stake for {item.selection}</span>$
            <input
              type="number"
              min={0}
              step={1}
              inputMode="decimal"
              value={(item.stakeCents / 100).toString()}
              onChange={(e) => onStake(typedStakeCents(e.target.value))}
            />
          </label>
        )}
      </div>
      {mode === 'single' && notAutoSized(item) && (
        <div className="muted small" data-testid="slip-not-sized">
          Not sized automatically: this bet has negative expected value. Enter a stake to bet it anyway.
        </div>
      )}
    </li>
  );
}

function KellyLegNote({ group, id }: { group: KellyGroup; id: string }) {
  const f = group.kelly.fractions[group.ids.indexOf(id)];
  return (
    <div className="muted small" data-testid="slip-kelly-leg">
      {f > 0
        ? `Kelly with the other legs of this market: ${(f * 100).toFixed(2)}% of bankroll (full Kelly)`
        : 'Kelly with the other legs of this market: no bet on this leg'}
    </div>
  );
}
