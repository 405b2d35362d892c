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
      <label>
        Period
        <select value={filters.period} onChange={(e) => onChange({ ...filters, period: e.target.value as PickPeriod })}>
          {PICK_PERIODS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.target.value as PickStatusFilter })}
        >
          {PICK_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        Sort by
        <select value={filters.sort} onChange={(e) => onChange({ ...filters, sort: e.target.value as PickSort })}>
          {PICK_SORTS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
