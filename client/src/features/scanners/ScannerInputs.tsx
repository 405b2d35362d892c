import { useEffect, useState } from 'react';
import { RangedNumberInput, ScannerNumberInput } from './ScannerNumberInput';
import { NOTIFY_RANGES } from './scanner-notify';
import {
  ARBITRAGE_FIELDS,
  MIDDLE_FIELDS,
  SCANNER_RANGES,
  type NumberRange,
  type ScannerField,
  type ScannerKind,
  type ScannerSettings,
} from './scanner-settings';
import type { ScannerNotify } from './useScannerNotify';

/**
 * A scanner input edited in place (the scanner panel's ranges): the typed text is kept while it is invalid,
 * with its message, and a valid value applies at once.
 */
function InlineInput({
  field,
  value,
  range,
  onValid,
}: {
  field: ScannerField;
  value: number;
  range: NumberRange;
  onValid: (v: number) => void;
}) {
  const [raw, setRaw] = useState(String(value));
  useEffect(
    () => setRaw((current) => (Number(current) === value && current.trim() !== '' ? current : String(value))),
    [value],
  );
  return (
    <ScannerNumberInput
      field={field}
      value={raw}
      range={range}
      onChange={(text, valid) => {
        setRaw(text);
        if (valid !== null) onValid(valid);
      }}
    />
  );
}

/** The scanner's inputs, shown here only and applied at once (spec 001 §5, §9), and its browser-notification setting. */
export function ScannerInputs({
  kind,
  inputs,
  onInputs,
  notifications,
}: {
  kind: ScannerKind;
  inputs: ScannerSettings;
  onInputs: (inputs: ScannerSettings) => void;
  notifications: ScannerNotify;
}) {
  const { notify, notifyRaw, setNotifyRaw, saveNotify, toggleNotify } = notifications;
  return (
    <div className="scanner-inputs card">
      {(kind === 'arbitrage' ? ARBITRAGE_FIELDS : MIDDLE_FIELDS).map((field) => (
        <InlineInput
          key={field}
          field={field}
          value={inputs[field]}
          range={SCANNER_RANGES[field]}
          onValid={(v) => onInputs({ ...inputs, [field]: v })}
        />
      ))}
      <label className="checkbox">
        <input type="checkbox" checked={notify.on} onChange={(e) => void toggleNotify(e.target.checked)} />{' '}
        {kind === 'arbitrage' ? 'Notify me of new arbitrage above' : 'Notify me of new middles above'}
      </label>
      <RangedNumberInput
        label={kind === 'arbitrage' ? 'Notify above profit %' : 'Notify above probability %'}
        name={kind === 'arbitrage' ? 'Notification profit' : 'Notification probability'}
        unit="percent"
        value={notifyRaw}
        range={NOTIFY_RANGES[kind]}
        onChange={(raw, valid) => {
          setNotifyRaw(raw);
          if (valid !== null) saveNotify({ ...notify, threshold: valid });
        }}
      />
    </div>
  );
}
