import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { CORE_SPORTS } from '@oddspulse/shared';
import { FilterPanelFrame, useFilterDraft, type FilterSheetProps } from '../odds/filters/FilterPanelFrame';
import { SportsbookSelect } from '../odds/filters/SportsbookSelect';
import { MultiSelect } from '../odds/filters/MultiSelect';
import { appliedFiltersAtom } from '../odds/odds-state';
import { ALL_SCANNER_SPORTS, scannerSportsAtom } from './scanner-state';

interface Draft {
  sports: string[];
  books: string[];
}

/**
 * The filter panel of the arbitrage and middles sections (spec 001 §2, §5): sports and sportsbooks, applied on
 * Apply; Reset restores every sport and the account's books. The scanner's inputs (minimum profit, max stake,
 * gap, probability) live once, in the scanner panel.
 */
export function ScannerFiltersPanel({
  defaultBooks,
  ...sheet
}: { defaultBooks: readonly string[] } & FilterSheetProps) {
  const [sports, setSports] = useAtom(scannerSportsAtom);
  const [applied, setApplied] = useAtom(appliedFiltersAtom);
  const current = useMemo<Draft>(() => ({ sports, books: applied.books }), [sports, applied.books]);
  const { draft, setDraft, dirty } = useFilterDraft(current);

  const apply = () => {
    setSports(draft.sports);
    setApplied({ ...applied, books: draft.books });
  };
  const reset = () => setDraft({ sports: [...ALL_SCANNER_SPORTS], books: [...defaultBooks] });

  return (
    <FilterPanelFrame dirty={dirty} onApply={apply} onReset={reset} {...sheet}>
      <div className="filter-fields">
        <MultiSelect
          label="Sports"
          options={CORE_SPORTS.map((s) => ({ value: s.key, label: s.title, group: s.group }))}
          selected={draft.sports}
          onChange={(next) => setDraft({ ...draft, sports: next })}
        />
        <SportsbookSelect selected={draft.books} onChange={(books) => setDraft({ ...draft, books })} />
      </div>
    </FilterPanelFrame>
  );
}
