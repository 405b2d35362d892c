// The odds table's row cells as they are, counted as they render (see counted-row-views.tsx): in place of ./OddsCells.
import * as Cells from '../../client/src/features/odds/table/OddsCells';
import { counted } from './render-counter';

export const EvCell = counted(Cells.EvCell, 'cells');
export const MatchCell = counted(Cells.MatchCell, 'cells');
export const LineCell = counted(Cells.LineCell, 'cells');
export const BookCell = counted(Cells.BookCell, 'cells');
export const OddsCell = counted(Cells.OddsCell, 'cells');
export const DevigCell = counted(Cells.DevigCell, 'cells');
export const HoldCell = counted(Cells.HoldCell, 'cells');
