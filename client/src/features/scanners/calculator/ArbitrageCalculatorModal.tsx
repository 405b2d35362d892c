import { useState, type ReactNode } from 'react';
import { formatMoney, type ArbitrageOpportunity } from '@oddspulse/shared';
import { DollarField } from '../../../ui/LabelledInput';
import { Modal } from '../../../ui/Modal';
import { TableHead } from '../../../ui/TableHead';
import { betSelectionLabel } from '../../../format/bet-labels';
import { calculate, calculateBackLay, type CalculatorForm } from './arbitrage-calculator';
import { liabilityLabel } from './lay-leg';
import { FormError } from '../../../ui/FormError';

const american = (price: number) => (price > 0 ? `+${price}` : String(price));

interface CalculatorProps {
  opportunity: ArbitrageOpportunity;
  /** Each leg's stake, and its price as typed: American, and the decimal it stands for (the slip pays on that). */
  onAddToSlip: (stakesCents: number[], americanOdds: number[], decimals: number[]) => void;
  onClose: () => void;
}

/**
 * The arbitrage calculator, opened from a scanner card: 2 or 3 legs split for equal payout, or one
 * leg's stake fixed ("I can bet $10 at this book") and the others sized to it; whole-dollar rounding optional; the
 * profit shown is that of the rounded stakes (DECISIONS 25). A back/lay has its own (BackLayCalculator). Adding to the
 * bet slip takes the stakes shown.
 */
export function ArbitrageCalculatorModal(props: CalculatorProps) {
  return props.opportunity.kind === 'back_lay' ? <BackLayCalculator {...props} /> : <BackCalculator {...props} />;
}

function BackCalculator({ opportunity, onAddToSlip, onClose }: CalculatorProps) {
  const legs = opportunity.legs;
  const [form, setForm] = useState<CalculatorForm>({
    odds: legs.map((l) => american(l.price)),
    mode: 'total',
    total: opportunity.totalStake.toFixed(2),
    fixedLeg: 0,
    fixedStake: legs[0].stake.toFixed(2),
    roundDollars: false,
  });
  const set = (patch: Partial<CalculatorForm>) => setForm((f) => ({ ...f, ...patch }));
  const result = calculate(form, legs);
  const label = (i: number) => `${legs[i].bookTitle}: ${betSelectionLabel(legs[i])}`;

  return (
    <Modal title="Arbitrage Calculator" onClose={onClose} testId="arbitrage-calculator">
      <p className="muted small">
        {opportunity.game} · {legs.length === 3 ? 'three-way' : 'two-way'}
      </p>
      <SizingFields form={form} set={set} legLabels={legs.map((_, i) => label(i))} />
      <LegsTable resultColumns={['Returns', 'Profit if it wins']}>
        {legs.map((_, i) => (
          <tr key={i} data-testid="arb-leg">
            <td>{label(i)}</td>
            <OddsCell
              label={`Odds of leg ${i + 1}`}
              value={form.odds[i]}
              onChange={(text) => set({ odds: withOddsAt(form.odds, i, text) })}
            />
            <td data-testid="arb-stake">{result.ok ? formatMoney(result.stakes.stakesCents[i]) : '—'}</td>
            <td>{result.ok ? formatMoney(result.stakes.payoutsCents[i]) : '—'}</td>
            <td className={result.ok && result.stakes.profitsCents[i] < 0 ? 'down' : 'up'}>
              {result.ok ? formatMoney(result.stakes.profitsCents[i]) : '—'}
            </td>
          </tr>
        ))}
      </LegsTable>
      <CalculatorOutcome
        result={result}
        lockedIn={({ stakes }) => ({
          lead: `Total staked ${formatMoney(stakes.totalCents)}`,
          guaranteedCents: stakes.guaranteedProfitCents,
        })}
        addLabel="Add these stakes to the bet slip"
        onAdd={({ stakes, quoted }) => onAddToSlip(stakes.stakesCents, form.odds.map(Number), quoted)}
        onClose={onClose}
      />
    </Modal>
  );
}

/** How the legs are sized: a total split for equal payout, or one leg's stake fixed; and whole-dollar rounding. */
function SizingFields({
  form,
  set,
  legLabels,
}: {
  form: CalculatorForm;
  set: (patch: Partial<CalculatorForm>) => void;
  legLabels: string[];
}) {
  return (
    <>
      <div className="arb-modes" role="radiogroup" aria-label="How to size the legs">
        <label className="checkbox">
          <input type="radio" name="arb-mode" checked={form.mode === 'total'} onChange={() => set({ mode: 'total' })} />{' '}
          Split a total for equal payout
        </label>
        <label className="checkbox">
          <input type="radio" name="arb-mode" checked={form.mode === 'fixed'} onChange={() => set({ mode: 'fixed' })} />{' '}
          Fix one leg’s stake
        </label>
      </div>
      <div className="edge-form">
        {form.mode === 'total' ? (
          <DollarField
            label="Total stake ($)"
            value={form.total}
            onChange={(total) => set({ total })}
            data-testid="arb-total"
          />
        ) : (
          <>
            <label>
              Leg to fix
              <select
                value={form.fixedLeg}
                onChange={(e) => set({ fixedLeg: Number(e.target.value) })}
                data-testid="arb-fixed-leg"
              >
                {legLabels.map((text, i) => (
                  <option key={i} value={i}>
                    {text}
                  </option>
                ))}
              </select>
            </label>
            <DollarField
              label="Stake on that leg ($)"
              value={form.fixedStake}
              onChange={(fixedStake) => set({ fixedStake })}
              data-testid="arb-fixed-stake"
            />
          </>
        )}
      </div>
      <label className="checkbox small">
        <input
          type="checkbox"
          checked={form.roundDollars}
          onChange={(e) => set({ roundDollars: e.target.checked })}
          data-testid="arb-round"
        />{' '}
        Round stakes to whole dollars
      </label>
    </>
  );
}

/**
 * A back/lay's calculator: the back stake and both prices as typed, the lay sized against them with the rule the scanner
 * used (commission on the lay's winnings, and on the back bet's at an exchange), what the exchange holds, and the net
 * result whichever way the outcome goes, each half-up to the cent. The slip takes the back bet at its stake; the lay is
 * placed at the exchange.
 */
function BackLayCalculator({ opportunity, onAddToSlip, onClose }: CalculatorProps) {
  const [back, lay] = opportunity.legs;
  const [form, setForm] = useState({
    odds: [american(back.price), american(lay.price)],
    // the opportunity's total stake is the back stake and the liability together: the form takes the back stake
    total: back.stake.toFixed(2),
  });
  const result = calculateBackLay(form, [back, lay]);
  const selection = betSelectionLabel(back);
  const setOdds = (i: number, text: string) => setForm((f) => ({ ...f, odds: withOddsAt(f.odds, i, text) }));
  const sized = result.ok ? result.sized : null;

  return (
    <Modal title="Arbitrage Calculator" onClose={onClose} testId="arbitrage-calculator">
      <p className="muted small">{opportunity.game} · back and lay</p>
      <div className="edge-form">
        <DollarField
          label="Back stake ($)"
          value={form.total}
          onChange={(total) => setForm((f) => ({ ...f, total }))}
          data-testid="arb-total"
        />
      </div>
      <LegsTable resultColumns={[`Net if ${selection} wins`, 'Net if it does not']}>
        <tr data-testid="arb-leg">
          <td>
            Back at {back.bookTitle}: {selection}
          </td>
          <OddsCell label="Odds of the back bet" value={form.odds[0]} onChange={(text) => setOdds(0, text)} />
          <td data-testid="arb-stake">{result.ok ? formatMoney(result.backStakeCents) : '—'}</td>
          <td rowSpan={2} className={sized && sized.backWinsCents < 0 ? 'down' : 'up'} data-testid="arb-back-wins">
            {sized ? formatMoney(sized.backWinsCents) : '—'}
          </td>
          <td rowSpan={2} className={sized && sized.layWinsCents < 0 ? 'down' : 'up'} data-testid="arb-lay-wins">
            {sized ? formatMoney(sized.layWinsCents) : '—'}
          </td>
        </tr>
        <tr data-testid="arb-leg">
          <td>
            Lay at {lay.bookTitle}: {selection}
            {sized && (
              <span className="muted small" data-testid="arb-liability">
                {' '}
                · {liabilityLabel({ ...lay, liability: sized.liabilityCents / 100 })}
              </span>
            )}
          </td>
          <OddsCell label="Odds of the lay" value={form.odds[1]} onChange={(text) => setOdds(1, text)} />
          <td data-testid="arb-stake">{sized ? formatMoney(sized.layStakeCents) : '—'}</td>
        </tr>
      </LegsTable>
      <CalculatorOutcome
        result={result}
        lockedIn={({ backStakeCents, sized, guaranteedCents }) => ({
          lead: `Back stake ${formatMoney(backStakeCents)} + liability ${formatMoney(sized.liabilityCents)}`,
          guaranteedCents,
        })}
        addLabel="Add the back bet to the bet slip"
        onAdd={({ backStakeCents, sized, quoted }) =>
          onAddToSlip([backStakeCents, sized.layStakeCents], form.odds.map(Number), quoted)
        }
        onClose={onClose}
      />
    </Modal>
  );
}

/** The odds as typed, with leg `i`'s replaced. */
const withOddsAt = (odds: readonly string[], i: number, text: string) => odds.map((o, k) => (k === i ? text : o));

/** The calculated legs, one row each: the bet, its odds, its stake, then what it returns (`resultColumns`). */
function LegsTable({ resultColumns, children }: { resultColumns: readonly string[]; children: ReactNode }) {
  return (
    <table className="legs-table" aria-label="Calculated legs" data-testid="arb-legs">
      <TableHead columns={['Bet', 'Odds (American)', 'Stake', ...resultColumns]} />
      <tbody>{children}</tbody>
    </table>
  );
}

/** A leg's odds, American, as the user types them. */
function OddsCell({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <td>
      <input
        className="odds-input"
        value={value}
        inputMode="numeric"
        aria-label={label}
        onChange={(e) => onChange(e.target.value)}
      />
    </td>
  );
}

/**
 * What a worked-out result locks in (`lockedIn`: what is staked and the guaranteed profit), or why nothing can be worked
 * out; then the calculator's actions, adding only a worked-out result.
 */
function CalculatorOutcome<Worked extends { ok: true; profitPct: number }>({
  result,
  lockedIn,
  addLabel,
  onAdd,
  onClose,
}: {
  result: Worked | { ok: false; message: string };
  lockedIn: (worked: Worked) => { lead: string; guaranteedCents: number };
  addLabel: string;
  onAdd: (worked: Worked) => void;
  onClose: () => void;
}) {
  return (
    <>
      {result.ok ? (
        <LockedProfit {...lockedIn(result)} profitPct={result.profitPct} />
      ) : (
        <FormError message={result.message} />
      )}
      <div className="actions">
        <button
          type="button"
          className="button primary"
          disabled={!result.ok}
          onClick={() => result.ok && onAdd(result)}
        >
          {addLabel}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}

/** "Total staked $100.00 · guaranteed profit $2.10 (2.10%)", and a warning when nothing is locked in. */
function LockedProfit({
  lead,
  guaranteedCents,
  profitPct,
}: {
  lead: string;
  guaranteedCents: number;
  profitPct: number;
}) {
  return (
    <p data-testid="arb-summary" className={guaranteedCents > 0 ? 'up' : 'down'}>
      {lead} · guaranteed profit {formatMoney(guaranteedCents)} ({profitPct.toFixed(2)}%)
      {guaranteedCents <= 0 && ' — no profit is locked in at these stakes and odds'}
    </p>
  );
}
