// The odds table's row views as they are, counted as they render: `npm run bench:rows` builds the table with this
// module in place of ./OddsRowViews (a Vite alias), so a memoised view keeps its memo and the count is inside it; the
// row cells likewise (counted-cells.tsx in place of ./OddsCells).
import type { ComponentType } from 'react';
import { OddsCard as Card, OddsTableRow as Row } from '../../client/src/features/odds/table/OddsRowViews';
import { counted } from './render-counter';

export const OddsCard: typeof Card = counted(Card, 'count');
export const OddsTableRow: typeof Row = counted(Row, 'count') as typeof Row & ComponentType;
