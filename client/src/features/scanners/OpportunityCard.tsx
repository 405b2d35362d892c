import { useScrollTarget } from '../../ui/hooks/useScrollTarget';
import { formatDollars, type ArbitrageOpportunity, type OpportunityFlag } from '@oddspulse/shared';
import { marketLabel } from '../../format/bet-labels';
import { MiddleOutcomeTable } from './MiddleOutcomeTable';
import { OpportunityLegs } from './OpportunityLegs';
import type { FeedItem, Opportunity } from './opportunity-feed';
import { canExecute, opportunityExpiresIn, expiryLabel } from './opportunity-expiry';
import type { ScannerKind } from './scanner-settings';

const FLAG_TEXT: Record<OpportunityFlag, { label: string; title: string }> = {
  live: { label: 'LIVE', title: 'The game has started: prices move fast' },
  stale: { label: 'STALE', title: 'One leg lags the newest leg: check the price at the book before betting' },
  suspect: { label: 'SUSPECT', title: 'Profit this high is rarely real: likely a bad or stale price' },
};

/** One arbitrage or middle (spec 001 §5): its game, headline figures, flags, expiry and legs with stakes; Execute fills the slip. */
export function OpportunityCard({
  item,
  kind,
  now,
  targeted = false,
  onExecute,
  onCalculate,
}: {
  item: FeedItem<Opportunity>;
  kind: ScannerKind;
  now: number;
  /** The opportunity an alert's link names: scrolled to and highlighted. */
  targeted?: boolean;
  onExecute: (o: Opportunity) => void;
  onCalculate: (o: ArbitrageOpportunity) => void;
}) {
  const o = item.opportunity;
  const headline =
    o.type === 'arbitrage'
      ? `${o.stakedProfitPct.toFixed(2)}% profit · ${formatDollars(o.profitAmount)} on ${formatDollars(o.totalStake)}`
      : `Gap ${o.gap} · ${o.probability.toFixed(0)}% middle chance · up to ${formatDollars(o.maxProfit)}`;
  const expiresIn = opportunityExpiresIn(o, now);
  const executable = canExecute(item, now);
  const ref = useScrollTarget<HTMLElement>(targeted);
  return (
    <article
      ref={ref}
      tabIndex={targeted ? -1 : undefined}
      className={`opportunity card status-${item.status}${expiresIn === 0 ? ' is-expired' : ''}${targeted ? ' is-targeted' : ''}`}
      data-targeted={targeted || undefined}
      data-testid="opportunity"
      data-opportunity-id={o.id}
      data-status={item.status}
      data-expired={expiresIn === 0 || undefined}
    >
      <OpportunityHead o={o} isNew={item.status === 'new'} />
      <p className="opportunity-headline" data-testid="opportunity-headline">
        {headline}
      </p>
      <p className="muted small opportunity-meta">
        Found{' '}
        {new Date(o.timeFound).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' })} ·{' '}
        <span
          className={expiresIn === 0 ? 'expired' : undefined}
          data-testid="opportunity-expiry"
          data-expires-in={expiresIn}
          title="An opportunity is shown for 30 minutes from when it was found"
        >
          {expiryLabel(expiresIn)}
        </span>
      </p>
      {o.type === 'middle' && (
        <p className="muted small">
          Both legs win if the {o.market.startsWith('totals') ? 'total' : 'margin'} lands between {o.middleRange.low}{' '}
          and {o.middleRange.high}; worst case {formatDollars(o.worstCase)}.
        </p>
      )}
      <OpportunityLegs legs={o.legs} now={now} />
      {o.type === 'middle' && <MiddleOutcomeTable o={o} />}
      <OpportunityActions
        o={o}
        kind={kind}
        expiresIn={expiresIn}
        executable={executable}
        onExecute={onExecute}
        onCalculate={onCalculate}
      />
    </article>
  );
}

/** The game, its sport, market and start, and the flags that say how far to trust the prices. */
function OpportunityHead({ o, isNew }: { o: Opportunity; isNew: boolean }) {
  return (
    <header className="opportunity-head">
      <div>
        <strong>{o.game}</strong>
        <div className="muted small">
          {o.sportTitle} · {marketLabel(o.market)}
          {o.description ? ` · ${o.description}` : ''} ·{' '}
          {new Date(o.commenceTime).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })}
        </div>
      </div>
      <div className="opportunity-flags">
        {isNew && <span className="flag flag-new">NEW</span>}
        {o.flags.map((f) => (
          <span key={f} className={`flag flag-${f}`} title={FLAG_TEXT[f].title} data-testid={`flag-${f}`}>
            {FLAG_TEXT[f].label}
          </span>
        ))}
      </div>
    </header>
  );
}

/** Execute (disabled once expired), the arbitrage calculator, and what Execute will do with the legs. */
function OpportunityActions({
  o,
  kind,
  expiresIn,
  executable,
  onExecute,
  onCalculate,
}: {
  o: Opportunity;
  kind: ScannerKind;
  expiresIn: number;
  executable: boolean;
  onExecute: (o: Opportunity) => void;
  onCalculate: (o: ArbitrageOpportunity) => void;
}) {
  return (
    <div className="actions">
      <button
        type="button"
        className="button primary small"
        onClick={() => onExecute(o)}
        disabled={!executable}
        title={
          expiresIn === 0
            ? 'Expired: these prices are over 30 minutes old. It comes back fresh if detection finds it again.'
            : undefined
        }
      >
        Execute
      </button>
      {o.type === 'arbitrage' && (
        <button type="button" className="button small" onClick={() => onCalculate(o)} data-testid="open-arb-calculator">
          Calculator
        </button>
      )}
      <span className="muted small">
        {expiresIn === 0
          ? 'Expired: check the prices at the books before betting'
          : o.type === 'arbitrage' && o.kind === 'back_lay'
            ? 'Adds the back bet to the bet slip; place the lay at the exchange'
            : kind === 'arbitrage'
              ? 'Adds every leg to the bet slip with its stake'
              : 'Adds both legs to the bet slip'}
      </span>
    </div>
  );
}
