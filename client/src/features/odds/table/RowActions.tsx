import { memo, useEffect, useState } from 'react';
import { AddToPicksButton, rowToSlipItem } from '../../bet-slip';
import type { RowViewProps } from './OddsRowCells';

/**
 * An open row's actions: add it to the bet slip (saying so for a moment), to My Picks, or open the edge calculator.
 * Memoised: the open row renders with every tick, its actions only when the row itself changed.
 */
export const RowActions = memo(function RowActions({
  row,
  onAddToSlip,
  onEdge,
}: Pick<RowViewProps, 'row' | 'onAddToSlip' | 'onEdge'>) {
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(false), 1500);
    return () => window.clearTimeout(timer);
  }, [added]);
  const item = rowToSlipItem(row);
  return (
    <div className="row-actions" onClick={(e) => e.stopPropagation()}>
      <button
        type="button"
        className="button small primary"
        onClick={() => {
          onAddToSlip(row);
          setAdded(true);
        }}
      >
        {added ? 'Added!' : 'Add to Bet Slip'}
      </button>
      {item && <AddToPicksButton item={item} />}
      <button type="button" className="button small" onClick={() => onEdge(row)}>
        Edge Calculator
      </button>
    </div>
  );
});
