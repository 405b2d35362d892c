import {
  PICK_PERIODS,
  PICK_SORTS,
  PICK_STATUS_FILTERS,
  type PickPeriod,
  type PickSort,
  type PickStatusFilter,
} from '@oddspulse/shared';

export interface PickFilters {
  period: PickPeriod;
  status: PickStatusFilter;
  sort: PickSort;
}

/** The tracker's period, status and sort (spec 002 §9). */
export function PicksFilters({
  filters,
  onChange,
}: {
  filters: PickFilters;
  onChange: (filters: PickFilters) => void;
}) {
  return (
    <div className="picks-filters card" role="group" aria-label="Filters">
      <FilterSelect
        label="Period"
        value={filters.period}
        choices={PICK_PERIODS}
        onChange={(period) => onChange({ ...filters, period })}
      />
      <FilterSelect
        label="Status"
        value={filters.status}
        choices={PICK_STATUS_FILTERS}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <FilterSelect
        label="Sort by"
        value={filters.sort}
        choices={PICK_SORTS}
        onChange={(sort) => onChange({ ...filters, sort })}
      />
    </div>
  );
}

/** One filter: a labelled select of its values, each shown as it is named. */
function FilterSelect<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: T;
  choices: readonly T[];
  onChange: (value: T) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </label>
  );
}
