import { useMemo } from 'react';
import type { Sport } from '@oddspulse/shared';
import { defaultFilters, type OddsFilters } from './filter-settings';
import { FilterFields } from './FilterFields';
import { FilterPanelFrame, useFilterDraft, type FilterSheetProps } from '../../../ui/FilterPanelFrame';
import type { TableMode } from '../rows/rows';

/** The straight bets and props filters (spec 001 §2, §4); Reset returns to the starting books (DECISIONS 36). */
export function FiltersPanel({
  applied,
  onApply,
  sports,
  mode,
  startingBooks,
  ...sheet
}: {
  applied: OddsFilters;
  onApply: (filters: OddsFilters) => void;
  sports: readonly Sport[];
  mode: TableMode;
  startingBooks: readonly string[];
} & FilterSheetProps) {
  const { draft, setDraft, dirty } = useFilterDraft(applied);
  const now = useMemo(() => Date.now(), []);
  return (
    <FilterPanelFrame
      dirty={dirty}
      onApply={() => onApply(draft)}
      onReset={() => setDraft(defaultFilters(startingBooks))}
      {...sheet}
    >
      <FilterFields draft={draft} setDraft={setDraft} sports={sports} mode={mode} now={now} />
    </FilterPanelFrame>
  );
}
