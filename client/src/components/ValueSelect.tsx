/** A labelled select of plain values, each option shown as the value itself ("7d", "pending", a market side). */
export function ValueSelect<T extends string>({
  label,
  value,
  values,
  onChange,
}: {
  label: string;
  value: T;
  values: readonly T[];
  onChange: (value: T) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        <ValueOptions values={values} />
      </select>
    </label>
  );
}

/** The options of plain values, each shown as the value itself. */
export function ValueOptions({ values }: { values: readonly string[] }) {
  return values.map((option) => (
    <option key={option} value={option}>
      {option}
    </option>
  ));
}
