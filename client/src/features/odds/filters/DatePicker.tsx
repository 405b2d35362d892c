import { useId, useState } from 'react';
import { BottomSheet } from '../../../ui/BottomSheet';
import { useIsMobile } from '../../../ui/hooks/useMediaQuery';
import { dateLabel, dateOptions, dateSheetDone, toggleDateChoice, type DateChoice } from './filters';

/**
 * The date picker (spec 001 §2): All Dates, Live Games, Today and the next 7 days. A select on desktop; below
 * 768 px a bottom sheet titled 'Select Dates' with a Done button, multi-select, where Done keeps only the
 * first choice.
 */
export function DatePicker({
  value,
  onChange,
  now,
}: {
  value: DateChoice;
  onChange: (value: DateChoice) => void;
  now: number;
}) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<DateChoice[]>([]);
  const labelId = useId();
  const options = dateOptions(now);

  if (!isMobile) {
    return (
      <label className="field">
        <span className="field-label">Date</span>
        <select value={value} onChange={(e) => onChange(e.target.value)} aria-label="Date">
          {options.map((o) => (
            <option key={o.value || 'all'} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    );
  }

  const done = () => {
    onChange(dateSheetDone(choices, value));
    setOpen(false);
  };
  return (
    <div className="field">
      <span className="field-label" id={labelId}>
        Date
      </span>
      <button
        type="button"
        className="multi-select-button"
        aria-haspopup="dialog"
        // named by its label and then the dates it shows (WCAG 2.5.3: the visible text is part of the name)
        aria-labelledby={`${labelId} ${labelId}-value`}
        onClick={() => {
          setChoices([]);
          setOpen(true);
        }}
      >
        <span id={`${labelId}-value`}>{dateLabel(value, now)}</span>
      </button>
      <BottomSheet
        title="Select Dates"
        open={open}
        onClose={() => setOpen(false)}
        footer={
          <button type="button" className="button primary" onClick={done}>
            Done
          </button>
        }
      >
        <p className="muted small">Only your first choice is applied.</p>
        <ul className="date-choices" role="listbox" aria-multiselectable="true" aria-label="Dates">
          {options.map((o) => (
            <li key={o.value || 'all'} role="option" aria-selected={choices.includes(o.value)}>
              <label>
                <input
                  type="checkbox"
                  checked={choices.includes(o.value)}
                  onChange={() => setChoices((c) => toggleDateChoice(c, o.value))}
                />{' '}
                {o.label}
                {o.value === value && <span className="muted small"> · current</span>}
              </label>
            </li>
          ))}
        </ul>
      </BottomSheet>
    </div>
  );
}
