import { useId } from 'react';
import { fieldErrorAria } from '../../ui/FormError';
import {
  checkNumber,
  FIELD_LABELS,
  fieldName,
  fieldUnit,
  type NumberRange,
  type NumberUnit,
  type ScannerField,
} from './scanner-settings';

/**
 * A ranged number input, typed freely: a value outside the range or off the step shows its message and is
 * not passed on (the scanner keeps its last good value).
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
        {...fieldErrorAria(`${id}-error`, check.ok ? null : check.message)}
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
  return (
    <RangedNumberInput
      label={FIELD_LABELS[field]}
      name={fieldName(field)}
      unit={fieldUnit(field)}
      value={value}
      range={range}
      onChange={onChange}
    />
  );
}
