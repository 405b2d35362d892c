import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { addToSlip, betSlipAtom, rowToSlipItem, useBankroll } from '../../bet-slip';
import type { OddsRow } from '../rows/rows';

/** A table's "Add to slip": the row's bet goes on the slip, sized at the user's bankroll; a row with no bet adds nothing. */
export function useAddRowToSlip() {
  const setSlip = useSetAtom(betSlipAtom);
  const bankroll = useBankroll();
  return useCallback(
    (row: OddsRow) => {
      const item = rowToSlipItem(row);
      if (item) setSlip((s) => addToSlip(s, item, bankroll.cents));
    },
    [setSlip, bankroll.cents],
  );
}
