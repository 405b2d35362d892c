import { DEFAULT_STRAIGHT_BET_MARKETS, type Sport } from '@oddspulse/shared';
import { DatePicker } from './DatePicker';
import { withSports, type OddsFilters } from './filter-settings';
import { marketLabel } from '../../../format/bet-labels';
import { MultiSelect } from '../../../ui/MultiSelect';
import { propMarketsForSports } from './prop-markets';
import type { TableMode } from '../rows/rows';
import { SportsbookSelect } from './SportsbookSelect';

/** The markets the straight bets page shows by default, then the period markets. */
const GAME_MARKET_OPTIONS = [
  ...DEFAULT_STRAIGHT_BET_MARKETS,
  'h2h_q1',
  'spreads_q1',
  'totals_q1',
  'h2h_h1',
  'spreads_h1',
  'totals_h1',
  'draw_no_bet',
];
/** The fields of the straight bets and props filters: sports, markets, books, date and EV (spec 001 §2). */
export function FilterFields({
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
      <MultiSelect
        label="Sports"
        options={sportOptions}
        selected={draft.sports}
        onChange={(values) => setDraft(withSports(draft, values))}
      />
      <MultiSelect
        label="Markets"
        options={marketOptions}
        selected={mode === 'props' ? draft.propMarkets : draft.markets}
        onChange={(values) =>
          setDraft(mode === 'props' ? { ...draft, propMarkets: values } : { ...draft, markets: values })
        }
      />
      <SportsbookSelect selected={draft.books} onChange={(books) => setDraft({ ...draft, books })} />
      <DatePicker value={draft.date} onChange={(date) => setDraft({ ...draft, date })} now={now} />
      <MinEvField value={draft.minEv} onChange={(minEv) => setDraft({ ...draft, minEv })} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.positiveOnly}
          onChange={(e) => setDraft({ ...draft, positiveOnly: e.target.checked })}
        />{' '}
        Positive EV only
      </label>
    </div>
  );
}

/** Minimum EV %: empty for any EV. */
function MinEvField({ value, onChange }: { value: number | null; onChange: (value: number | null) => void }) {
  return (
    <label className="field">
      <span className="field-label">Minimum EV %</span>
      <input
        type="number"
        step={0.5}
        aria-label="Minimum EV %"
        value={value ?? ''}
        placeholder="Any"
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
    </label>
  );
}
