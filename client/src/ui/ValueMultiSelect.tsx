import { ValueOptions, ValueSelect } from './ValueSelect';

/** ValueSelect's props for several values at once: the values selected, and what changes them. */
type ValueMultiSelectProps = Omit<Parameters<typeof ValueSelect<string>>[0], 'value' | 'onChange'> & {
  value: readonly string[];
  onChange: (selected: string[]) => void;
};

/** A labelled select of several plain values at once (four rows high); `onChange` gets them in list order. */
export function ValueMultiSelect({ label, value, values, names, onChange }: ValueMultiSelectProps) {
  return (
    <label>
      {label}
      <select
        multiple
        size={4}
        value={value}
        onChange={(e) => onChange([...e.target.selectedOptions].map((option) => option.value))}
      >
        <ValueOptions values={values} names={names} />
      </select>
    </label>
  );
}
