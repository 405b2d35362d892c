import { formatDollars, type ArbitrageOpportunity } from '@oddspulse/shared';
import { useSetAtom } from 'jotai';
import { addAllToSlip, betSlipAtom, opportunityToSlipItems, useBankroll } from '../bet-slip';
import { useToasts } from '../../state/toasts';
import type { Opportunity } from './opportunity-feed';

/** A scanner's opportunities into the bet slip, as listed (execute) or as the calculator sized them, each said in a toast. */
export function useScannerSlip() {
  const bankroll = useBankroll();
  const setSlip = useSetAtom(betSlipAtom);
  const { show } = useToasts();

  const execute = (o: Opportunity) => {
    setSlip((s) => addAllToSlip(s, opportunityToSlipItems(o), bankroll.cents));
    // spec 001 §5: executing shows that it was added to the bet slip, with the profit or probability
    show(
      'success',
      o.type === 'arbitrage'
        ? `Added to bet slip: ${o.stakedProfitPct.toFixed(2)}% profit (${formatDollars(o.profitAmount)})`
        : `Added to bet slip: ${o.probability.toFixed(0)}% middle probability`,
    );
  };

  /** The calculator's stakes and odds into the bet slip, every leg (DECISIONS 12), each paying at the price it shows. */
  const executeCalculated = (
    o: ArbitrageOpportunity,
    stakesCents: number[],
    americanOdds: number[],
    decimals: number[],
  ) => {
    const legs = o.legs.map((leg, i) => ({
      ...leg,
      price: americanOdds[i],
      decimal: decimals[i],
      stake: stakesCents[i] / 100,
    }));
    // a back/lay's lay is placed at the exchange, not from the slip: count what went in
    const items = opportunityToSlipItems({ ...o, legs });
    setSlip((s) => addAllToSlip(s, items, bankroll.cents));
    show('success', items.length === 1 ? 'Added 1 leg to the bet slip' : `Added ${items.length} legs to the bet slip`);
  };

  return { execute, executeCalculated };
}
