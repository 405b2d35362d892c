import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef } from 'react';
import { useEscapeLayer } from '../components/keyboard/escape-layers';
import { TabList, tabPanelProps } from '../components/TabList';
import { oddsFormatAtom } from '../odds/odds-state';
import { canParlay, kellyGroups, opportunityLegLinks, removeFromSlip, setMode, setStake } from './bet-slip';
import { useBankroll, useBetSlip } from './bet-slip-state';
import { OpenAllLegs } from './OpenAllLegs';
import { SlipFooter } from './SlipFooter';
import { SlipItem } from './SlipItem';
import { SlipSizing } from './SlipSizing';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

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
  // Opened from its button, the slip takes the focus; Escape closes it and the focus goes back to the button
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const focusPanel = useRef(false);
  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = !!panelRef.current?.contains(document.activeElement);
    setSlip((s) => ({ ...s, open: false }));
  };
  useEscapeLayer(slip.open, close);
  useEffect(() => {
    // on a phone the bottom bar's button opens the slip (layout/nav/SlipButton.tsx), and the page's own is hidden
    const barButton = document.querySelector<HTMLElement>('.bottom-bar .slip-button');
    const fromBar = !!barButton && document.activeElement === barButton;
    if (slip.open && (focusPanel.current || fromBar)) panelRef.current?.focus();
    if (!slip.open && returnFocus.current) (barButton?.offsetParent ? barButton : toggleRef.current)?.focus();
    focusPanel.current = false;
    returnFocus.current = false;
  }, [slip.open]);

  if (!slip.open) {
    return (
      <button
        type="button"
        ref={toggleRef}
        className="button primary bet-slip-toggle"
        onClick={() => {
          focusPanel.current = true;
          setSlip((s) => ({ ...s, open: true }));
        }}
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
        {groups.map((group) => (
          <p key={group.key} className="muted small" data-testid="slip-kelly-group">
            {group.ids.length} outcomes of one three-way market sized together (simultaneous Kelly): expected growth{' '}
            {(group.kelly.growth * 100).toFixed(3)}% of bankroll per bet at full Kelly
            {slip.autoCalculate ? '' : ' — turn on Auto-calculate or press "Size with Kelly" to apply it'}.
          </p>
        ))}
        <p className="muted small">
          Bankroll {dollars(bankroll.cents)}
          {bankroll.source === 'default' && ` (default: your saved bankroll could not be loaded: ${bankroll.error})`}
        </p>
        <SlipFooter slip={slip} setSlip={setSlip} bankrollCents={bankroll.cents} />
      </div>
    </aside>
  );
}
