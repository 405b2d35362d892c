import { useEffect, useMemo, useState } from 'react';
import type { Sport } from '@oddspulse/shared';
import { defaultFilters, type OddsFilters } from './filter-settings';
import { FilterFields } from './FilterFields';
import { FilterPanelFrame } from './FilterPanelFrame';
import type { TableMode } from '../rows/rows';

/** The straight bets and props filters (spec 001 §2, §4). */
export function FiltersPanel({
  applied,
  onApply,
  sports,
  mode,
  defaultBooks,
  mobileOpen,
  onMobileClose,
}: {
  applied: OddsFilters;
  onApply: (filters: OddsFilters) => void;
  sports: readonly Sport[];
  mode: TableMode;
  defaultBooks: readonly string[];
  mobileOpen: boolean;
  onMobileClose: () => void;
}) {
  const [draft, setDraft] = useState(applied);
  const now = useMemo(() => Date.now(), []);
  useEffect(() => setDraft(applied), [applied]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(applied);
  return (
    <FilterPanelFrame
      dirty={dirty}
      onApply={() => onApply(draft)}
      onReset={() => setDraft(defaultFilters(defaultBooks))}
      mobileOpen={mobileOpen}
      onMobileClose={onMobileClose}
    >
      <FilterFields draft={draft} setDraft={setDraft} sports={sports} mode={mode} now={now} />
    </FilterPanelFrame>
  );
}
