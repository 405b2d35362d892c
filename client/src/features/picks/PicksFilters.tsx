import {
  PICK_PERIODS,
  PICK_SORTS,
  PICK_STATUS_FILTERS,
  type PickPeriod,
  type PickSort,
  type PickStatusFilter,
} from '@oddspulse/shared';
import { ValueSelect } from '../../ui/ValueSelect';

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
      <ValueSelect
        label="Period"
        value={filters.period}
        values={PICK_PERIODS}
        onChange={(period) => onChange({ ...filters, period })}
      />
      <ValueSelect
        label="Status"
        value={filters.status}
        values={PICK_STATUS_FILTERS}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <ValueSelect
        label="Sort by"
        value={filters.sort}
        values={PICK_SORTS}
        onChange={(sort) => onChange({ ...filters, sort })}
      />
    </div>
  );
}
