import { useAtom } from 'jotai';
import { useEffect, useId, useMemo, useState } from 'react';
import { CORE_SPORTS } from '@oddspulse/shared';
import { FilterPanelFrame, SportsbookSelect } from '../odds/FiltersPanel';
import { MultiSelect } from '../odds/MultiSelect';
import { appliedFiltersAtom } from '../odds/odds-state';
import {
  ARBITRAGE_FIELDS,
  checkNumber,
  draftErrors,
  FIELD_LABELS,
  FILTER_PANEL_DEFAULTS,
  FILTER_PANEL_RANGES,
  fieldName,
  fieldUnit,
  MIDDLE_FIELDS,
  settingsAsDraft,
  type NumberRange,
  type NumberUnit,
  type ScannerField,
  type ScannerSettings,
} from './scanner-settings';
import { ALL_SCANNER_SPORTS, scannerSettingsAtom, scannerSportsAtom } from './scanner-state';

/**
 * A ranged number input, typed freely: a value outside the range or off the step shows its message and is
 * not passed on (the filter panel holds Apply; the scanner keeps its last good value).
 */
export function RangedNumberInput({
  label,
  name,
  unit,
  value,
  range,
  onChange,
}: {
  label: string;
  /** The value's name in messages ("Minimum profit must be between …"). */
  name: string;
  unit: NumberUnit;
  value: string;
  range: NumberRange;
  onChange: (raw: string, valid: number | null) => void;
}) {
  const id = useId();
  const check = checkNumber(value, range, name, unit);
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        type="number"
        aria-label={label}
        aria-invalid={!check.ok || undefined}
        aria-describedby={check.ok ? undefined : `${id}-error`}
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        onChange={(e) => {
          const next = checkNumber(e.target.value, range, name, unit);
          onChange(e.target.value, next.ok ? next.value : null);
        }}
      />
      {!check.ok && (
        <span className="field-error small" id={`${id}-error`} role="alert">
          {check.message}
        </span>
      )}
    </label>
  );
}

export function ScannerNumberInput({
  field,
  value,
  range,
  onChange,
}: {
  field: ScannerField;
  value: string;
  range: NumberRange;
  onChange: (raw: string, valid: number | null) => void;
}) {
  return <RangedNumberInput label={FIELD_LABELS[field]} name={fieldName(field)} unit={fieldUnit(field)} value={value} range={range} onChange={onChange} />;
}

interface Draft {
  sports: string[];
  books: string[];
  values: Record<ScannerField, string>;
}

/**
 * The filter panel of the arbitrage and middles sections (spec 001 §2, §5): sports, sportsbooks and the
 * scanner's inputs in the filter panel's ranges (minimum profit 0.1–50, max stake 10–10,000 in steps of 10),
 * applied on Apply; Reset restores the filter panel's defaults (minimum profit 2, max stake 100).
 */
export function ScannerFiltersPanel({
  kind,
  defaultBooks,
  mobileOpen,
  onMobileClose,
}: {
  kind: 'arbitrage' | 'middles';
  defaultBooks: readonly string[];
  mobileOpen: boolean;
  onMobileClose: () => void;
}) {
  const [sports, setSports] = useAtom(scannerSportsAtom);
  const [settings, setSettings] = useAtom(scannerSettingsAtom);
  const [applied, setApplied] = useAtom(appliedFiltersAtom);
  const fields = kind === 'arbitrage' ? ARBITRAGE_FIELDS : MIDDLE_FIELDS;
  const current = useMemo<Draft>(() => ({ sports, books: applied.books, values: settingsAsDraft(settings) }), [sports, applied.books, settings]);
  const [draft, setDraft] = useState<Draft>(current);
  useEffect(() => setDraft(current), [current]);
  const errors = draftErrors(draft.values, fields, FILTER_PANEL_RANGES);
  const blocked = Object.keys(errors).length > 0;
  const dirty = JSON.stringify(draft) !== JSON.stringify(current);

  const apply = () => {
    const next: ScannerSettings = { ...settings };
    for (const field of fields) next[field] = Number(draft.values[field]);
    setSports(draft.sports);
    setSettings(next);
    setApplied({ ...applied, books: draft.books });
  };
  const reset = () =>
    setDraft({
      sports: [...ALL_SCANNER_SPORTS],
      books: [...defaultBooks],
      values: { ...draft.values, ...Object.fromEntries(fields.map((f) => [f, String(FILTER_PANEL_DEFAULTS[f])])) },
    });

  return (
    <FilterPanelFrame dirty={dirty} blocked={blocked} onApply={apply} onReset={reset} mobileOpen={mobileOpen} onMobileClose={onMobileClose}>
      <div className="filter-fields">
        <MultiSelect
          label="Sports"
          options={CORE_SPORTS.map((s) => ({ value: s.key, label: s.title, group: s.group }))}
          selected={draft.sports}
          onChange={(next) => setDraft({ ...draft, sports: next })}
        />
        <SportsbookSelect selected={draft.books} onChange={(books) => setDraft({ ...draft, books })} />
        {fields.map((field) => (
          <ScannerNumberInput
            key={field}
            field={field}
            value={draft.values[field]}
            range={FILTER_PANEL_RANGES[field]}
            onChange={(raw) => setDraft({ ...draft, values: { ...draft.values, [field]: raw } })}
          />
        ))}
      </div>
    </FilterPanelFrame>
  );
}
