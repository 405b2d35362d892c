import { formatMoney } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { TabList, tabPanelProps } from '../../ui/TabList';
import { oddsFormatAtom } from '../../state/display-settings';
import {
  canParlay,
  kellyGroups,
  opportunityLegLinks,
  removeFromSlip,
  setMode,
  setStake,
  type KellyGroup,
} from './bet-slip';
import { useBankroll, useBetSlip } from './bet-slip-state';
import { OpenAllLegs } from './OpenAllLegs';
import { SlipFooter } from './SlipFooter';
import { SlipItem } from './SlipItem';
import { SlipSizing } from './SlipSizing';
import { useSlipFocus } from './useSlipFocus';

/**
 * The bet slip panel (spec 001 §2, §4, §5): opened by adding the first bet, single or parlay, sized and validated by
 * the engine. Closed, it is a button where the page places it (on desktop it sits in the page's flow, so it
 * never covers table data; on phones it floats above the bottom bar).
 */
export function BetSlipPanel() {
  const [slip, setSlip] = useBetSlip();
  const bankroll = useBankroll();
  const format = useAtomValue(oddsFormatAtom);
  const tabsId = useId();
  const count = slip.items.length;
  const { toggleRef, panelRef, open, close } = useSlipFocus(slip.open, (isOpen) =>
    setSlip((s) => ({ ...s, open: isOpen })),
  );

  if (!slip.open) {
    return (
      <button
        type="button"
        ref={toggleRef}
        className="button primary bet-slip-toggle"
        onClick={open}
        aria-label={`Open bet slip (${count})`}
      >
        Bet Slip ({count})
      </button>
    );
  }

  // two or more legs of one three-way market are sized together: say so beside them
  const groups = slip.mode === 'single' ? kellyGroups(slip, bankroll.cents) : [];

  return (
    <aside className="bet-slip card" aria-label="Bet slip" data-testid="bet-slip" tabIndex={-1} ref={panelRef}>
      <header className="bet-slip-head">
        <h2>Bet Slip ({count})</h2>
        <button type="button" className="link-button" aria-label="Close bet slip" onClick={close}>
          ×
        </button>
      </header>
      <TabList
        id={tabsId}
        label="Bet type"
        className="tabs slip-modes"
        selected={slip.mode}
        onSelect={(mode) => setSlip((s) => setMode(s, mode))}
        tabs={[
          { value: 'single', label: 'Single' },
          {
            value: 'parlay',
            label: 'Parlay',
            disabled: !canParlay(slip),
            title: canParlay(slip) ? undefined : 'Add 2 or more bets for a parlay',
          },
        ]}
      />
      <div className="slip-panel" {...tabPanelProps(tabsId, slip.mode)}>
        {count === 0 ? (
          <p className="muted">Your bet slip is empty. Add a bet from the odds table.</p>
        ) : (
          <ul className="slip-items">
            {slip.items.map((item) => (
              <SlipItem
                key={item.id}
                item={item}
                mode={slip.mode}
                format={format}
                kellyGroup={groups.find((g) => g.ids.includes(item.id))}
                onRemove={() => setSlip((s) => removeFromSlip(s, item.id))}
                onStake={(cents) => setSlip((s) => setStake(s, item.id, cents))}
              />
            ))}
          </ul>
        )}
        {opportunityLegLinks(slip).map((group) => (
          <OpenAllLegs key={group.opportunityId} legs={group.legs} />
        ))}
        <SlipSizing slip={slip} setSlip={setSlip} bankrollCents={bankroll.cents} format={format} />
        <KellyGroupNotes groups={groups} autoCalculate={slip.autoCalculate} />
        <p className="muted small">
          Bankroll {formatMoney(bankroll.cents)}
          {bankroll.source === 'default' && ` (default: your saved bankroll could not be loaded: ${bankroll.error})`}
        </p>
        <SlipFooter slip={slip} setSlip={setSlip} bankrollCents={bankroll.cents} />
      </div>
    </aside>
  );
}

/** Two or more legs of one three-way market sized together: each group's growth, and how to apply it when not yet. */
function KellyGroupNotes({ groups, autoCalculate }: { groups: KellyGroup[]; autoCalculate: boolean }) {
  return groups.map((group) => (
    <p key={group.key} className="muted small" data-testid="slip-kelly-group">
      {group.ids.length} outcomes of one three-way market sized together (simultaneous Kelly): expected growth{' '}
      {(group.kelly.growth * 100).toFixed(3)}% of bankroll per bet at full Kelly
      {autoCalculate ? '' : ' — turn on Auto-calculate or press "Size with Kelly" to apply it'}.
    </p>
  ));
}
