// The odds table's row views as they are, counted as they render: `npm run bench:rows` builds the table with this
// module in place of ./OddsRowViews (a Vite alias), so a memoised view keeps its memo and the count is inside it.
import type { ComponentType } from 'react';
import { OddsCard as Card, OddsTableRow as Row } from '../../client/src/odds/table/OddsRowViews';

export const renders = { count: 0 };

type View = (props: never) => unknown;
const count = (render: View) => (props: never) => {
  renders.count++;
  return render(props);
};
const counted = <T,>(view: T): T =>
  (typeof view === 'function' ? count(view as View) : { ...(view as { type: View }), type: count((view as { type: View }).type) }) as T;

export const OddsCard: typeof Card = counted(Card);
export const OddsTableRow: typeof Row = counted(Row) as typeof Row & ComponentType;
