import { useBetSlip } from '../../features/bet-slip/bet-slip-state';

/**
 * The bottom bar's bet slip button (on /sportsbooks, below 768 px): where a thumb finds the slip, in the bar rather
 * than floating over the cards, whose Stake and Age it covered. The slip's own button in the page head is hidden then.
 */
export function SlipButton() {
  const [slip, setSlip] = useBetSlip();
  const count = slip.items.length;
  return (
    <button
      type="button"
      className="slip-button"
      aria-label={`Open bet slip (${count})`}
      onClick={() => setSlip((s) => ({ ...s, open: true }))}
    >
      Slip ({count})
    </button>
  );
}
