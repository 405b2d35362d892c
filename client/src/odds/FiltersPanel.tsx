import { useAtom } from 'jotai';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SPORTSBOOKS, type Sport } from '@oddspulse/shared';
import { BottomSheet } from '../components/BottomSheet';
import { useIsMobile } from '../components/useMediaQuery';
import { DatePicker } from './DatePicker';
import { defaultFilters, withSports, type OddsFilters } from './filter-settings';
import { marketLabel } from './labels';
import { MultiSelect } from './MultiSelect';
import { favoriteBooksAtom } from './odds-state';
import { propMarketsForSports } from './prop-markets';
import type { TableMode } from './rows';

/** Sportsbook categories of the dropdown (spec 001 §3). Caesars is williamhill_us in the catalogue. */
export const BOOK_CATEGORIES = [
  { label: 'Popular', values: ['draftkings', 'fanduel', 'betmgm', 'williamhill_us', 'pointsbetus'] },
  { label: 'DFS', values: ['prizepicks', 'underdog', 'pick6', 'dabble_au', 'sleeper'] },
  { label: 'Exchanges', values: ['novig', 'prophetx', 'rebet'] },
  { label: 'Premium', values: ['pinnacle', 'circasports', 'superbook', 'westgate'] },
] as const;

const GAME_MARKET_OPTIONS = [
  'h2h',
  'spreads',
  'totals',
  'team_totals',
  'alternate_spreads',
  'alternate_totals',
  'h2h_q1',
  'spreads_q1',
  'totals_q1',
  'h2h_h1',
  'spreads_h1',
  'totals_h1',
  'draw_no_bet',
];
/** Apply shows a loading state for about 1 s (spec 001 §4). */
const APPLY_MS = 1000;

/** The sportsbooks dropdown: categories and favourites (spec 001 §2, §3). */
export function SportsbookSelect({ selected, onChange }: { selected: readonly string[]; onChange: (books: string[]) => void }) {
  const [favorites, setFavorites] = useAtom(favoriteBooksAtom);
  const bookOptions = SPORTSBOOKS.map((b) => ({
    value: b.key,
    label: b.name,
    group: b.isDFS ? 'DFS' : b.isExchange ? 'Exchange' : b.offshore ? 'Offshore' : undefined,
  }));
  return (
    <MultiSelect
      label="Sportsbooks"
      options={bookOptions}
      selected={selected}
      onChange={onChange}
      categories={BOOK_CATEGORIES}
      favorites={favorites}
      onToggleFavorite={(key) => setFavorites(favorites.includes(key) ? favorites.filter((f) => f !== key) : [...favorites, key])}
    />
  );
}

function FilterFields({
  draft,
  setDraft,
  sports,
  mode,
  now,
}: {
  draft: OddsFilters;
  setDraft: (f: OddsFilters) => void;
  sports: readonly Sport[];
  mode: TableMode;
  now: number;
}) {
  const sportOptions = sports.map((s) => ({ value: s.key, label: s.title, group: s.group }));
  const marketOptions =
    mode === 'props'
      ? propMarketsForSports(draft.sports).map((m) => ({ value: m.key, label: m.title, group: m.category }))
      : GAME_MARKET_OPTIONS.map((m) => ({ value: m, label: marketLabel(m) }));
  return (
    <div className="filter-fields">
      <MultiSelect label="Sports" options={sportOptions} selected={draft.sports} onChange={(values) => setDraft(withSports(draft, values))} />
      <MultiSelect
        label="Markets"
        options={marketOptions}
        selected={mode === 'props' ? draft.propMarkets : draft.markets}
        onChange={(values) => setDraft(mode === 'props' ? { ...draft, propMarkets: values } : { ...draft, markets: values })}
      />
      <SportsbookSelect selected={draft.books} onChange={(books) => setDraft({ ...draft, books })} />
      <DatePicker value={draft.date} onChange={(date) => setDraft({ ...draft, date })} now={now} />
      <label className="field">
        <span className="field-label">Minimum EV %</span>
        <input
          type="number"
          step={0.5}
          aria-label="Minimum EV %"
          value={draft.minEv ?? ''}
          placeholder="Any"
          onChange={(e) => setDraft({ ...draft, minEv: e.target.value === '' ? null : Number(e.target.value) })}
        />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={draft.positiveOnly} onChange={(e) => setDraft({ ...draft, positiveOnly: e.target.checked })} /> Positive EV only
      </label>
    </div>
  );
}

/**
 * The filter panel's frame (spec 001 §2, §4): edits are a draft until Apply, which shows a loading state for
 * about 1 s; Reset restores the defaults. A sidebar on desktop, a bottom sheet titled Filters on mobile.
 * `blocked` holds Apply while an input is invalid.
 */
export function FilterPanelFrame({
  dirty,
  blocked = false,
  onApply,
  onReset,
  mobileOpen,
  onMobileClose,
  children,
}: {
  dirty: boolean;
  blocked?: boolean;
  onApply: () => void;
  onReset: () => void;
  mobileOpen: boolean;
  onMobileClose: () => void;
  children: ReactNode;
}) {
  const isMobile = useIsMobile();
  const [applying, setApplying] = useState(false);
  const apply = () => {
    setApplying(true);
    window.setTimeout(() => {
      onApply();
      setApplying(false);
      if (isMobile) onMobileClose();
    }, APPLY_MS);
  };
  const buttons = (
    <div className="filter-buttons">
      <button type="button" className="button" onClick={onReset}>
        Reset
      </button>
      <button type="button" className="button primary" onClick={apply} disabled={applying || blocked}>
        {applying ? 'Applying...' : 'Apply'}
      </button>
      {dirty && !applying && <span className="muted small">Changes not applied yet</span>}
    </div>
  );
  if (isMobile) {
    return (
      <BottomSheet title="Filters" open={mobileOpen} onClose={onMobileClose} footer={buttons}>
        {children}
      </BottomSheet>
    );
  }
  return (
    <aside className="filters-sidebar card" aria-label="Filters">
      <h2>Filters</h2>
      {children}
      {buttons}
    </aside>
  );
}

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
